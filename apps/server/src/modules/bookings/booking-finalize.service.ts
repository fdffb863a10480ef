import { type BookingResultRoute, finalModeOf } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { asFlag } from '../../lib/flags.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findPublicationById } from '../catalogue/catalogue.service.ts';
import { ensureContactForClient } from '../contacts/contacts.service.ts';
import { queueBookingSync } from '../external-calendars/external-calendars.service.ts';
import { checkoutSeller } from '../payment-options/payment-options.service.ts';
import { markSalePaid, repriceSale } from '../sales/sales.service.ts';
import { rowSettlement } from '../sales/settle-sale.service.ts';
import { optionsFor } from './booking-checkout.service.ts';
import { holdAlive, liveHeldBooking } from './booking-hold.service.ts';
import { sendBookingMail } from './booking-mails.ts';
import { type BookingRow, findBookingById, lockProfessional, updateBooking } from './bookings.repository.ts';
import { assertSlotFree, withProfessionalLock } from './bookings.service.ts';
import { useCoupon } from './coupons.service.ts';

/** Turns a held booking into an appointment: contact, coupon use, mail. Inside the caller's transaction. */
async function bookHeld(
  deps: AppDeps,
  tx: DB,
  booking: BookingRow,
  changes: { state: 'confirmed' | 'pending'; payMethod: string; pay: 0 | 1 },
): Promise<void> {
  const now = deps.now();
  const nowIso = now.toISOString();
  let contactId = booking.contact_id;
  if (booking.client_id !== null && contactId === null) {
    const contact = await ensureContactForClient(tx, booking.professional_id, { id: booking.client_id }, now);
    contactId = contact.id;
  }
  if (booking.coupon_id !== null) await useCoupon(tx, booking.coupon_id);
  // Issue 16: a client's booking counts against the professional's monthly sessions.
  if (booking.client_id !== null) await deps.plans.countBookingUse(deps, tx, booking.professional_id);
  const changed = await updateBooking(
    tx,
    booking.id,
    {
      state: changes.state,
      pay: changes.pay,
      pay_method: changes.payMethod,
      paid_at: changes.pay === 1 ? nowIso : null,
      hold_expires_at: null,
      contact_id: contactId,
      updated_at: nowIso,
    },
    ['held'],
  );
  if (!changed) throw new ActionError('E14');
  await sendBookingMail(deps, tx, booking.id, 'booked');
  // Issue 18: to the linked calendar and video service once this commits.
  await queueBookingSync(deps, tx, { id: booking.id, professionalId: booking.professional_id }, 'write');
}

const routeOfMethod: Record<'cash' | 'transfer' | 'free' | 'manual', BookingResultRoute> = {
  cash: 'cash-success',
  transfer: 'success',
  free: 'free-success',
  manual: 'manual-success',
};

/**
 * save-booking: finalises a held booking without a card (spec 002 §4): hidePrice → manual
 * (pending until the price is set and confirmed), noPrice or 0 → free, otherwise cash or
 * transfer as the cart rules allow.
 */
