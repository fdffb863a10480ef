import type { Handler } from '../../rpc.ts';

export const searchHandlers: Handler[] = [];
