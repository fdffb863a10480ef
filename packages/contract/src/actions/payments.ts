import { z } from 'zod';
import { action, ok } from '../action.ts';
import { appointmentNotFound } from '../constants/bookings.ts';
import { Ref } from './fields.ts';

const paymentErrors = {
  E13: { es: 'El tiempo para realizar la reserva expiro.', en: 'The time to complete the booking expired.' },
  E14: appointmentNotFound,
  E15: {
    es: 'El pago con tarjeta no está disponible para esta cita.',
    en: 'Card payment is not available for this appointment.',
  },
  E40: { es: 'No encontramos el pago.', en: 'Payment not found.' },
};

const Provider = z.enum(['dlocal', 'stripe', 'mercadopago', 'paypal']);

/**
 * spec 002 §4, §7: card payment of a temporary booking through the provider chosen by
 * chooseProvider. Answers the hosted checkout the page shows in its overlay frame (app-relative
 * for the sandbox, absolute for a real provider). The provider sends the browser back to
 * confirmation/{publicationRef}/{paymentRef}/{tempBookId}.
 */
export const startPayment = action('start-payment', {
  input: z.object({ ref: Ref }),
  output: ok({ paymentRef: z.string(), provider: Provider, checkoutUrl: z.string(), sandbox: z.boolean() }),
  errors: paymentErrors,
});

/** The outcome of a payment, for the return page (owner only). */
export const findPayment = action('find-payment', {
  input: z.object({ ref: Ref }),
  output: ok({
    paymentRef: z.string(),
    state: z.enum(['created', 'approved', 'declined', 'refunded', 'expired']),
    provider: z.string(),
    amount: z.number(),
    currency: z.string(),
    bookingRef: z.string().nullable(),
    /** A module's course, when the sale was a module (pay-workshop goes back to it). */
    courseRef: z.string().nullable(),
    /**
     * Where the return page goes: pay-success / refound for an appointment, card-success-course /
     * card-refound for a module (spec 002 §4), or null while still pending or declined.
     */
    route: z.enum(['pay-success', 'refound', 'card-success-course', 'card-refound']).nullable(),
  }),
  errors: paymentErrors,
});
