import type { Generated } from 'kysely';

/** 0023: one per professional (see the migration). Instants are ISO UTC strings. */
export interface PlanSubscriptionsTable {
  user_id: number;
  plan_id: number;
  duration: number;
  trial_ends_at: string | null;
  trial_done: Generated<number>;
  selected_plan: number | null;
  selected_duration: number | null;
  period_start: string;
  period_end: string;
  cycle_start: string;
  cycle_end: string;
  uses: Generated<number>;
  gift_uses: Generated<number>;
  gift_taken: Generated<number>;
  block_use: Generated<number>;
  amount_due_minor: Generated<number>;
  due_currency: string | null;
  updated_at: string;
  /** 0029: 1 once a plan charge failed its last retry (lifted by a paid charge). */
  payment_blocked: Generated<number>;
}

export interface PlanPricesTable {
  id: Generated<number>;
  country_id: number;
  plan_id: number;
  duration: number;
  currency: string;
  amount_minor: number;
  updated_at: string;
}

/** 0029: the card that pays the plan (see the migration). */
export interface PlanCardsTable {
  user_id: number;
  provider: 'stripe' | 'mercadopago';
  state: 'pending' | 'linked' | 'rejected';
  setup_id: string | null;
  customer_id: string | null;
  method_id: string | null;
  last_four: string | null;
  message: string | null;
  created_at: string;
  updated_at: string;
}

export interface PlanChargesTable {
  id: Generated<number>;
  ref: string;
  user_id: number;
  sale_id: number;
  amount_minor: number;
  currency: string;
  state: 'pending' | 'approved' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string | null;
  last_error: string | null;
  provider: string | null;
  provider_charge_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface PlanBillingEventsTable {
  provider: string;
  event_id: string;
  created_at: string;
}

/** 0036: what a Mercado Pago preapproval should be, until Mercado Pago has taken it (see the migration). */
export interface PlanPreapprovalSyncsTable {
  preapproval_id: string;
  user_id: number;
  status: 'authorized' | 'paused' | 'cancelled';
  amount_minor: number | null;
  currency: string | null;
  version: Generated<number>;
  state: 'pending' | 'done' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string | null;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface PlansTables {
  plan_subscriptions: PlanSubscriptionsTable;
  plan_prices: PlanPricesTable;
  plan_cards: PlanCardsTable;
  plan_charges: PlanChargesTable;
  plan_billing_events: PlanBillingEventsTable;
  plan_preapproval_syncs: PlanPreapprovalSyncsTable;
}
