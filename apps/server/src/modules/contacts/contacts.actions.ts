import type { Handler } from '../../rpc.ts';

export const contactsHandlers: Handler[] = [];
