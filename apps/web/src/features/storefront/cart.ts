import { type CartRecord, cartStorageKey, type Publication, priceFor, type Turn } from '@agendo/contract';

/** spec 000 §3 "Cart record": the chosen turn and the price the viewer pays, for confirmation/{ref}. */
export function buildCart(pub: Publication, turn: Turn, firstBuy: boolean, now = new Date()): CartRecord {
  const price = priceFor(pub, pub.userCountry, now, firstBuy);
  const realPrice = price.oldAmount ?? price.amount;
  return {
    ref: pub.ref,
    title: pub.title,
    profName: pub.profName,
    profLastName: pub.profLastName,
    profRef: pub.profRef,
    img: pub.imagesBig[0]?.link ?? pub.profImg,
    therapyId: pub.therapyId,
    duration: pub.duration,
    date: turn.startsAt,
    endsAt: turn.endsAt,
    dateSelected: turn.date,
    hourStart: turn.hStart,
    timezone: turn.timezone,
    dateSelectedClient: turn.dateClient,
    hourStartClient: turn.hStartClient,
    timezoneClient: turn.timezoneClient,
    payRealPrice: price.amount,
    realPrice,
    oldPrice: price.oldAmount ?? null,
    currency: price.currency,
    priceApplied: price.applied,
    userCountry: pub.userCountry,
    profCountry: pub.profCountry,
    international: price.international,
    payCash: pub.payCash,
    payCard: pub.payCard,
    payCashLimit: pub.payCashLimit,
    payAfter: pub.payAfter,
    modeId: pub.modalityId,
    coupon: null,
    firstBuyBook: price.applied === 'first',
    qtySessions: pub.qtySessions,
    groupCapacity: pub.groupCapacity,
    hidePrice: pub.hidePrice,
    noPrice: pub.noPrice,
    free: pub.free,
    giftId: null,
    platformVideoCall: pub.platformVideoCall,
    isAgendo: pub.isAgendo,
    bookId: null,
    productType: 1,
    products: [],
    shipmentMode: null,
    shipmentAddressId: null,
    admin: pub.admin,
    createdAt: now.toISOString(),
  };
}

export function saveCart(cart: CartRecord): boolean {
  try {
    localStorage.setItem(cartStorageKey, JSON.stringify(cart));
    return true;
  } catch {
    return false;
  }
}
