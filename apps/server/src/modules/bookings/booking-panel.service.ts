import type { BankDataInput } from '@agendo/contract';
import { priceConfirmationHours } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import { toMinor } from '../catalogue/catalogue.service.ts';
import { queueBookingSync } from '../external-calendars/external-calendars.service.ts';
import { createSale, repriceSale, voidSale } from '../sales/sales.service.ts';
import { settleSalePaid } from '../sales/settle-sale.service.ts';
import { listSeriesFrom } from './agenda.repository.ts';
import { sendBookingMail } from './booking-mails.ts';
import { upsertBankAccount } from './booking-panel.repository.ts';
import { type BookingRow, findBookingById, findBookingByRef, updateBooking } from './bookings.repository.ts';

/** The professional's live (not cancelled, not held) appointment; others answer 'No encontramos la cita'. */
async function professionalBooking(db: DB, professionalId: number, ref: string): Promise<BookingRow> {
  const booking = await findBookingByRef(db, ref);
  if (!booking || booking.professional_id !== professionalId || booking.state === 'held') {
    throw new ActionError('E14');
  }
  return booking;
}

function minorOf(amount: number, currency: string): number {
  const minor = toMinor(amount, currency);
  if (minor === null) throw new ActionError('E21');
  return minor;
}

async function setPrice(
  deps: AppDeps,
  tx: DB,
  booking: BookingRow,
  priceMinor: number,
  extra: Partial<BookingRow> = {},
) {
  const nowIso = deps.now().toISOString();
  await updateBooking(tx, booking.id, {
    price_minor: priceMinor,
    original_price_minor: priceMinor,
    updated_at: nowIso,
    ...extra,
  });
  if (booking.sale_id !== null) {
    await repriceSale(tx, booking.sale_id, { amountMinor: priceMinor, now: nowIso });
  } else if (priceMinor > 0) {
    const sale = await createSale(tx, {
      kind: 'booking',
      sellerId: booking.professional_id,
      buyerId: booking.client_id,
      contactId: booking.contact_id,
      bookingId: booking.id,
      description: booking.title,
      amountMinor: priceMinor,
      discountMinor: 0,
      currency: booking.currency,
      method: booking.pay_method === 'transfer' ? 'transfer' : 'cash',
      state: 'pending',
      provider: null,
      couponId: null,
      now: nowIso,
    });
    await updateBooking(tx, booking.id, { sale_id: sale.id });
  }
}

/**
 * update-booking-price (spec 000 §4, §7). A hidden-price appointment waiting for the professional
 * moves on to the client's confirmation (24 h). For a recurring one, allbooking 2 reprices this
 * and the following appointments of the series. Paid appointments keep their price.
 */
export async function updateBookingPrice(
  deps: AppDeps,
  professionalId: number,
  input: { ref: string; newPrice: number; sendAdvice: 0 | 1; allbooking: 1 | 2; noPrice?: 0 | 1 | undefined },
): Promise<{ updated: number }> {
  const booking = await professionalBooking(deps.db, professionalId, input.ref);
  if (booking.state === 'cancelled' || booking.state === 'done' || booking.pay === 1)
    throw new ActionError('E26');
  const priceMinor = minorOf(input.newPrice, booking.currency);
  const now = deps.now();
  return deps.db.transaction().execute(async (tx) => {
    const targets =
      input.allbooking === 2 && booking.series_ref
        ? await listSeriesFrom(tx, booking.series_ref, booking.starts_at)
        : [{ id: booking.id }];
    let updated = 0;
    for (const target of targets) {
      const row = await findBookingById(tx, target.id);
      if (!row || row.pay === 1) continue;
      const waitingForProfessional = row.hide_price === 1 && row.price_prof_ok === 0;
      await setPrice(deps, tx, row, priceMinor, {
        ...(input.noPrice !== undefined ? { no_price: input.noPrice } : {}),
        ...(waitingForProfessional
          ? {
              price_prof_ok: 1,
              price_confirm_deadline: new Date(
                now.getTime() + priceConfirmationHours * 3_600_000,
              ).toISOString(),
            }
          : {}),
      });
      updated += 1;
      // The client must hear about a price to confirm; other changes only when asked to notify.
      if (waitingForProfessional) await sendBookingMail(deps, tx, row.id, 'price-to-confirm');
      else if (input.sendAdvice === 1) await sendBookingMail(deps, tx, row.id, 'price-changed');
    }
    return { updated };
  });
}

/**
 * confirm-booking-price (spec 000 §7): the professional sets a hidden price with the methods the
 * client may pay by and, for transfers, the bank data; the client then has 24 hours.
 */
export async function confirmBookingPrice(
  deps: AppDeps,
  professionalId: number,
  input: { ref: string; newPrice: number; payCash: 0 | 1; payCard: 0 | 1; bank?: BankDataInput | undefined },
): Promise<{ deadline: string }> {
  const booking = await professionalBooking(deps.db, professionalId, input.ref);
  if (booking.hide_price !== 1 || booking.state !== 'pending') throw new ActionError('E26');
  const priceMinor = minorOf(input.newPrice, booking.currency);
  const now = deps.now();
  const deadline = new Date(now.getTime() + priceConfirmationHours * 3_600_000).toISOString();
  await deps.db.transaction().execute(async (tx) => {
    if (input.bank) await upsertBankAccount(tx, professionalId, input.bank, now.toISOString());
    await setPrice(deps, tx, booking, priceMinor, {
      pay_cash: input.payCash,
      pay_card: input.payCard,
      price_prof_ok: 1,
      price_confirm_deadline: deadline,
    });
    await sendBookingMail(deps, tx, booking.id, 'price-to-confirm');
  });
  return { deadline };
}

