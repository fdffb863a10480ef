import type { Handler } from '../../rpc.ts';

export const catalogueHandlers: Handler[] = [];
