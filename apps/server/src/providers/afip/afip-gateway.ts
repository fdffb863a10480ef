import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import type { DB } from '../../db/database.ts';
import type { AfipEnvironment } from '../../db/tables/afip.ts';
import { readAfipTicket, saveAfipTicket } from './afip.repository.ts';
import { type AfipImitation, createAfipImitation } from './afip-imitation.ts';
import { type AfipCredentials, AfipFault, type AfipInvoicing, type AfipService } from './afip-port.ts';
import {
  type AfipEndpoints,
  afipEndpoints,
  createAfipWebServices,
  type TicketStore,
} from './afip-web-services.ts';

/**
 * Which AFIP the app talks to (config.afip): homologation, production, or the offline imitation
 * (the default outside production; config.ts refuses it in production). Always through the same
 * real SOAP adapter; only the endpoints differ.
 */
export interface AfipGateway {
  environment: AfipEnvironment;
  /** The imitation, for its certificate administrator (demo, seed, tests); null against AFIP. */
  imitation: AfipImitation | null;
  /** The port for one taxpayer's certificate. */
  forTaxpayer(credentials: AfipCredentials): AfipInvoicing;
  close(): Promise<void>;
}

/** The login tickets in afip_tickets, shared by every instance. */
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

export function createAfipGateway(config: AppConfig, db: DB, now: () => Date): AfipGateway {
  const { environment } = config.afip;
  if (environment === 'imitacion' && config.env === 'production') {
    // Only reachable by building a config in code (benchmarks): configFromEnv refuses it. The
    // imitation is never started in production; every call fails instead.
    return {
      environment,
      imitation: null,
      forTaxpayer() {
        throw new AfipFault('not-configured', 'AFIP no está configurado (AFIP_ENV)');
      },
      close: async () => {},
    };
  }
  const imitation =
    environment === 'imitacion'
      ? createAfipImitation({ now, stateDir: path.join(config.dataDir, 'afip-imitation') })
      : null;
  const endpoints = async (): Promise<AfipEndpoints> => {
    const base = imitation
      ? await imitation.endpoints()
      : afipEndpoints[environment as 'homologacion' | 'produccion'];
    return { ...base, ...config.afip.endpoints };
  };
  const tickets = databaseTickets(db, environment);
  return {
    environment,
    imitation,
    forTaxpayer: (credentials) => createAfipWebServices({ endpoints, credentials, tickets, now }),
    close: async () => {
      await imitation?.close();
    },
  };
}
