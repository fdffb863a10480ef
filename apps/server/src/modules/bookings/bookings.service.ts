import {
  type BankData,
  type BookingResultRoute,
  chooseProvider,
  finalModeOf,
  holdMinutes,
  type PaymentOptions,
  paymentOptions,
  priceFor,
  type TempBooking,
} from '@agendo/contract';
import { DateTime } from 'luxon';
import type { DB } from '../../db/database.ts';
import type { AppDeps, SaleSettlement } from '../../deps.ts';
import { asFlag } from '../../lib/flags.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { type Account, accountById } from '../accounts/accounts.service.ts';
import { offeredTurnAt } from '../availability/availability.service.ts';
import {
  coverImages,
  findPublicationById,
  findPublicationByRef,
  fromMinor,
  type PublicationRow,
  pricingOf,
  toMinor,
} from '../catalogue/catalogue.service.ts';
import { ensureContactForClient } from '../contacts/contacts.service.ts';
import { queueBookingSync, takenElsewhere } from '../external-calendars/external-calendars.service.ts';
import { type CheckoutSeller, checkoutSeller } from '../payment-options/payment-options.service.ts';
import { createSale, markSalePaid, repriceSale, voidSale } from '../sales/sales.service.ts';

import { isFirstBuy } from '../storefront/storefront.service.ts';
import { sendBookingMail } from './booking-mails.ts';
import {
  type BookingRow,
  findBankAccount,
  findBookingById,
  findBookingByRef,
  findLiveHold,
  insertBooking,
  listLiveOverlapping,
  lockProfessional,
  updateBooking,
} from './bookings.repository.ts';
import { couponDiscount, findCouponById, useCoupon } from './coupons.service.ts';

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

const localDate = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat('yyyy-LL-dd');
const localHour = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat('HH:mm');

/** spec 002 §4 provider choice, with the professional's own keys when they saved some. */
function providerFor(
  pub: PublicationRow,
  booking: BookingRow,
  international: boolean,
  seller: CheckoutSeller,
) {
  return chooseProvider({
    international,
    countryId: pub.country_id,
    sellerKeys: seller.keys,
    currency: booking.currency,
  });
}

/**
 * The publication's flags narrowed by how the professional lets clients pay
 * (update-user-payment-options, spec 002 §3); without saved options the publication decides.
 */
function optionsFor(
  pub: PublicationRow,
  booking: BookingRow,
  international: boolean,
  seller: CheckoutSeller,
): PaymentOptions {
  const allowed = (flag: number, sellerFlag: 0 | 1 | undefined) =>
    flag === 1 && (sellerFlag ?? 1) === 1 ? 1 : 0;
  return paymentOptions({
    modalityId: booking.modality_id,
    payCash: allowed(pub.pay_cash, seller.options?.payCash),
    payCard: allowed(pub.pay_card, seller.options?.payCard),
    payMoney: seller.options?.payMoney ?? 1,
    createByProf: booking.create_by_prof === 1,
    // Flags the professional chose when confirming a hidden price (confirm-booking-price).
    bookingPayCash: booking.price_prof_ok === 1 ? asFlag(booking.pay_cash) : null,
    bookingPayCard: booking.price_prof_ok === 1 ? asFlag(booking.pay_card) : null,
    provider: providerFor(pub, booking, international, seller),
    currency: booking.currency,
    international,
  });
}

/** The confirmation page's view of a temporary (or just finalised) booking. */
export async function tempBookingView(
  db: DB,
  booking: BookingRow,
  viewerZone: string | undefined,
): Promise<TempBooking> {
  const pub = await findPublicationById(db, booking.publication_id);
  const pro = await accountById(db, booking.professional_id);
  if (!pub || !pro) throw new ActionError('E14');
  const covers = await coverImages(db, [pub.id]);
  const client = booking.client_id !== null ? await accountById(db, booking.client_id) : undefined;
  const clientZone = viewerZone ?? booking.client_time_zone ?? client?.time_zone ?? pro.time_zone;
  const international = booking.currency !== pub.currency;
  const start = Date.parse(booking.starts_at);
  const seller = await checkoutSeller(db, pro.id);
  const options = optionsFor(pub, booking, international, seller);
  const bank = options.transfer ? await findBankAccount(db, pro.id) : undefined;
  const coupon = booking.coupon_id !== null ? await findCouponById(db, booking.coupon_id) : undefined;
  return {
    tempBookId: booking.ref,
    state: booking.state,
    publicationRef: pub.ref,
    title: booking.title,
    profName: `${pro.first_name} ${pro.last_name}`.trim(),
    profRef: pro.ref,
    profImg: pro.img,
    img: covers.get(pub.id) ?? pro.img,
    startsAt: booking.starts_at,
    endsAt: booking.ends_at,
    duration: booking.duration,
    dateSelected: localDate(start, pro.time_zone),
    hourStart: localHour(start, pro.time_zone),
    timezone: pro.time_zone,
    dateSelectedClient: localDate(start, clientZone),
    hourStartClient: localHour(start, clientZone),
    timezoneClient: clientZone,
    modalityId: booking.modality_id,
    modalityChoice: pub.modality_id === 3,
    address: booking.modality_id === 2 ? pub.address : null,
    price: fromMinor(booking.price_minor, booking.currency),
    originalPrice: fromMinor(booking.original_price_minor, booking.currency),
    discount: fromMinor(booking.discount_minor, booking.currency),
    currency: booking.currency,
    coupon: coupon?.code ?? null,
    international,
    hidePrice: asFlag(booking.hide_price),
    noPrice: asFlag(booking.no_price),
    pay: asFlag(booking.pay),
    holdExpiresAt: booking.state === 'held' ? booking.hold_expires_at : null,
    finalMode: finalModeOf({
      hidePrice: asFlag(booking.hide_price),
      noPrice: asFlag(booking.no_price),
      price: booking.price_minor,
    }),
    options,
    provider: options.card ? providerFor(pub, booking, international, seller) : null,
    bank: bank ? bankDataView(bank) : null,
  };
}

