import type { Handler } from '../../rpc.ts';

export const bookingsHandlers: Handler[] = [];
