import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import type { AfipEnvironment } from '../../db/tables/afip.ts';
import { type AfipImitation, createAfipImitation } from './afip-imitation.ts';
import { type AfipCredentials, AfipFault, type AfipInvoicing } from './afip-port.ts';
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

/** `tickets`: where WSAA's login tickets are shared by every instance (the invoicing slice keeps them). */
export function createAfipGateway(config: AppConfig, tickets: TicketStore, now: () => Date): AfipGateway {
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
  return {
    environment,
    imitation,
    forTaxpayer: (credentials) => createAfipWebServices({ endpoints, credentials, tickets, now }),
    close: async () => {
      await imitation?.close();
    },
  };
}
