import type { UserPlanDataT } from '@agendo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { DB, Dialect } from './db/database.ts';
import type { SaleRow } from './db/tables/bookings.ts';
import type { Mailer } from './kernel/mailer.ts';
import type { ReferenceData } from './kernel/reference-data.ts';
import type { FoundSession } from './kernel/session.ts';
import type { Outbound } from './lib/outbound.ts';
import type { AfipGateway } from './providers/afip/afip-gateway.ts';
import type { CalendarProviders } from './providers/calendars/calendar-providers.ts';
import type { EventBus } from './providers/event-bus/event-bus.ts';
import type { GeoIp } from './providers/geoip/geoip.ts';
import type { ProviderName } from './providers/payments/payment-provider.ts';
import type { PaymentProviders } from './providers/payments/payment-providers.ts';
import type { PlanCards } from './providers/plan-billing/plan-billing-port.ts';
import type { PushSender } from './providers/push/web-push-sender.ts';
import type { RateLimiter } from './providers/rate-limit/rate-limiter.ts';
import type { FileStorage } from './providers/storage/disk-storage.ts';

/**
 * What a settled sale unlocks belongs to the slice that sold it (a booking confirms its slot, a
 * module opens its lessons). Each slice hands its settlement to app.ts, which puts them in
 * `deps.settlements`: the sales slice calls them without importing the slices above it. Both
 * run inside the caller's transaction. 'slot-lost': a booking paid after its hold lost the slot.
 */
export interface SaleSettlement {
  paid(deps: AppDeps, db: DB, sale: SaleRow): Promise<'settled' | 'slot-lost'>;
  refunded(deps: AppDeps, db: DB, sale: SaleRow): Promise<void>;
}
export type SaleSettlements = Partial<Record<SaleRow['kind'], SaleSettlement>>;

/**
 * How the dispatcher and the socket route find the caller's session. The auth slice owns
 * sessions and sits above `rpc.ts`, so app.ts hands its lookup in here (ADR 019).
 */
export interface SessionLookup {
  find(deps: AppDeps, token: string): Promise<FoundSession | null>;
  /** Refreshes the idle timer of a session just used. */
  touch(deps: AppDeps, session: FoundSession): Promise<unknown>;
}

/**
 * What the slices below plans ask of it (a professional's plan fields in their own data, a
 * booking counted against the free plan, the free plan's publication limit): the plans slice
 * sits above bookings and catalogue, so app.ts hands its rules in here (ADR 019).
 */
export interface PlanRules {
  view(deps: AppDeps, db: DB, userId: number): Promise<UserPlanDataT>;
  /** Inside the booking's transaction. */
  countBookingUse(deps: AppDeps, tx: DB, professionalId: number): Promise<void>;
  /** Refuses (E-code) a new or resumed publication past the free plan's limit. */
  checkFreePostLimit(deps: AppDeps, db: DB, userId: number): Promise<void>;
}

export type RefundOutcome = 'done' | 'failed' | 'flagged' | 'skipped';

/**
 * The refund a cancelled booking brings. The payments slice owes and issues refunds and sits
 * above bookings (it checks out held bookings), so app.ts hands them in here (ADR 019).
 */
export interface Refunds {
  /**
   * Records the refund owed for the approved card payment of a sale, in the caller's
   * transaction; its id, or null when the sale has no approved card payment.
   */
  oweForSale(deps: AppDeps, tx: DB, saleId: number): Promise<number | null>;
  /** One attempt at a pending refund, after the owing transaction committed. */
  attempt(deps: AppDeps, refundId: number): Promise<RefundOutcome>;
}

/** The card step of a sale, as the sales slice asks the payments slice for it (see SalePayments). */
export interface SalePaymentRequest {
  saleId: number;
  payerId: number;
  amountMinor: number;
  currency: string;
  provider: ProviderName;
  description: string;
  returnPath: (paymentRef: string) => string;
}
export interface StartedSalePayment {
  paymentRef: string;
  provider: ProviderName;
  checkoutUrl: string;
  sandbox: boolean;
}

/** Starts a card payment of a sale: payments sits above sales (it settles sales), ADR 019. */
export interface SalePayments {
  start(deps: AppDeps, sale: SalePaymentRequest): Promise<StartedSalePayment>;
}

/** The account being closed, as each slice's step sees it. */
export interface ClosingAccount {
  id: number;
  ref: string;
  userType: 1 | 2;
}

/**
 * What one slice does when an account closes (issue 27): its plan stops charging, its keys and
 * tokens stop working, its future bookings are cancelled, its sessions and sockets end. Each
 * slice brings its step; app.ts lists them in `deps.accountClosing` (as `settlements` for
 * sales), and the legal slice runs them all, in that order, before it anonymises the account:
 * a step that fails stops the deletion, which can then be asked for again, so every step must
 * be safe to run twice. What the law keeps (invoices, clinical records) is no step's business.
 */
export interface AccountClosingStep {
  /** Names the step in logs. */
  name: string;
  close(deps: AppDeps, account: ClosingAccount): Promise<void>;
}

/** What handlers and services may use; built once in app.ts, swapped in tests. */
export interface AppDeps {
  config: AppConfig;
  db: DB;
  dialect: Dialect;
  mail: Mailer;
  limiter: RateLimiter;
  /** Real-time events to whichever instance holds the recipient's socket (issue 17). */
  bus: EventBus;
  /** Web push to the devices that subscribed (issue 17); the notifications service uses it. */
  push: PushSender;
  /** The one outbound HTTP client (issue 28): public addresses only, imitations allow-listed. */
  outbound: Outbound;
  storage: FileStorage;
  geoip: GeoIp;
  reference: ReferenceData;
  /** Card providers by name (sandbox imitations unless keys are configured). */
  payments: PaymentProviders;
  /** The card that pays a professional's plan: Stripe and Mercado Pago, or their imitation (issue 16). */
  planCards: PlanCards;
  /** AFIP's web services (or their offline imitation), per taxpayer (issue 15). */
  afip: AfipGateway;
  /** Calendar and video providers to link (issue 18), real or their offline imitation. */
  calendars: CalendarProviders;
  /** What a paid or refunded sale unlocks, by sale kind (each selling slice brings its own). */
  settlements: SaleSettlements;
  /** The auth slice's session lookup (see SessionLookup). */
  sessions: SessionLookup;
  /** What each slice does when an account closes, run in this order (see AccountClosingStep). */
  accountClosing: readonly AccountClosingStep[];
  /** The plans slice's rules for the slices below it (see PlanRules). */
  plans: PlanRules;
  /** The payments slice's refunds, for a cancelled booking (see Refunds). */
  refunds: Refunds;
  /** The payments slice's card step, for a balance payment (see SalePayments). */
  salePayments: SalePayments;
  /** The current instant; tests move it to check expiry. */
  now(): Date;
  log: FastifyBaseLogger;
}
