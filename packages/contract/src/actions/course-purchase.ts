import { z } from 'zod';
import { action, ok } from '../action.ts';
import { courseNotFound, moduleResultRoutes } from '../constants/courses.ts';
import { BankData } from '../shapes/bookings.ts';
import { ModuleCart } from '../shapes/courses.ts';
import { Ref } from './fields.ts';

/** spec 002 §2 and §4: the module cart and its purchase flow. */
const purchaseErrors = {
  E13: { es: 'El tiempo para realizar la reserva expiro.', en: 'The time to complete the purchase expired.' },
  E15: {
    es: 'El pago con tarjeta no está disponible para este módulo.',
    en: 'Card payment is not available for this module.',
  },
  E16: {
    es: 'La forma de pago elegida no está disponible para este módulo.',
    en: 'That payment method is not available for this module.',
  },
  E17: { es: 'Ya tienes acceso a este módulo.', en: 'You already have this module.' },
  E18: { es: 'No puedes contratar tu propio módulo.', en: 'You cannot buy your own module.' },
  E40: courseNotFound,
  E41: { es: 'No encontramos el módulo.', en: 'Module not found.' },
};

export const findModuleCart = action('find-module-cart', {
  input: z.object({ moduleId: Ref }),
  output: ok({ cart: ModuleCart }),
  errors: purchaseErrors,
});

/** spec 002 §7 save-temp-sales-modules: the server prices the module; the cart names it. */
export const saveTempSalesModules = action('save-temp-sales-modules', {
  input: z.object({ moduleId: Ref }),
  output: ok({ bookRef: z.string(), cart: ModuleCart, bank: BankData.nullable() }),
  errors: purchaseErrors,
});

/**
 * spec 002 §7 save-sales-modules: finalises the temporary sale; card goes through
 * start-module-payment. The spec's payload names no mode but sends payId 'cash' (paid and giftId
 * too): the server then takes the mode from the cart. A provider's payId is refused (E16): a
 * card sale is settled by the provider's webhook, never by the buyer's word.
 */
export const saveSalesModules = action('save-sales-modules', {
  input: z.object({
    tempBook: Ref,
    mode: z.enum(['manual', 'free', 'transfer'], { error: 'E16' }).optional(),
    payId: z.literal('cash', { error: 'E16' }).optional(),
  }),
  output: ok({ route: z.enum(moduleResultRoutes), courseRef: z.string(), enrolmentRef: z.string() }),
  errors: purchaseErrors,
});

export const startModulePayment = action('start-module-payment', {
  input: z.object({ tempBook: Ref }),
  output: ok({
    paymentRef: z.string(),
    provider: z.enum(['dlocal', 'stripe', 'mercadopago', 'paypal']),
    checkoutUrl: z.string(),
    sandbox: z.boolean(),
  }),
  errors: purchaseErrors,
});
