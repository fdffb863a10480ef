import type { DB } from '../../db/database.ts';
import type { AfipEnvironment } from '../../db/tables/afip.ts';
import type { AfipService } from '../../providers/afip/afip-port.ts';
import type { TicketStore } from '../../providers/afip/afip-web-services.ts';
import { readAfipTicket, saveAfipTicket } from './afip.repository.ts';

/**
 * WSAA's login tickets in afip_tickets, shared by every instance: AFIP refuses a second login
 * while a ticket lives. app.ts hands this store to the AFIP gateway, which only speaks the protocol.
 */
export function databaseTickets(db: DB, environment: AfipEnvironment): TicketStore {
  return {
    async read(cuit: string, service: AfipService) {
      const row = await readAfipTicket(db, environment, cuit, service);
      return row ? { token: row.token, sign: row.sign, expiresAt: new Date(row.expiresAt) } : null;
    },
    async save(cuit, service, ticket) {
      await saveAfipTicket(db, {
        environment,
        cuit,
        service,
        token: ticket.token,
        sign: ticket.sign,
        expiresAt: ticket.expiresAt.toISOString(),
      });
    },
  };
}
