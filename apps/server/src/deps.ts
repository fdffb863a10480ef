import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { DB, Dialect } from './db/database.ts';
import type { Mailer } from './modules/notifications/notifications.service.ts';
import type { ReferenceData } from './modules/reference/reference.service.ts';
import type { SaleSettlements } from './modules/sales/settle-sale.ts';
import type { GeoIp } from './providers/geoip/geoip.ts';
import type { PaymentProviders } from './providers/payments/payment-providers.ts';
import type { RateLimiter } from './providers/rate-limit/rate-limiter.ts';
import type { FileStorage } from './providers/storage/disk-storage.ts';

/** What handlers and services may use; built once in app.ts, swapped in tests. */
export interface AppDeps {
  config: AppConfig;
  db: DB;
  dialect: Dialect;
  mail: Mailer;
  limiter: RateLimiter;
  storage: FileStorage;
  geoip: GeoIp;
  reference: ReferenceData;
  /** Card providers by name (sandbox imitations unless keys are configured). */
  payments: PaymentProviders;
  /** What a paid or refunded sale unlocks, by sale kind (each selling slice brings its own). */
  settlements: SaleSettlements;
  /** The current instant; tests move it to check expiry. */
  now(): Date;
  log: FastifyBaseLogger;
}
