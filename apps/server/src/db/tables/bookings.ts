import type { Generated, Selectable } from 'kysely';

/** Tables of the bookings slice (the `bookings` table itself is merged in by availability). */
export interface BookingsTables {
  sales: SalesTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payouts: PayoutsTable;
  payment_refunds: PaymentRefundsTable;
  coupons: CouponsTable;
  bank_accounts: BankAccountsTable;
  payment_options: PaymentOptionsTable;
  seller_gateways: SellerGatewaysTable;
  booking_ratings: BookingRatingsTable;
  booking_remarks: BookingRemarksTable;
  calendar_feeds: CalendarFeedsTable;
}

/**
 * held: a temporary booking (cart) that keeps the slot until hold_expires_at;
 * pending: booked, waiting for payment or for the price confirmation;
 * confirmed: booked and settled enough to happen; done: marked done by the professional;
 * cancelled: cancelled, voided or expired (cancel_reason says which).
 */
export type BookingState = 'held' | 'pending' | 'confirmed' | 'done' | 'cancelled';

/**
 * An appointment: a booked (or held) interval of a professional's time. Created in 0004 so
 * availability could subtract it; 0009 added the appointment columns. Money is minor units.
 */
export interface BookingsTable {
  id: Generated<number>;
  ref: string;
  publication_id: number;
  professional_id: number;
  client_id: number | null;
  contact_id: number | null;
  /** UTC ISO-8601. */
  starts_at: string;
  ends_at: string;
  state: BookingState;
  /** A 'held' booking counts only while this instant is in the future. */
  hold_expires_at: string | null;
  seats: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Snapshot of the publication title and duration at booking time. */
  title: Generated<string>;
  duration: Generated<number>;
  /** 1 online, 2 in person (the chosen one when the publication offers both). */
  modality_id: Generated<number>;
  /** What the client pays, after coupon; original_price_minor before it. */
  price_minor: Generated<number>;
  original_price_minor: Generated<number>;
  discount_minor: Generated<number>;
  currency: Generated<string>;
  coupon_id: number | null;
  /** spec 000 §3 pay: 1 once paid. */
  pay: Generated<number>;
  /** card | cash | transfer | free | manual, once chosen. */
  pay_method: string | null;
  pay_cash: Generated<number>;
  pay_card: Generated<number>;
  hide_price: Generated<number>;
  no_price: Generated<number>;
  /** spec 000 §4 manual price confirmation: 0 waiting for the professional, 1 waiting for the client. */
  price_prof_ok: Generated<number>;
  /** The client must confirm the price before this instant, else the appointment is voided. */
  price_confirm_deadline: string | null;
  create_by_prof: Generated<number>;
  recurrent: Generated<number>;
  /** Shared by the appointments of one weekly recurring series. */
  series_ref: string | null;
  client_time_zone: string | null;
  sale_id: number | null;
  done_at: string | null;
  paid_at: string | null;
  cancelled_at: string | null;
  cancelled_by: number | null;
  /** client | professional | expired | price-declined | price-expired | series-deleted */
  cancel_reason: string | null;
  reschedule_count: Generated<number>;
  reminder_sent_at: string | null;
  announced_at: string | null;
}

/** A sale as read; here rather than in the sales slice because `deps.ts` names it (settlements). */
export type SaleRow = Selectable<SalesTable>;

/** One sale of anything (ROADMAP: bookings now; modules, plans and balances later). */
export interface SalesTable {
  id: Generated<number>;
  ref: string;
  /**
   * 'balance': a debt recorded without an appointment; 'balance-payment': a client's card
   * payment toward what they owe the seller (its money pays their debts once approved).
   */
  kind: 'booking' | 'module' | 'plan' | 'balance' | 'balance-payment';
  seller_id: number;
  buyer_id: number | null;
  contact_id: number | null;
  booking_id: number | null;
  /** kind 'module': the module purchase it pays (0011). */
  module_purchase_id: Generated<number | null>;
  description: string;
  amount_minor: number;
  discount_minor: Generated<number>;
  currency: string;
  method: 'card' | 'cash' | 'transfer' | 'free' | 'manual';
  state: 'pending' | 'paid' | 'refunded' | 'void';
  provider: string | null;
  coupon_id: number | null;
  created_at: string;
  paid_at: string | null;
  updated_at: string;
  /** 0012: the platform commission in basis points and minor units, frozen when paid. */
  commission_bp: Generated<number | null>;
  commission_minor: Generated<number | null>;
  /** 0012: the payout (cashout) that released this paid card sale to the seller. */
  payout_id: Generated<number | null>;
  /** 0019: 1 when paid by card into the professional's own gateway account (their keys). */
  own_gateway: Generated<number>;
  /**
   * 0020, kept by triggers (never written by code): the sales table's consultation date, 0 when
   * the table does not list the sale, the folded client name it sorts by, and the folded text
   * its search reads (migrations/0020-billing-search.ts).
   */
  consult_at: Generated<string>;
  listed: Generated<number>;
  client_key: Generated<string>;
  search_text: Generated<string>;
}

