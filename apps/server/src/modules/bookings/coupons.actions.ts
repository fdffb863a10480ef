import type { Handler } from '../../rpc.ts';

export const couponsHandlers: Handler[] = [];
