import {
  type BankData,
  chooseProvider,
  finalModeOf,
  type PaymentOptions,
  paymentOptions,
  type TempBooking,
} from '@agendo/contract';
import { DateTime } from 'luxon';
import type { DB } from '../../db/database.ts';
import { asFlag } from '../../lib/flags.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import {
  coverImages,
  findPublicationById,
  fromMinor,
  type PublicationRow,
} from '../catalogue/catalogue.service.ts';
import { type CheckoutSeller, checkoutSeller } from '../payment-options/payment-options.service.ts';
import { type BookingRow, findBankAccount } from './bookings.repository.ts';
import { findCouponById } from './coupons.service.ts';

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
export function optionsFor(
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
