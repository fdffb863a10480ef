import type { AppConfig } from '../../config.ts';
import type { AfipEnvironment } from '../../db/tables/afip.ts';
import { lazy } from '../../lib/lazy.ts';
import type { Outbound } from '../../lib/outbound.ts';
import type { AfipImitation } from './afip-imitation.ts';
import { type AfipCredentials, AfipFault, type AfipInvoicing } from './afip-port.ts';
import {
  type AfipEndpoints,
  afipEndpoints,
  createAfipWebServices,
  type TicketStore,
} from './afip-web-services.ts';

/**
 * Which AFIP the app talks to (config.afip): homologation, production, or the offline imitation
 * (the default outside production; config.ts refuses it in production, and only the development
 * plugin starts it). Always through the same real SOAP adapter; only the endpoints differ.
 */
export interface AfipGateway {
  environment: AfipEnvironment;
  /** The imitation, for its certificate administrator (demo, seed, tests); null against AFIP. */
  imitation: AfipImitation | null;
  /** The port for one taxpayer's certificate. */
  forTaxpayer(credentials: AfipCredentials): AfipInvoicing;
  close(): Promise<void>;
}

/**
 * `tickets`: where WSAA's login tickets are shared by every instance (the invoicing slice keeps
 * them). `imitation` is started by the development plugin (dev/dev-plugin.ts), never in
 * production; without it, 'imitacion' (only reachable in production by a config built in code,
 * benchmarks: configFromEnv refuses it) fails every call instead.
 */
export function createAfipGateway(
  config: AppConfig,
  tickets: TicketStore,
  now: () => Date,
  imitation: AfipImitation | null,
  outbound: Outbound,
): AfipGateway {
  const { environment } = config.afip;
  if (environment === 'imitacion' && !imitation) {
    return {
      environment,
      imitation: null,
      forTaxpayer() {
        throw new AfipFault('not-configured', 'AFIP no está configurado (AFIP_ENV)');
      },
      close: async () => {},
    };
  }
  // Against homologation or production AFIP an imitation handed over is not used.
  const imitated = environment === 'imitacion' ? imitation : null;
  const endpoints = async (): Promise<AfipEndpoints> => {
    const base = imitated
      ? await imitated.endpoints()
      : afipEndpoints[environment as 'homologacion' | 'produccion'];
    return { ...base, ...config.afip.endpoints };
  };
  // The imitation listens on 127.0.0.1: only this gateway's view of the client reaches it.
  const http = imitated
    ? lazy(async () => outbound.trusting([(await imitated.endpoints()).wsaa]))
    : async () => outbound;
  return {
    environment,
    imitation: imitated,
    forTaxpayer: (credentials) => createAfipWebServices({ endpoints, credentials, tickets, now, http }),
    close: async () => {
      await imitated?.close();
    },
  };
}
