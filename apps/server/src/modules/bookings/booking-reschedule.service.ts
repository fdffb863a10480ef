import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findPublicationById } from '../catalogue/catalogue.service.ts';
import { queueBookingSync } from '../external-calendars/external-calendars.service.ts';
import { sendBookingMail } from './booking-mails.ts';
import { type BookingRow, findBookingById, updateBooking } from './bookings.repository.ts';
import {
  assertBeforeStart,
  assertSlotFree,
  bookingForUser,
  withProfessionalLock,
} from './bookings.service.ts';

/** reschedule-booking: moves an appointment to another slot, serialised like a new booking. */
export async function rescheduleBooking(
  deps: AppDeps,
  user: { id: number; permissions: Readonly<Record<string, boolean>> | null },
  input: { ref: string; startsAt: string; modality?: 1 | 2 | undefined },
): Promise<BookingRow> {
  const { booking, actor } = await bookingForUser(deps.db, user, input.ref, 'calendarEdit');
  if (booking.state === 'cancelled') throw new ActionError('E18');
  if (booking.state === 'done') throw new ActionError('E16');
  assertBeforeStart(deps, booking, 'E16');
  // spec 000 §4: a client reschedules only appointments they booked (createByProf 0).
  if (actor.role === 'client' && booking.create_by_prof === 1) throw new ActionError('E19');
  const pub = await findPublicationById(deps.db, booking.publication_id);
  if (!pub) throw new ActionError('E7');
  const modality = pub.modality_id === 3 ? (input.modality ?? booking.modality_id) : pub.modality_id;
  const startMs = Date.parse(input.startsAt);
  const startsAt = new Date(startMs).toISOString();
  const endsAt = new Date(startMs + booking.duration * 60_000).toISOString();
  const nowIso = deps.now().toISOString();
  return withProfessionalLock(deps, booking.professional_id, async (tx) => {
    await assertSlotFree(deps, tx, {
      publicationId: booking.publication_id,
      professionalId: booking.professional_id,
      startsAt,
      endsAt,
      seats: booking.seats,
      groupCapacity: pub.group_capacity,
      ignoreBookingId: booking.id,
      byProfessional: actor.role === 'professional',
    });
    await updateBooking(tx, booking.id, {
      starts_at: startsAt,
      ends_at: endsAt,
      modality_id: modality,
      reschedule_count: booking.reschedule_count + 1,
      reminder_sent_at: null,
      updated_at: nowIso,
    });
    await sendBookingMail(deps, tx, booking.id, 'rescheduled');
    await queueBookingSync(deps, tx, { id: booking.id, professionalId: booking.professional_id }, 'write');
    const row = await findBookingById(tx, booking.id);
    if (!row) throw new ActionError('E14');
    return row;
  });
}
