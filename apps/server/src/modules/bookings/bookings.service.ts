import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import { offeredTurnAt } from '../availability/availability.service.ts';
import { takenElsewhere } from '../external-calendars/external-calendars.service.ts';
import {
  type BookingRow,
  findBookingByRef,
  listLiveOverlapping,
  lockProfessional,
} from './bookings.repository.ts';

export type { BookingRow };

/**
 * One transaction that serialises every booking write of one professional (ARCHITECTURE §3):
 * the check for a clash and the write that follows see the same bookings, so a slot is sold
 * once however many buyers press at the same moment.
 */
export async function withProfessionalLock<T>(
  deps: AppDeps,
  professionalId: number,
  work: (tx: DB) => Promise<T>,
): Promise<T> {
  return deps.db.transaction().execute(async (tx) => {
    await lockProfessional(tx, deps.dialect, professionalId);
    return work(tx);
  });
}

export interface SlotRequest {
  publicationId: number;
  professionalId: number;
  startsAt: string;
  endsAt: string;
  seats: number;
  /** Capacity of the publication: above 1, that many seats at exactly the same start. */
  groupCapacity: number;
  /** The booking being moved (its own interval does not clash with itself). */
  ignoreBookingId?: number;
  /** Manual appointments skip the publication's turn rules; clashes still count. */
  byProfessional?: boolean;
}

/**
 * Throws E10 when the interval clashes with a live booking of the professional: any overlap,
 * whatever the durations, except seats of the same group publication at the same start up to
 * its capacity. Unless `byProfessional`, the slot must also be a turn the publication offers
 * (rules, notice, maxRes, blocked days). Call it inside withProfessionalLock.
 */
export async function assertSlotFree(deps: AppDeps, tx: DB, slot: SlotRequest): Promise<void> {
  if (!slot.byProfessional) {
    const offered = await offeredTurnAt(deps, tx, slot.publicationId, Date.parse(slot.startsAt));
    if (!offered) throw new ActionError('E10');
  }
  const overlapping = await listLiveOverlapping(tx, slot.professionalId, {
    startIso: slot.startsAt,
    endIso: slot.endsAt,
    nowIso: deps.now().toISOString(),
    ignoreId: slot.ignoreBookingId,
  });
  let taken = 0;
  for (const b of overlapping) {
    const sameGroupSeat =
      slot.groupCapacity > 1 &&
      b.publicationId === slot.publicationId &&
      Date.parse(b.startsAt) === Date.parse(slot.startsAt);
    if (!sameGroupSeat) throw new ActionError('E10');
    taken += b.seats;
  }
  if (taken + slot.seats > Math.max(1, slot.groupCapacity)) throw new ActionError('E10');
  // Issue 18: a client cannot take a time the professional's linked calendar shows busy (the
  // picker may be older than the last read); the professional may book over it on purpose.
  if (!slot.byProfessional && (await takenElsewhere(tx, slot.professionalId, slot.startsAt, slot.endsAt))) {
    throw new ActionError('E10');
  }
}

export interface BookingActor {
  id: number;
  role: 'client' | 'professional';
  /** A corporate session's permission map (null outside one): a team acts on the professional side only. */
  permissions: Readonly<Record<string, boolean>> | null;
}

/**
 * The booking as one of its two sides sees it: its professional (or their team) or its client.
 * Strangers, and held carts, get the same not-found answer. A corporate session needs
 * `permission` on the professional side.
 */
export async function bookingForUser(
  db: DB,
  user: { id: number; permissions: Readonly<Record<string, boolean>> | null },
  ref: string,
  permission?: string,
): Promise<{ booking: BookingRow; actor: BookingActor }> {
  const booking = await findBookingByRef(db, ref);
  if (!booking || booking.state === 'held') throw new ActionError('E14');
  let role: BookingActor['role'];
  if (booking.professional_id === user.id) role = 'professional';
  else if (booking.client_id === user.id && user.permissions === null) role = 'client';
  else throw new ActionError('E14');
  if (
    role === 'professional' &&
    permission &&
    user.permissions !== null &&
    user.permissions[permission] !== true
  ) {
    throw new ActionError('E403');
  }
  return { booking, actor: { id: user.id, role, permissions: user.permissions } };
}

/** spec 000 §4: reschedule and cancel happen before the start. */
export function assertBeforeStart(deps: AppDeps, booking: BookingRow, code: 'E16' | 'E17') {
  if (Date.parse(booking.starts_at) <= deps.now().getTime()) throw new ActionError(code);
}
