import { finalModeOf, holdMinutes, priceFor, type TempBooking } from '@agendo/contract';
import { DateTime } from 'luxon';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { asFlag } from '../../lib/flags.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { type Account, accountById } from '../accounts/accounts.service.ts';
import {
  findPublicationById,
  findPublicationByRef,
  type PublicationRow,
  pricingOf,
  toMinor,
} from '../catalogue/catalogue.service.ts';
import { createSale, repriceSale } from '../sales/sales.service.ts';
import { isFirstBuy } from '../storefront/storefront.service.ts';
import { tempBookingView } from './booking-checkout.service.ts';
import {
  type BookingRow,
  findBookingById,
  findBookingByRef,
  findLiveHold,
  insertBooking,
  updateBooking,
} from './bookings.repository.ts';
import { assertSlotFree, withProfessionalLock } from './bookings.service.ts';
import { couponDiscount } from './coupons.service.ts';

interface PriceQuote {
  amountMinor: number;
  originalMinor: number;
  discountMinor: number;
  currency: string;
  couponId: number | null;
}

/** The price the buyer pays now, from the publication (never from the client's cart). */
async function quote(
  deps: AppDeps,
  db: DB,
  pub: PublicationRow,
  pro: Account,
  buyer: Account,
  couponCode: string | undefined,
): Promise<PriceQuote> {
  const firstBuy = await isFirstBuy(db, pub.ref, { id: buyer.id, userType: buyer.user_type === 1 ? 1 : 2 });
  const price = priceFor(pricingOf(pub, pro.time_zone), buyer.country_id, deps.now(), firstBuy);
  const currency = price.currency;
  const amountMinor = price.state === 'price' ? (toMinor(price.amount, currency) ?? 0) : 0;
  if (!couponCode || amountMinor === 0) {
    return { amountMinor, originalMinor: amountMinor, discountMinor: 0, currency, couponId: null };
  }
  const today = DateTime.fromJSDate(deps.now(), { zone: pro.time_zone }).toFormat('yyyy-LL-dd');
  const { coupon, discountMinor } = await couponDiscount(db, pro.id, couponCode, {
    amountMinor,
    currency,
    today,
  });
  return {
    amountMinor: amountMinor - discountMinor,
    originalMinor: amountMinor,
    discountMinor,
    currency,
    couponId: coupon.id,
  };
}

async function buyerAndPublication(db: DB, buyerId: number, ref: string) {
  const pub = await findPublicationByRef(db, ref);
  if (!pub) throw new ActionError('E7');
  const [buyer, pro] = await Promise.all([accountById(db, buyerId), accountById(db, pub.user_id)]);
  if (!buyer || !pro) throw new ActionError('E7');
  if (pub.user_id === buyer.id) throw new ActionError('E12');
  return { pub, buyer, pro };
}

/**
 * save-temp-booking: holds the slot for holdMinutes. In one serialised transaction: the slot is
 * checked (offered and free), the price computed, the held booking and its pending sale written.
 */
