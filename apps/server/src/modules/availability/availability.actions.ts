import type { Handler } from '../../rpc.ts';

export const availabilityHandlers: Handler[] = [];
