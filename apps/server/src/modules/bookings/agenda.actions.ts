import type { Handler } from '../../rpc.ts';

export const agendaHandlers: Handler[] = [];
