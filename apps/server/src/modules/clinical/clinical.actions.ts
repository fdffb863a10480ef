import type { Handler } from '../../rpc.ts';

export const clinicalHandlers: Handler[] = [];
