import type { Handler } from '../../rpc.ts';

export const paymentsHandlers: Handler[] = [];
