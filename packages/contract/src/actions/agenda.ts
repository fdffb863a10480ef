import { z } from 'zod';
import { action, ok } from '../action.ts';
import { appointmentNotFound } from '../constants/bookings.ts';
import { IsoDate } from '../shapes/availability.ts';
import { Booking, GroupParticipant } from '../shapes/bookings.ts';
import { NextPage, PageStart } from '../shapes/paging.ts';
import { numeric, OptionalRef, Ref, TimeZone } from './fields.ts';

const Instant = z.iso.datetime({ offset: true, error: 'E1' });

const agendaErrors = {
  E7: { es: 'No encontramos la publicación.', en: 'Publication not found.', field: 'publicationRef' },
  E10: {
    es: 'El horario elegido ya no está disponible. Elige otro horario.',
    en: 'The chosen time is no longer available. Choose another one.',
  },
  E11: { es: 'Debes seleccionar la modalidad.', en: 'You must choose the modality.', field: 'modality' },
  E14: appointmentNotFound,
  E20: {
    es: 'No es posible eliminar citas recurrentes desde una fecha inferior a la actual',
    en: 'Recurring appointments cannot be deleted from a past date.',
    field: 'fromDate',
  },
  E21: {
    es: 'El importe ingresado no es correcto.',
    en: 'The amount entered is not correct.',
    field: 'price',
  },
  E23: { es: 'Debes seleccionar un horario.', en: 'You must choose a time.', field: 'startsAt' },
  E24: { es: 'No encontramos el consultante.', en: 'Client not found.', field: 'contactRef' },
  E25: {
    es: 'La cita no es parte de una serie recurrente.',
    en: 'The appointment is not part of a recurring series.',
  },
};

/**
 * The list tabs of find-bookings. The spec's payloads send the tab as a number (spec 002 §7
 * "filter 1" after a purchase: the coming appointments); its position here is that number.
 */
const bookingFilters = ['all', 'upcoming', 'past', 'cancelled'] as const;
const BookingFilter = z.preprocess(
  (value) => {
    const index = typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value;
    return typeof index === 'number' ? (bookingFilters[index] ?? value) : value;
  },
  z.enum(bookingFilters, { error: 'E1' }),
) as unknown as z.ZodType<(typeof bookingFilters)[number], (typeof bookingFilters)[number] | number | string>;

/**
 * spec 000 §7 find-bookings: mode 1 the professional's appointments (agenda and bookings list),
 * mode 2 the client's (my-bookings). `from`/`to` bound the start instant (agenda views);
 * `filter` picks the list tab; `next` pages the lists 20 at a time (the answer's cursor, or the
 * spec's row offset: 0 for the first page). Times come in `timezone`.
 * spec 000/002 §7 also send `date` 'one' with the `ref` of one appointment (the one just
 * bought) or 'all' with an empty ref: the handler sees `ref` only when one is asked for.
 */
export const findBookings = action('find-bookings', {
  input: z
    .object({
      mode: numeric(z.union([z.literal(1), z.literal(2)], { error: 'E1' })),
      from: Instant.optional(),
      to: Instant.optional(),
      filter: BookingFilter.default('all'),
      next: PageStart.default(0),
      timezone: TimeZone.optional(),
      date: z.enum(['one', 'all'], { error: 'E1' }).optional(),
      ref: OptionalRef,
    })
    .refine((v) => v.date !== 'one' || v.ref !== undefined, { message: 'E1', path: ['ref'] })
    .transform(({ date, ref, ...rest }) => ({ ...rest, ref: date === 'all' ? undefined : ref })),
  output: ok({ bookings: z.array(Booking), next: NextPage }),
  errors: agendaErrors,
});

/** The options panel of one appointment (spec 000 §2.5), with the participants of a group one. */
export const findBooking = action('find-booking', {
  input: z.object({ ref: Ref, timezone: TimeZone.optional() }),
  output: ok({ booking: Booking, participants: z.array(GroupParticipant) }),
  errors: agendaErrors,
});

/** next-session/{ref}: the following appointments of the same client with the same professional. */
export const findNextSessions = action('find-next-sessions', {
  input: z.object({ ref: Ref, timezone: TimeZone.optional() }),
  output: ok({ bookings: z.array(Booking) }),
  errors: agendaErrors,
});

/**
 * spec 000 §6 createByProf: the professional books a contact into one of their publications,
 * optionally every week for `weeks` weeks. The whole series is written or none of it.
 */
export const saveBookingByProf = action('save-booking-by-prof', {
  input: z.object({
    contactRef: Ref,
    publicationRef: Ref,
    startsAt: Instant,
    modality: z.union([z.literal(1), z.literal(2)], { error: 'E11' }).optional(),
    /** Decimal amount in the publication's currency; omitted → the publication's price. */
    price: z.number({ error: 'E21' }).min(0, 'E21').max(99_999_999, 'E21').optional(),
    weeks: z.number({ error: 'E1' }).int('E1').min(1, 'E1').max(52, 'E1').default(1),
  }),
  output: ok({ refs: z.array(z.string()) }),
  errors: agendaErrors,
});

/** spec 000 §4: deletes the series' appointments from `fromDate` on (future ones only). */
export const deleteRecurrent = action('delete-recurrent', {
  input: z.object({ ref: Ref, fromDate: IsoDate, timezone: TimeZone.optional() }),
  output: ok({ deleted: z.number().int(), message: z.literal('Las citas recurrentes fueron eliminadas.') }),
  errors: agendaErrors,
});

/** spec 000 §7 generete-booking-qr (the spec's spelling): a QR image of the appointment. */
export const genereteBookingQr = action('generete-booking-qr', {
  input: z.object({ ref: Ref }),
  output: ok({ file: z.string(), url: z.string() }),
  errors: agendaErrors,
});
