import { z } from 'zod';
import { action, ok } from '../action.ts';
import { Plan, PlanDurationSchema, PlanIdSchema, PlanPrice, UserPlanData } from '../shapes/plans.ts';

const Country = z.coerce.number().int().positive().optional();

/**
 * spec 002 §7 find-plans: the priced grid for the user's country (or the browser's when not
 * signed in, for the register grid). showFree 'YES' also lists the free plan.
 */
export const findPlans = action('find-plans', {
  input: z.object({
    userCountry: Country,
    isRegister: z.boolean().optional(),
    showFree: z.enum(['YES', 'NO']).optional(),
  }),
  output: ok({ plans: z.array(Plan) }),
});

/** The signed-in professional's plan fields (spec 002 §3 User data). */
export const findMyPlan = action('find-my-plan', {
  input: z.object({}),
  output: ok({ ...UserPlanData.shape }),
});

/**
 * spec 002 §7 change-plan: planSelected is a grid row id (freePlanRowId for the free plan). The server recomputes the proration
 * (prorrateo) from the period's days left; a client value that differs is ignored.
 */
export const changePlan = action('change-plan', {
  input: z.object({
    planSelected: z.coerce.number({ error: 'E10' }).int('E10').min(0, 'E10'),
    userCountry: Country,
    prorrateo: z.coerce.number().optional(),
  }),
  output: ok({
    ...UserPlanData.shape,
    /** Minor units charged for the change (the proration, or the whole price after a lapse). */
    prorrateo: z.number().int(),
    message: z.literal('Se ha actualizado tu plan.'),
  }),
  errors: {
    E10: { es: 'Debes seleccionar un plan.', en: 'Choose a plan.', field: 'planSelected' },
    E20: {
      es: 'No puedes cambiar a un plan inferior hasta el próximo ciclo de facturación.',
      en: 'You cannot move to a lower plan until the next billing cycle.',
    },
    E21: {
      es: 'No puedes cambiar a un plan de mayor duración hasta que no finalice el período de tu plan actual.',
      en: 'You cannot move to a longer plan until your current period ends.',
    },
    E22: { es: 'No puedes cambiar a un plan inferior.', en: 'You cannot move to a lower plan.' },
  },
});

/** spec 002 §7 gift-sessions: 5 more for plan 1, 10 for plan 2, only when canSelectGift. */
export const giftSessionsAction = action('gift-sessions', {
  input: z.object({ userCountry: Country }),
  output: ok({ extra: z.number().int(), message: z.string(), ...UserPlanData.shape }),
  errors: {
    E30: { es: 'No tienes turnos de regalo disponibles.', en: 'No gift sessions are available.' },
  },
});

export const findPlanPrices = action('find-plan-prices', {
  input: z.object({}),
  output: ok({ prices: z.array(PlanPrice) }),
});

export const savePlanPrice = action('save-plan-price', {
  input: z.object({
    countryId: z.coerce.number({ error: 'E1' }).int('E1').positive('E1'),
    planId: z.coerce.number().pipe(PlanIdSchema.refine((p) => p !== 4, 'E2')),
    duration: z.coerce.number().pipe(PlanDurationSchema),
    currency: z.string({ error: 'E3' }).regex(/^[A-Z]{3}$/, 'E3'),
    amountMinor: z.coerce.number({ error: 'E4' }).int('E4').min(0, 'E4').max(1_000_000_000, 'E4'),
  }),
  output: ok({ price: PlanPrice }),
  errors: {
    E1: { es: 'Debes seleccionar el país.', en: 'Choose the country.', field: 'countryId' },
    E2: { es: 'El plan gratuito no tiene precio.', en: 'The free plan has no price.', field: 'planId' },
    E3: { es: 'La moneda no es válida.', en: 'The currency is not valid.', field: 'currency' },
    E4: { es: 'El precio no es válido.', en: 'The price is not valid.', field: 'amountMinor' },
  },
});
