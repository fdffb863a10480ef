/**
 * spec 002 §4 and §9: the subscription plans. plan_id 1, 2 and 3 are paid tiers, 4 is the free
 * or trial plan. Plans 1 and 2 allow a number of monthly sessions; 3 is unlimited and includes
 * workshops. The spec names no plan names nor monthly numbers: ours are below (ADR 015).
 */
export const planIds = [1, 2, 3, 4] as const;
export type PlanId = (typeof planIds)[number];
export const freePlanId = 4 as const;
/** The free plan has no price row; find-plans lists it with this id. */
export const freePlanRowId = 0;

export interface PlanDef {
  planId: PlanId;
  name: string;
  /** Sessions per monthly cycle; null = unlimited. */
  uses: number | null;
  workshops: boolean;
}

export const plans: Record<PlanId, PlanDef> = {
  1: { planId: 1, name: 'Plan Inicial', uses: 30, workshops: false },
  2: { planId: 2, name: 'Plan Profesional', uses: 80, workshops: false },
  3: { planId: 3, name: 'Plan Ilimitado', uses: null, workshops: true },
  // spec 000 §4: plan 4 clears the usage block, so it has no session count.
  4: { planId: 4, name: 'Plan Gratuito', uses: null, workshops: false },
};

/** spec 002 §9: plan durations in days. */
export const planDurations = [30, 180, 365] as const;
export type PlanDuration = (typeof planDurations)[number];

/** The grid's three tabs (spec 002 §2) with the saving texts of §9. */
export const planPeriods: Record<
  PlanDuration,
  { tab: string; saving: string | null; modalSaving: string | null }
> = {
  30: { tab: 'Planes mensuales', saving: null, modalSaving: null },
  180: {
    tab: 'Planes semestrales',
    saving: 'Ahorrás un 8.3% y congelás el precio por 6 meses.',
    modalSaving: 'hasta un 10%',
  },
  365: {
    tab: 'Planes anuales',
    saving: 'Pagás 11 meses y congelás el precio por 12 meses.',
    modalSaving: 'hasta un 20%',
  },
};

/** spec 002 §9: the trial lasts 30 days; a warning shows when fewer than 5 remain. */
export const trialDays = 30;
export const trialWarningDays = 5;
/** The monthly session cycle: quotas are counted per 30 days whatever the paid period. */
export const usesCycleDays = 30;

/** spec 002 §9: gift sessions, 5 more for plan 1 and 10 more for plan 2. */
export const giftSessions: Partial<Record<PlanId, number>> = { 1: 5, 2: 10 };

/** spec 002 §9: amount used to link a card for the plan, 1 installment maximum. */
export const cardLinkAmount = 2999;

/** spec 002 §8: what the professional reads when a plan charge fails. */
export const planPaymentFailedMessage =
  'No se pudo realizar el pago. Prueba con otra tarjeta o comunicate con tu Banco.';

/**
 * Days between the attempts of a declined plan charge (ADR 015): retried after 1, 3 and 5 days,
 * then the plan is blocked until a charge is paid (a new card retries at once).
 */
export const planChargeRetryDays = [1, 3, 5] as const;

/** spec 002 §9 "Provider country ids": Argentina (5) links with Mercado Pago, the rest with Stripe. */
export function planCardProviderFor(countryId: number): 'mercadopago' | 'stripe' {
  return countryId === 5 ? 'mercadopago' : 'stripe';
}
