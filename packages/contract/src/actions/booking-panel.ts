import { z } from 'zod';
import { action, ok } from '../action.ts';
import { appointmentNotFound } from '../constants/bookings.ts';
import { BankDataInput, bankDataErrors } from '../rules/bank-data.ts';
import { flag01, numeric, Ref } from './fields.ts';

const Flag = flag01('E1');

/** spec 000 §5, §8: price messages. E21 a malformed or negative amount; E22 one above the maximum. */
const priceErrors = {
  E14: appointmentNotFound,
  E20: { es: 'Debes ingresar el nuevo importe.', en: 'Enter the new amount.', field: 'newPrice' },
  E21: {
    es: 'El importe ingresado no es correcto.',
    en: 'The amount entered is not correct.',
    field: 'newPrice',
  },
  E22: {
    es: 'El importe ingresado no es correcto.',
    en: 'The amount entered is not correct.',
    field: 'newPrice',
  },
  E26: { es: 'La cita ya no admite cambios.', en: 'The appointment can no longer be changed.' },
};

/** Decimal amount; the server refuses more decimals than the currency has (E21). */
const NewPrice = numeric(
  z
    .number({ error: 'E20' })
    .refine((n) => Number.isFinite(n) && n >= 0, 'E21')
    .refine((n) => n <= 99_999_999, 'E22'),
);

/** spec 000 §7 update-booking-price: allbooking 1 only this appointment, 2 this and the following of the series. */
export const updateBookingPrice = action('update-booking-price', {
  input: z.object({
    ref: Ref,
    oldPrice: numeric(z.number({ error: 'E1' })).optional(),
    newPrice: NewPrice,
    sendAdvice: Flag.default(0),
    allbooking: numeric(z.union([z.literal(1), z.literal(2)], { error: 'E1' })).default(1),
    noPrice: Flag.optional(),
  }),
  output: ok({ updated: z.number().int(), message: z.literal('Importe Actualizado') }),
  errors: priceErrors,
});

/**
 * spec 000 §7 confirm-booking-price: the professional sets the price of a hidden-price
 * appointment with the payment methods the client may use and, for transfers, the bank data
 * (E210–E270). The client then has 24 hours to confirm it.
 */
export const confirmBookingPrice = action('confirm-booking-price', {
  input: z.object({
    ref: Ref,
    newPrice: NewPrice,
    payCash: Flag,
    payCard: Flag,
    bank: BankDataInput.optional(),
  }),
  output: ok({ message: z.literal('Importe Confirmado'), deadline: z.string() }),
  errors: { ...priceErrors, ...bankDataErrors },
});

/** spec 000 §4, §7 confirm-price: the client accepts (1) or rejects (0) the price. */
export const confirmPrice = action('confirm-price', {
  input: z.object({
    ref: Ref,
    confirmPrice: Flag,
    mode: numeric(z.number({ error: 'E1' }).int('E1')).optional(),
  }),
  output: ok({ route: z.enum(['confirm-price', 'decline-price', 'booking-not-found']) }),
  errors: priceErrors,
});

/** spec 000 §4: mark done (the professional, once the appointment started; E27 before). */
export const markReady = action('mark-ready', {
  input: z.object({ ref: Ref, timezone: z.string().optional() }),
  output: ok({ state: z.literal('done') }),
  errors: {
    ...priceErrors,
    E27: {
      es: 'La cita todavía no comenzó: podrás marcarla como realizada desde su horario de inicio.',
      en: 'The appointment has not started yet: you can mark it done once it starts.',
    },
  },
});

/**
 * spec 000 §4, §8: cash collected → paid. spec 001 §7: the sales table calls it with a sale's ref
 * (any sale of the professional: an appointment or a module) and shows the answered payment date
 * (ISO instant) and payId. An appointment's ref needs calendarEdit in a corporate session, a
 * sale's ref contactsBilling.
 */
export const markPayBooking = action('mark-pay-booking', {
  input: z.object({ ref: Ref }),
  output: ok({
    message: z.literal('La cita cambio al estado de abonada.'),
    date: z.string().nullable(),
    payId: z.string().nullable(),
  }),
  errors: priceErrors,
});

/** spec 000 §6, §8: an active administrator announces the client ('Anunciar'). */
export const callTurnbox = action('call-turnbox', {
  input: z.object({ ref: Ref, box: z.string().trim().min(1, 'E1').max(40, 'E1') }),
  output: ok({ message: z.literal('Paciente anunciado.') }),
  errors: {
    E14: priceErrors.E14,
    E28: { es: 'No fue posible anunciar al paciente.', en: 'The patient could not be announced.' },
  },
});