export async function finalizeBooking(
  deps: AppDeps,
  clientId: number,
  input: { ref: string; method: 'cash' | 'transfer' | 'free' | 'manual' },
): Promise<{ ref: string; route: BookingResultRoute }> {
  const held = await liveHeldBooking(deps, clientId, input.ref);
  const pub = await findPublicationById(deps.db, held.publication_id);
  if (!pub) throw new ActionError('E14');
  const mode = finalModeOf({
    hidePrice: asFlag(held.hide_price),
    noPrice: asFlag(held.no_price),
    price: held.price_minor,
  });
  const international = held.currency !== pub.currency;
  const options = optionsFor(pub, held, international, await checkoutSeller(deps.db, held.professional_id));
  const allowed =
    mode === 'manual'
      ? input.method === 'manual'
      : mode === 'free'
        ? input.method === 'free'
        : (input.method === 'cash' && options.cash) || (input.method === 'transfer' && options.transfer);
  if (!allowed) throw new ActionError('E15');
  const nowIso = deps.now().toISOString();
  await withProfessionalLock(deps, held.professional_id, async (tx) => {
    const fresh = await findBookingById(tx, held.id);
    if (!fresh || !holdAlive(fresh, deps.now())) throw new ActionError('E13');
    await bookHeld(deps, tx, fresh, {
      state: mode === 'manual' ? 'pending' : 'confirmed',
      payMethod: input.method,
      pay: mode === 'free' ? 1 : 0,
    });
    if (fresh.sale_id !== null) {
      await repriceSale(tx, fresh.sale_id, {
        amountMinor: fresh.price_minor,
        method: input.method,
        now: nowIso,
      });
      // A free appointment is settled at once: there is nothing to collect.
      if (mode === 'free')
        await markSalePaid(tx, fresh.sale_id, { method: 'free', provider: null, now: nowIso });
    }
  });
  return { ref: held.ref, route: routeOfMethod[input.method] };
}

/** What a paid booking sale turned out to be (the payments module refunds a lost slot). */
export type BookingSettlement = 'settled' | 'slot-lost';

/**
 * A booking's sale was paid (card webhook, cash, transfer). A held booking becomes an
 * appointment; if its hold ran out and somebody else took the slot meanwhile it is cancelled
 * instead ('slot-lost'), so the caller refunds rather than double-booking.
 */
export async function onBookingSalePaid(
  deps: AppDeps,
  db: DB,
  bookingId: number,
): Promise<BookingSettlement> {
  const booking = await findBookingById(db, bookingId);
  if (!booking) return 'slot-lost';
  const nowIso = deps.now().toISOString();
  if (booking.state === 'held' || (booking.state === 'cancelled' && booking.cancel_reason === 'expired')) {
    await lockProfessional(db, deps.dialect, booking.professional_id);
    const pub = await findPublicationById(db, booking.publication_id);
    try {
      await assertSlotFree(deps, db, {
        publicationId: booking.publication_id,
        professionalId: booking.professional_id,
        startsAt: booking.starts_at,
        endsAt: booking.ends_at,
        seats: booking.seats,
        groupCapacity: pub?.group_capacity ?? 1,
        ignoreBookingId: booking.id,
        byProfessional: true,
      });
    } catch {
      await updateBooking(db, booking.id, {
        state: 'cancelled',
        cancel_reason: 'expired',
        cancelled_at: booking.cancelled_at ?? nowIso,
        hold_expires_at: null,
        updated_at: nowIso,
      });
      return 'slot-lost';
    }
    if (booking.state === 'cancelled') {
      // The hold expired, the slot is still free: revive it as held so it books like any other.
      await updateBooking(db, booking.id, { state: 'held', cancel_reason: null, cancelled_at: null });
    }
    await bookHeld(
      deps,
      db,
      { ...booking, state: 'held' },
      { state: 'confirmed', payMethod: 'card', pay: 1 },
    );
    return 'settled';
  }
  await updateBooking(db, booking.id, { pay: 1, paid_at: nowIso, updated_at: nowIso });
  return 'settled';
}

/** The bookings slice's part of settling a sale (deps.settlements.booking). */
export const bookingSettlement = rowSettlement('booking_id', {
  paid: onBookingSalePaid,
  refunded: onBookingSaleRefunded,
});

/** A booking's sale was refunded by the provider: the appointment is unpaid again. */
export async function onBookingSaleRefunded(deps: AppDeps, db: DB, bookingId: number): Promise<void> {
  await updateBooking(db, bookingId, { pay: 0, paid_at: null, updated_at: deps.now().toISOString() });
}

export async function bookingRefById(db: DB, id: number): Promise<string | null> {
  return (await findBookingById(db, id))?.ref ?? null;
}
