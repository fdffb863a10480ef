import type { Handler } from '../../rpc.ts';

export const bookingPanelHandlers: Handler[] = [];
