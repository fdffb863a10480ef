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

export interface PlansTables {
  plan_subscriptions: PlanSubscriptionsTable;
  plan_prices: PlanPricesTable;
}
