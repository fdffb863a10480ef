import { z } from 'zod';

const Flag = z.union([z.literal(0), z.literal(1)]);
export const PlanIdSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export const PlanDurationSchema = z.union([z.literal(30), z.literal(180), z.literal(365)]);

/** spec 002 §3 Plan: one priced row of the grid (a plan for a duration, in a country's currency). */
export const Plan = z.object({
  id: z.number().int(),
  plan_id: PlanIdSchema,
  name: z.string(),
  duration: PlanDurationSchema,
  /** Monthly sessions; null = unlimited. */
  uses: z.number().int().nullable(),
  workshops: z.boolean(),
  /** Integer minor units of `currency`. */
  real_price: z.number().int(),
  currency: z.string(),
});

/**
 * spec 002 §3 User data, the plan fields. Instants are ISO strings in UTC; day counts are whole
 * days left (a part of a day counts).
 */
export const UserPlanData = z.object({
  userCountry: z.number().int(),
  userPlan: PlanIdSchema,
  /** Days of the plan's period (30, 180, 365). */
  days_plan: PlanDurationSchema,
  periodStartUser: z.string(),
  periodFinishUser: z.string(),
  periodStartNextUser: z.string(),
  /** The monthly session cycle (quotas renew on it, whatever the paid period). */
  cycleStart: z.string(),
  cycleEnd: z.string(),
  /** 1 while in the trial: the plan selector is offered. */
  selectPlan: Flag,
  /** 1 while the 30-day trial runs. */
  periodFree: Flag,
  /** Trial days left (null outside the trial). */
  difDaysPeriodFree: z.number().int().nullable(),
  /**
   * The plan chosen during the trial (the register grid or my-plan), which starts when the trial
   * ends; or chosen on the free plan, which starts once paid (PlanBillingView.pendingPlan).
   */
  selectedPlan: z.object({ planId: PlanIdSchema, duration: PlanDurationSchema }).nullable(),
  /** Days left of the paid period (for the proration note); 0 outside one. */
  daysFinishPlan: z.number().int(),
  /** Days of the current period, the proration's divisor. */
  daysMonth: z.number().int(),
  /** Sessions allowed this cycle (plan + gifts); null = unlimited. */
  totalUses: z.number().int().nullable(),
  /** Sessions booked this cycle. */
  planUses: z.number().int(),
  blockUse: Flag,
  canSelectGift: Flag,
  /** Sessions the gift would add now (0 when none). */
  giftExtra: z.number().int(),
  card_added: Flag,
  /** The chosen plan waits for a card or a payment (linking is another slice). */
  inPaidPeriod: z.boolean(),
  /** Price of the current plan row in the user's currency, minor units (0 for the free plan). */
  currentPrice: z.number().int(),
  currency: z.string(),
});
export type UserPlanDataT = z.infer<typeof UserPlanData>;

/** The administrator's price table (ISSUE 16: prices per country and currency). */
export const PlanPrice = z.object({
  id: z.number().int(),
  countryId: z.number().int(),
  planId: PlanIdSchema,
  duration: PlanDurationSchema,
  currency: z.string(),
  amountMinor: z.number().int(),
});

/**
 * The plan's card and payment (issue 16; spec 002 §7 link-plan-suscription-mp/-st, §8): which
 * provider links the card in the professional's country, the card, and what the screens offer.
 */
export const PlanBillingView = z.object({
  cardProvider: z.enum(['mercadopago', 'stripe']),
  card: z
    .object({
      state: z.enum(['pending', 'linked', 'rejected']),
      lastFour: z.string().nullable(),
      message: z.string().nullable(),
    })
    .nullable(),
  /**
   * Mercado Pago's public key when its real API is configured: the card form is then Mercado
   * Pago's own (MP.js, its card payment brick); null, the sandbox's form (the imitation's token).
   */
  mpPublicKey: z.string().nullable(),
  /** A paid monthly plan (current or chosen in the trial) with no linked card: offer linking. */
  linkCard: z.boolean(),
  /** A semiannual or annual plan with no card and a price owed: the pay-plan section. */
  payPlan: z.boolean(),
  /**
   * The plan chosen on the free plan (UserPlanData.selectedPlan) waits for its first period's
   * payment: it starts when pay-plan is paid or the linked card is charged, and until then the
   * free plan and its limits stay (issue 34).
   */
  pendingPlan: z.boolean(),
  amountDueMinor: z.number().int(),
  dueCurrency: z.string().nullable(),
  /** The last charge was declined: retrying (failed: false) or blocked after the last retry. */
  payment: z
    .object({
      state: z.enum(['retrying', 'failed']),
      message: z.string(),
      nextAttemptAt: z.string().nullable(),
    })
    .nullable(),
});
export type PlanBillingViewT = z.infer<typeof PlanBillingView>;
