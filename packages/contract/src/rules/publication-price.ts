import { countryIds, uruguayLegacyId } from '../constants/countries.ts';

type Flag = 0 | 1;

/** The fields of a publication (as get-publish answers it) that decide what a viewer pays. */
export interface PublicationPricing {
  /** The professional's country id and IANA zone: promo dates are days of that calendar. */
  profCountry: number;
  profTimeZone: string;
  /** Currency of the *Local prices: the professional's (currencyForCountryId of profCountry). */
  profCurrency: string;
  realPriceLocal: number;
  realPriceInter: number;
  promo: Flag;
  promoPriceLocal: number | null;
  promoPriceInter: number | null;
  promoStartDate: string | null;
  promoFinishDate: string | null;
  praConsulta: Flag;
  firstPriceLocal: number | null;
  firstPriceInter: number | null;
  hidePrice: Flag;
  noPrice: Flag;
  free: Flag;
}

/**
 * What the price block shows:
 * - `price`: pay `amount` (with `oldAmount` struck through when a promo or first-consult price applies);
 * - `free`: GRATIS;
 * - `noPrice`: the professional sets the price after booking (spec 000 §4 "price 0 with noPrice set");
 * - `hidden`: the price is agreed with the professional and confirmed by the client later
 *   (spec 000 §4 "Manual price confirmation", hidePrice).
 */
export type PriceState = 'price' | 'free' | 'noPrice' | 'hidden';

export interface ViewerPrice {
  state: PriceState;
  amount: number;
  oldAmount?: number;
  currency: string;
  /** spec 000 §9: the viewer's country differs from the professional's, so prices are in USD. */
  international: boolean;
  /** Which special price gave `amount`. */
  applied: 'normal' | 'promo' | 'first';
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone; UTC when the zone is unknown. */
export function localDateOf(now: Date, timeZone: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  } catch {
    return now.toISOString().slice(0, 10);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * spec 000 §4: a promo price applies only between its start and finish dates. Both dates are
 * days of the professional's calendar and both are included: a promo "hasta el 30" is still on
 * at 23:59 of the 30th in the professional's zone, and off from the 31st.
 */
export function isPromoActive(
  pub: Pick<PublicationPricing, 'promo' | 'promoStartDate' | 'promoFinishDate' | 'profTimeZone'>,
  now: Date,
): boolean {
  if (pub.promo !== 1 || !pub.promoStartDate || !pub.promoFinishDate) return false;
  const today = localDateOf(now, pub.profTimeZone);
  return pub.promoStartDate <= today && today <= pub.promoFinishDate;
}

function sameCountry(a: number, b: number): boolean {
  const norm = (id: number) => (id === uruguayLegacyId ? countryIds.UY : id);
  return norm(a) === norm(b);
}

/** spec 000 §9: international prices are in USD when the viewer's country differs from the professional's. */
export function isInternationalViewer(profCountry: number, viewerCountryId: number | null): boolean {
  return viewerCountryId !== null && !sameCountry(profCountry, viewerCountryId);
}

/**
 * The price a viewer from `viewerCountryId` pays now. A live promo and the first-consult price
 * (praConsulta, on the client's first purchase, see check-first-buy) both replace the normal
 * price; when both apply the lower one wins, and the normal price becomes the old price.
 * An unknown viewer country (null) sees the local price.
 */
export function priceFor(
  pub: PublicationPricing,
  viewerCountryId: number | null,
  now: Date,
  firstBuy: boolean,
): ViewerPrice {
  const international = isInternationalViewer(pub.profCountry, viewerCountryId);
  const currency = international ? 'USD' : pub.profCurrency;
  if (pub.free === 1) return { state: 'free', amount: 0, currency, international, applied: 'normal' };
  if (pub.noPrice === 1) return { state: 'noPrice', amount: 0, currency, international, applied: 'normal' };
  if (pub.hidePrice === 1) return { state: 'hidden', amount: 0, currency, international, applied: 'normal' };

  const normal = international ? pub.realPriceInter : pub.realPriceLocal;
  let amount = normal;
  let applied: ViewerPrice['applied'] = 'normal';
  const promo = international ? pub.promoPriceInter : pub.promoPriceLocal;
  if (promo !== null && isPromoActive(pub, now) && promo < amount) {
    amount = promo;
    applied = 'promo';
  }
  const first = international ? pub.firstPriceInter : pub.firstPriceLocal;
  if (firstBuy && pub.praConsulta === 1 && first !== null && first < amount) {
    amount = first;
    applied = 'first';
  }
  return {
    state: 'price',
    amount,
    ...(applied !== 'normal' ? { oldAmount: normal } : {}),
    currency,
    international,
    applied,
  };
}