/**
 * confirm-price (spec 000 §4): the client accepts or rejects the price within 24 hours. After the
 * deadline, or for an appointment that is not theirs or not waiting, 'booking-not-found'.
 */
export async function confirmPrice(
  deps: AppDeps,
  clientId: number,
  input: { ref: string; confirmPrice: 0 | 1 },
): Promise<{ route: 'confirm-price' | 'decline-price' | 'booking-not-found' }> {
  const booking = await findBookingByRef(deps.db, input.ref);
  const nowIso = deps.now().toISOString();
  const waiting =
    booking &&
    booking.client_id === clientId &&
    booking.state === 'pending' &&
    booking.hide_price === 1 &&
    booking.price_prof_ok === 1 &&
    booking.price_confirm_deadline !== null &&
    booking.price_confirm_deadline > nowIso;
  if (!booking || !waiting) return { route: 'booking-not-found' };
  return deps.db.transaction().execute(async (tx) => {
    if (input.confirmPrice === 1) {
      const ok = await updateBooking(
        tx,
        booking.id,
        { hide_price: 0, state: 'confirmed', price_confirm_deadline: null, updated_at: nowIso },
        ['pending'],
      );
      return { route: ok ? ('confirm-price' as const) : ('booking-not-found' as const) };
    }
    const ok = await updateBooking(
      tx,
      booking.id,
      {
        state: 'cancelled',
        cancel_reason: 'price-declined',
        cancelled_at: nowIso,
        cancelled_by: clientId,
        updated_at: nowIso,
      },
      ['pending'],
    );
    if (ok && booking.sale_id !== null) await voidSale(tx, booking.sale_id, nowIso);
    if (ok) await sendBookingMail(deps, tx, booking.id, 'cancelled');
    if (ok) {
      await queueBookingSync(deps, tx, { id: booking.id, professionalId: booking.professional_id }, 'delete');
    }
    return { route: ok ? ('decline-price' as const) : ('booking-not-found' as const) };
  });
}

/**
 * mark-ready (spec 000 §4): the professional marks an appointment done. Only once it started
 * (issue 12: marking a future appointment done closed it before it happened); E27 says why.
 */
export async function markReady(deps: AppDeps, professionalId: number, ref: string): Promise<void> {
  const booking = await professionalBooking(deps.db, professionalId, ref);
  if (booking.state !== 'confirmed' && booking.state !== 'pending') throw new ActionError('E26');
  const nowIso = deps.now().toISOString();
  if (Date.parse(booking.starts_at) > deps.now().getTime()) throw new ActionError('E27');
  await updateBooking(deps.db, booking.id, { state: 'done', done_at: nowIso, updated_at: nowIso }, [
    'confirmed',
    'pending',
  ]);
}

/** mark-pay-booking (spec 000 §4): cash collected; the sale is settled like any other payment. */
export async function markPaid(deps: AppDeps, professionalId: number, ref: string): Promise<number> {
  const booking = await professionalBooking(deps.db, professionalId, ref);
  if (booking.state === 'cancelled' || booking.pay === 1) throw new ActionError('E26');
  const nowIso = deps.now().toISOString();
  return deps.db.transaction().execute(async (tx) => {
    let saleId = booking.sale_id;
    if (saleId === null) {
      const sale = await createSale(tx, {
        kind: 'booking',
        sellerId: professionalId,
        buyerId: booking.client_id,
        contactId: booking.contact_id,
        bookingId: booking.id,
        description: booking.title,
        amountMinor: booking.price_minor,
        discountMinor: 0,
        currency: booking.currency,
        method: 'cash',
        state: 'pending',
        provider: null,
        couponId: null,
        now: nowIso,
      });
      saleId = sale.id;
      await updateBooking(tx, booking.id, { sale_id: saleId });
    }
    await settleSalePaid(deps, tx, saleId, { method: 'cash', provider: null });
    await updateBooking(tx, booking.id, {
      pay: 1,
      pay_method: booking.pay_method ?? 'cash',
      paid_at: nowIso,
      updated_at: nowIso,
    });
    return saleId;
  });
}

/**
 * call-turnbox (spec 000 §6): an active administrator announces the client at a box. Answers
 * false when the appointment cannot be announced (not today's, cancelled).
 */
export async function announce(deps: AppDeps, ref: string): Promise<boolean> {
  const booking = await findBookingByRef(deps.db, ref);
  if (!booking || booking.state === 'cancelled' || booking.state === 'held') return false;
  const now = deps.now().getTime();
  const start = Date.parse(booking.starts_at);
  if (Math.abs(start - now) > 12 * 3_600_000) return false;
  await updateBooking(deps.db, booking.id, { announced_at: deps.now().toISOString() });
  return true;
}
