import { z } from 'zod';
import { action, ok } from '../action.ts';
import {
  Plan,
  PlanBillingView,
  PlanDurationSchema,
  PlanIdSchema,
  PlanPrice,
  UserPlanData,
} from '../shapes/plans.ts';

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
  output: ok({ ...UserPlanData.shape, billing: PlanBillingView }),
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

const cardErrors = {
  E40: {
    es: 'Tu plan actual no necesita una tarjeta.',
    en: 'Your current plan does not need a card.',
  },
  E41: {
    es: 'Este medio de vinculación no corresponde a tu país.',
    en: 'This card provider does not serve your country.',
  },
  E42: {
    es: 'No pudimos comunicarnos con el medio de pago. Intenta nuevamente en unos minutos.',
    en: 'The payment provider could not be reached. Try again in a few minutes.',
  },
} as const;

/**
 * spec 002 §7 link-plan-suscription-mp (Argentina): the card form's token becomes a Mercado Pago
 * preapproval that pays the plan monthly. `link` is the plan-status route to show
 * (plan-status/success, or plan-status/rejected/{message}); `sms` the message. The spec's
 * `status` is the envelope's; `linked` says which of the two it was.
 */
export const linkPlanSuscriptionMp = action('link-plan-suscription-mp', {
  input: z.object({
    back: z.string().max(500).optional(),
    userMail: z.string().max(254).optional(),
    cardTokenId: z.string({ error: 'E1' }).trim().min(8, 'E1').max(200, 'E1'),
    deviceId: z.string().max(200).optional(),
  }),
  output: ok({ linked: z.boolean(), link: z.string(), sms: z.string() }),
  errors: {
    E1: {
      es: 'Debes completar los datos de la tarjeta.',
      en: 'Fill in the card details.',
      field: 'cardTokenId',
    },
    ...cardErrors,
  },
});

/**
 * spec 002 §7 link-plan-suscription-st: a Stripe Checkout session in setup mode; `link` is its id
 * and `url` the hosted page the overlay frame opens.
 */
export const linkPlanSuscriptionSt = action('link-plan-suscription-st', {
  input: z.object({ back: z.string().max(500).optional() }),
  output: ok({ link: z.string(), url: z.string() }),
  errors: cardErrors,
});

/**
 * The Mercado Pago imitation's card form (outside production): the card becomes a token. The
 * server checks it again with checkPlanCard (rules/plan-card.ts: the check digit, a past expiry)
 * before it reaches the provider.
 */
export const createImitationCardToken = action('create-imitation-card-token', {
  input: z.object({
    cardNumber: z.string({ error: 'E1' }).regex(/^[\d ]{13,23}$/, 'E1'),
    expiry: z.string({ error: 'E2' }).regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'E2'),
    securityCode: z.string({ error: 'E3' }).regex(/^\d{3,4}$/, 'E3'),
    holder: z.string({ error: 'E4' }).trim().min(2, 'E4').max(100, 'E4'),
  }),
  output: ok({ cardTokenId: z.string() }),
  errors: {
    E1: { es: 'Ingresa el número de la tarjeta.', en: 'Enter the card number.', field: 'cardNumber' },
    E2: {
      es: 'Ingresa el vencimiento con el formato MM/AA.',
      en: 'Enter the expiry as MM/YY.',
      field: 'expiry',
    },
    E3: { es: 'Ingresa el código de seguridad.', en: 'Enter the security code.', field: 'securityCode' },
    E4: { es: 'Ingresa el nombre del titular.', en: 'Enter the cardholder name.', field: 'holder' },
    E5: {
      es: 'El número de la tarjeta no es correcto. Revísalo.',
      en: 'The card number is not right. Check it.',
      field: 'cardNumber',
    },
    E6: { es: 'La tarjeta está vencida.', en: 'The card has expired.', field: 'expiry' },
    E8: { es: 'La imitación de pagos no está disponible.', en: 'The payments imitation is not available.' },
  },
});

/**
 * The pay-plan button (spec 002 §2): a semiannual or annual plan without a card pays what it owes
 * on the provider's page in the overlay frame.
 */
export const payPlan = action('pay-plan', {
  input: z.object({}),
  output: ok({ paymentRef: z.string(), checkoutUrl: z.string(), sandbox: z.boolean() }),
  errors: {
    E50: { es: 'Tu plan no tiene un pago pendiente.', en: 'Your plan has nothing to pay.' },
    ...cardErrors,
  },
});
