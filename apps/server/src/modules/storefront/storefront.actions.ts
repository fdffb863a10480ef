import type { Handler } from '../../rpc.ts';

export const storefrontHandlers: Handler[] = [];