/** 0012: paid card sales released together to their seller after the holding period. */
export interface PayoutsTable {
  id: Generated<number>;
  ref: string;
  seller_id: number;
  currency: string;
  amount_minor: number;
  sales_count: number;
  created_at: string;
}

/** One attempt to collect a sale through a payment provider (hosted checkout). */
export interface PaymentsTable {
  id: Generated<number>;
  ref: string;
  sale_id: number;
  provider: string;
  provider_payment_id: string | null;
  amount_minor: number;
  currency: string;
  state: 'created' | 'approved' | 'declined' | 'refunded' | 'expired';
  return_url: string;
  checkout_url: string | null;
  created_at: string;
  updated_at: string;
  /** 0019: the professional's own keys (seller_gateways) that created it; null for the platform's. */
  seller_gateway_id: Generated<number | null>;
}

/** Webhook events already applied, by provider event id (idempotency). */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  payment_id: number | null;
  type: string;
  received_at: string;
}

export type RefundState = 'pending' | 'done' | 'flagged';

/**
 * A refund owed for one payment (0015): pending until the provider confirms it (done), or
 * flagged for the professional after the last attempt failed. Money is minor units.
 */
export interface PaymentRefundsTable {
  id: Generated<number>;
  ref: string;
  payment_id: number;
  sale_id: number;
  provider: string;
  amount_minor: number;
  currency: string;
  state: RefundState;
  attempts: Generated<number>;
  /** UTC ISO-8601: when the timed work may try again (also the lease of an attempt in flight). */
  next_attempt_at: string;
  last_error: string | null;
  provider_refund_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface CouponsTable {
  id: Generated<number>;
  ref: string;
  user_id: number;
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  currency: string | null;
  valid_from: string;
  valid_to: string;
  usage_limit: number | null;
  used_count: Generated<number>;
  created_at: string;
  deleted_at: string | null;
}

/** spec 000 §3 "Bank data for price confirmation"; the sales slice's bank form edits the same row. */
export interface BankAccountsTable {
  user_id: number;
  country_id: number;
  first_name: string;
  last_name: string;
  account_type: string | null;
  bank_name: string;
  /** The bank's code in the country's list (0012); null when the name was typed (price confirmation). */
  bank_code: Generated<string | null>;
  currency: string;
  account: string;
  alias: string | null;
  updated_at: string;
}

export interface BookingRatingsTable {
  id: Generated<number>;
  booking_id: number;
  author_id: number;
  role: 'client' | 'professional';
  stars: number;
  comment: string | null;
  created_at: string;
}

export interface BookingRemarksTable {
  id: Generated<number>;
  booking_id: number;
  author_id: number;
  role: 'client' | 'professional';
  text: string;
  created_at: string;
}

export interface CalendarFeedsTable {
  user_id: number;
  token_hash: string;
  /** The secret of the feed's address (0010), shown again to its owner; lookups use the hash. */
  token: string | null;
  created_at: string;
}

/** spec 002 §3 "Payment options per user" (0015): 1 on, 0 off. */
export interface PaymentOptionsTable {
  user_id: number;
  pay_card: number;
  pay_cash: number;
  pay_money: number;
  notify_debt: number;
  updated_at: string;
}

/**
 * A professional's own gateway keys (0016, 0019), sealed with KEY_ENCRYPTION_KEY; pasarela 3
 * Mercado Pago, 4 PayPal. Never overwritten: new keys retire the live row (retired_at) and add
 * another, so a payment keeps the keys that created it. `ref` names the account in its webhook URL.
 */
export interface SellerGatewaysTable {
  id: Generated<number>;
  ref: string;
  user_id: number;
  pasarela: number;
  public_key_sealed: string;
  secret_key_sealed: string;
  created_at: string;
  retired_at: string | null;
}
