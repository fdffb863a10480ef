import { z } from 'zod';
import { action, ok } from '../action.ts';
import { appointmentNotFound, bookingResultRoutes } from '../constants/bookings.ts';
import { TempBooking } from '../shapes/bookings.ts';
import { Ref, TimeZone } from './fields.ts';

const Instant = z.iso.datetime({ offset: true, error: 'E1' });

/** Codes shared by the booking flow (spec 002 §8 for the expiry text; the rest say what happened). */
const bookingErrors = {
  E7: { es: 'No encontramos la publicación.', en: 'Publication not found.' },
  E10: {
    es: 'El horario elegido ya no está disponible. Elige otro horario.',
    en: 'The chosen time is no longer available. Choose another one.',
  },
  E11: { es: 'Debes seleccionar la modalidad.', en: 'You must choose the modality.', field: 'modality' },
  E12: { es: 'No puedes reservar tu propia publicación.', en: 'You cannot book your own publication.' },
  E13: { es: 'El tiempo para realizar la reserva expiro.', en: 'The time to complete the booking expired.' },
  E14: appointmentNotFound,
  E15: {
    es: 'La forma de pago elegida no está disponible para esta cita.',
    en: 'The chosen payment method is not available for this appointment.',
  },
  E16: {
    es: 'Solo puedes reprogramar una fecha antes de la fecha y hora reservada.',
    en: 'You can only reschedule before the booked date and time.',
  },
  E17: {
    es: 'Solo puedes cancelar una cita antes de la fecha y hora reservada.',
    en: 'You can only cancel before the booked date and time.',
  },
  E18: { es: 'La cita ya fue cancelada.', en: 'The appointment was already cancelled.' },
  E19: {
    es: 'Esta cita fue creada por el profesional: pídele que la reprograme.',
    en: 'The professional created this appointment: ask them to reschedule it.',
  },
  E30: { es: 'El cupón ingresado no existe.', en: 'The coupon does not exist.', field: 'coupon' },
  E31: { es: 'El cupón ingresado no está vigente.', en: 'The coupon is not valid today.', field: 'coupon' },
  E32: {
    es: 'El cupón ingresado ya fue utilizado el máximo de veces.',
    en: 'The coupon has been used up.',
    field: 'coupon',
  },
};

/**
 * spec 000 §2.2, 002 §4: confirming the cart writes a temporary booking that holds the slot for
 * holdMinutes. The price, promo, first-consult price, coupon and currency are computed on the
 * server from the publication; the cart only says which slot. Calling it again for the same
 * slot while the hold lives returns the same temporary booking.
 */
export const saveTempBooking = action('save-temp-booking', {
  input: z.object({
    ref: Ref,
    startsAt: Instant,
    /** 1 online, 2 in person; required when the publication offers both. */
    modality: z.union([z.literal(1), z.literal(2)], { error: 'E11' }).optional(),
    coupon: z.string().trim().max(40, 'E30').optional(),
    userTime: TimeZone.optional(),
  }),
  output: ok({ booking: TempBooking }),
  errors: bookingErrors,
});

/** The confirmation page after a reload or a provider return (owner only). */
export const findTempBooking = action('find-temp-booking', {
  input: z.object({ ref: Ref, userTime: TimeZone.optional() }),
  output: ok({ booking: TempBooking }),
  errors: bookingErrors,
});

/** Applies (or, with an empty code, removes) a coupon of the professional on a temporary booking. */
export const applyCoupon = action('apply-coupon', {
  input: z.object({ ref: Ref, code: z.string().trim().max(40, 'E30'), userTime: TimeZone.optional() }),
  output: ok({ booking: TempBooking }),
  errors: bookingErrors,
});

/**
 * spec 002 §4 finalisation without a card: cash, transfer, free (noPrice / 0) or manual (hidePrice).
 * Answers the spec's result route.
 */
export const saveBooking = action('save-booking', {
  input: z.object({
    ref: Ref,
    method: z.enum(['cash', 'transfer', 'free', 'manual'], { error: 'E15' }),
  }),
  output: ok({ ref: z.string(), route: z.enum(bookingResultRoutes) }),
  errors: bookingErrors,
});

/** spec 000 §2.7, §4: moves an appointment to another free slot (re-booking calendar). */
export const rescheduleBooking = action('reschedule-booking', {
  input: z.object({
    ref: Ref,
    startsAt: Instant,
    modality: z.union([z.literal(1), z.literal(2)], { error: 'E11' }).optional(),
  }),
  output: ok({ ref: z.string(), startsAt: z.string() }),
  errors: bookingErrors,
});

/** spec 000 §2.2 cancelation/{ref}: the client before the start, the professional with calendarCancel. */
export const cancelBooking = action('cancel-booking', {
  input: z.object({ ref: Ref, reason: z.string().trim().max(500, 'E1').optional() }),
  output: ok({ ref: z.string(), refunded: z.boolean() }),
  errors: bookingErrors,
});