/** The professional's bank data as the buyer's transfer step shows it (bookings and modules). */
export function bankDataView(bank: NonNullable<Awaited<ReturnType<typeof findBankAccount>>>): BankData {
  return {
    country: bank.country_id,
    firstName: bank.first_name,
    lastName: bank.last_name,
    accountType: bank.account_type,
    bankName: bank.bank_name,
    currency: bank.currency,
    account: bank.account,
    alias: bank.alias,
  };
}

export async function professionalBankData(db: DB, professionalId: number): Promise<BankData | null> {
  const bank = await findBankAccount(db, professionalId);
  return bank ? bankDataView(bank) : null;
}

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

function holdAlive(booking: BookingRow, now: Date): boolean {
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

/** A booking's sale was refunded by the provider: the appointment is unpaid again. */
/** The bookings slice's part of settling a sale (deps.settlements.booking). */
export const bookingSettlement: SaleSettlement = {
  paid: async (deps, db, sale) =>
    sale.booking_id !== null ? onBookingSalePaid(deps, db, sale.booking_id) : 'settled',
  refunded: async (deps, db, sale) => {
    if (sale.booking_id !== null) await onBookingSaleRefunded(deps, db, sale.booking_id);
  },
};

export async function onBookingSaleRefunded(deps: AppDeps, db: DB, bookingId: number): Promise<void> {
  await updateBooking(db, bookingId, { pay: 0, paid_at: null, updated_at: deps.now().toISOString() });
}

export async function bookingRefById(db: DB, id: number): Promise<string | null> {
  return (await findBookingById(db, id))?.ref ?? null;
}

/** A payment started: the hold lasts while the client is on the provider's page. */
export async function extendHold(deps: AppDeps, db: DB, bookingId: number, untilIso: string): Promise<void> {
  await updateBooking(db, bookingId, { hold_expires_at: untilIso, updated_at: deps.now().toISOString() }, [
    'held',
  ]);
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
function assertBeforeStart(deps: AppDeps, booking: BookingRow, code: 'E16' | 'E17') {
  if (Date.parse(booking.starts_at) <= deps.now().getTime()) throw new ActionError(code);
}

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

/**
 * cancel-booking: the client before the start; the professional (calendarCancel, checked by the
 * action) until it is done. An unpaid sale is voided; a paid one is left for the caller to refund.
 */
export async function cancelBooking(
  deps: AppDeps,
  user: { id: number; actorId: number; permissions: Readonly<Record<string, boolean>> | null },
  input: { ref: string; reason?: string | undefined },
): Promise<{ booking: BookingRow; refundId: number | null }> {
  const { booking, actor } = await bookingForUser(deps.db, user, input.ref, 'calendarCancel');
  if (booking.state === 'cancelled') throw new ActionError('E18');
  if (booking.state === 'done') throw new ActionError('E17');
  if (actor.role === 'client') assertBeforeStart(deps, booking, 'E17');
  const nowIso = deps.now().toISOString();
  return deps.db.transaction().execute(async (tx) => {
    const changed = await updateBooking(
      tx,
      booking.id,
      {
        state: 'cancelled',
        cancelled_at: nowIso,
        cancelled_by: user.actorId,
        cancel_reason: input.reason?.trim() ? `${actor.role}: ${input.reason.trim()}` : actor.role,
        updated_at: nowIso,
      },
      ['pending', 'confirmed'],
    );
    if (!changed) throw new ActionError('E18');
    let refundId: number | null = null;
    if (booking.sale_id !== null) {
      const voided = await voidSale(tx, booking.sale_id, nowIso);
      // A card payment is owed back: recorded with the cancellation, paid back after it commits.
      if (!voided && booking.pay === 1 && booking.pay_method === 'card') {
        refundId = await deps.refunds.oweForSale(deps, tx, booking.sale_id);
      }
    }
    await sendBookingMail(deps, tx, booking.id, 'cancelled');
    await queueBookingSync(deps, tx, { id: booking.id, professionalId: booking.professional_id }, 'delete');
    const row = await findBookingById(tx, booking.id);
    if (!row) throw new ActionError('E14');
    return { booking: row, refundId };
  });
}