export async function createTempBooking(
  deps: AppDeps,
  buyerId: number,
  input: {
    ref: string;
    startsAt: string;
    modality?: 1 | 2 | undefined;
    coupon?: string | undefined;
    userTime?: string | undefined;
  },
): Promise<TempBooking> {
  const { pub, buyer, pro } = await buyerAndPublication(deps.db, buyerId, input.ref);
  if (pub.paused === 1) throw new ActionError('E10');
  const modality = pub.modality_id === 3 ? input.modality : pub.modality_id;
  if (modality !== 1 && modality !== 2) throw new ActionError('E11');
  const startMs = Date.parse(input.startsAt);
  const startsAt = new Date(startMs).toISOString();
  const endsAt = new Date(startMs + pub.duration_min * 60_000).toISOString();
  const now = deps.now();
  const nowIso = now.toISOString();
  const coupon = input.coupon?.trim() || undefined;

  const booking = await withProfessionalLock(deps, pro.id, async (tx) => {
    const existing = await findLiveHold(tx, buyer.id, pub.id, startsAt, nowIso);
    if (existing) return existing;
    await assertSlotFree(deps, tx, {
      publicationId: pub.id,
      professionalId: pro.id,
      startsAt,
      endsAt,
      seats: 1,
      groupCapacity: pub.group_capacity,
    });
    const price = await quote(deps, tx, pub, pro, buyer, coupon);
    const ref = newRef();
    const holdExpiresAt = new Date(now.getTime() + holdMinutes * 60_000).toISOString();
    const id = await insertBooking(tx, {
      ref,
      publication_id: pub.id,
      professional_id: pro.id,
      client_id: buyer.id,
      contact_id: null,
      starts_at: startsAt,
      ends_at: endsAt,
      state: 'held',
      hold_expires_at: holdExpiresAt,
      seats: 1,
      created_at: nowIso,
      updated_at: nowIso,
      title: pub.title,
      duration: pub.duration_min,
      modality_id: modality,
      price_minor: price.amountMinor,
      original_price_minor: price.originalMinor,
      discount_minor: price.discountMinor,
      currency: price.currency,
      coupon_id: price.couponId,
      pay_cash: pub.pay_cash,
      pay_card: pub.pay_card,
      hide_price: pub.hide_price,
      no_price: pub.no_price,
      price_prof_ok: 0,
      client_time_zone: input.userTime ?? buyer.time_zone,
    });
    const mode = finalModeOf({
      hidePrice: asFlag(pub.hide_price),
      noPrice: asFlag(pub.no_price),
      price: price.amountMinor,
    });
    const sale = await createSale(tx, {
      kind: 'booking',
      sellerId: pro.id,
      buyerId: buyer.id,
      contactId: null,
      bookingId: id,
      description: pub.title,
      amountMinor: price.amountMinor,
      discountMinor: price.discountMinor,
      currency: price.currency,
      method: mode === 'manual' ? 'manual' : mode === 'free' ? 'free' : 'card',
      state: 'pending',
      provider: null,
      couponId: price.couponId,
      now: nowIso,
    });
    await updateBooking(tx, id, { sale_id: sale.id });
    const row = await findBookingById(tx, id);
    if (!row) throw new Error('booking vanished');
    return row;
  });
  return tempBookingView(deps.db, booking, input.userTime);
}

/** The client's own booking by ref; anybody else's answers the same not-found code. */
export async function ownBooking(db: DB, clientId: number, ref: string): Promise<BookingRow> {
  const booking = await findBookingByRef(db, ref);
  if (!booking || booking.client_id !== clientId) throw new ActionError('E14');
  return booking;
}

export function holdAlive(booking: BookingRow, now: Date): boolean {
  return (
    booking.state === 'held' &&
    booking.hold_expires_at !== null &&
    booking.hold_expires_at > now.toISOString()
  );
}

/** A held booking whose time ran out: answered with the spec's expiry message (E13). */
export async function liveHeldBooking(deps: AppDeps, clientId: number, ref: string): Promise<BookingRow> {
  const booking = await ownBooking(deps.db, clientId, ref);
  if (!holdAlive(booking, deps.now())) throw new ActionError(booking.state === 'held' ? 'E13' : 'E14');
  return booking;
}

/** apply-coupon: recomputes the held booking's price with (or without) the coupon. */
export async function applyCouponToHold(
  deps: AppDeps,
  clientId: number,
  input: { ref: string; code: string; userTime?: string | undefined },
): Promise<TempBooking> {
  const held = await liveHeldBooking(deps, clientId, input.ref);
  const pub = await findPublicationById(deps.db, held.publication_id);
  const [buyer, pro] = await Promise.all([
    accountById(deps.db, clientId),
    accountById(deps.db, held.professional_id),
  ]);
  if (!pub || !buyer || !pro) throw new ActionError('E14');
  const price = await quote(deps, deps.db, pub, pro, buyer, input.code || undefined);
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (tx) => {
    await updateBooking(
      tx,
      held.id,
      {
        price_minor: price.amountMinor,
        original_price_minor: price.originalMinor,
        discount_minor: price.discountMinor,
        currency: price.currency,
        coupon_id: price.couponId,
        updated_at: now,
      },
      ['held'],
    );
    if (held.sale_id !== null) {
      await repriceSale(tx, held.sale_id, {
        amountMinor: price.amountMinor,
        discountMinor: price.discountMinor,
        now,
      });
    }
  });
  const row = await findBookingById(deps.db, held.id);
  if (!row) throw new ActionError('E14');
  return tempBookingView(deps.db, row, input.userTime);
}

/** A payment started: the hold lasts while the client is on the provider's page. */
export async function extendHold(deps: AppDeps, db: DB, bookingId: number, untilIso: string): Promise<void> {
  await updateBooking(db, bookingId, { hold_expires_at: untilIso, updated_at: deps.now().toISOString() }, [
    'held',
  ]);
}
