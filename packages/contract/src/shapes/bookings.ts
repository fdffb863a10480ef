import { z } from 'zod';

const Flag = z.union([z.literal(0), z.literal(1)]);

/** A turn's day, hour and zone as the professional sees it, then as the client does. */
export const turnSides = {
  dateSelected: z.string(),
  hourStart: z.string(),
  timezone: z.string(),
  dateSelectedClient: z.string(),
  hourStartClient: z.string(),
  timezoneClient: z.string(),
};

/** Where an online session happens when it is not the platform's own call: link, password, room. */
export const callPlace = {
  linkVideoCall: z.string().nullable(),
  passVideoCall: z.string().nullable(),
  roomIdLink: z.string().nullable(),
};

/** The appointment states of the server (see apps/server db/tables/bookings.ts for their meaning). */
export const BookingStateName = z.enum(['held', 'pending', 'confirmed', 'done', 'cancelled']);
export type BookingStateName = z.infer<typeof BookingStateName>;

/** spec 000 §3 "Group participant": one seat of a group appointment, as its professional sees it. */
export const GroupParticipant = z.object({
  clientId: z.string(),
  /** The participant's booking ref ('Ver cita' opens it). */
  id: z.string(),
  clientName: z.string(),
  imgClient: z.string().nullable(),
  pay: Flag,
  price: z.number(),
  hidePrice: Flag,
});
export type GroupParticipant = z.infer<typeof GroupParticipant>;

/**
 * spec 000 §3 "Booking (options panel)": one appointment as the viewer sees it. Field names are
 * the spec's. Money: `price` is a decimal amount in `currency` (minor units stay on the server).
 * `hourStart` is the professional's wall-clock hour, `hourStartClient` the client's; `date` is
 * the day in the VIEWER's zone, `dateNoFormat` the UTC instant. `now` (0/1) says the appointment
 * is happening now (start − 10 min … end). Permission flags (`canCancel`, `canRemark`,
 * `canCalificate`) are computed by the server for the viewer.
 */
export const Booking = z.object({
  id: z.string(),
  bookId: z.string(),
  state: BookingStateName,
  title: z.string(),
  service: z.string(),
  /** The publication ref (view publication, re-booking calendar). */
  publicationRef: z.string(),
  sellerName: z.string(),
  sellerRef: z.string(),
  clientName: z.string(),
  imgSeller: z.string().nullable(),
  imgClient: z.string().nullable(),
  date: z.string(),
  dateNoFormat: z.string(),
  endsAt: z.string(),
  hourStart: z.string(),
  hourStartClient: z.string(),
  timezone: z.string(),
  timezoneClient: z.string(),
  now: Flag,
  duration: z.number().int(),
  /** 1 online, 2 in person, 3 both offered by the publication (the chosen one is `modalityChosen`). */
  modalityId: z.number().int(),
  modalityChosen: z.number().int(),
  modality: z.string(),
  modalityClass: z.string(),
  address: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  pay: Flag,
  payMethod: z.string().nullable(),
  noPrice: Flag,
  hidePrice: Flag,
  priceProfOk: Flag,
  /** The instant by which the client must confirm the price (hidePrice 1, priceProfOk 1). */
  priceConfirmDeadline: z.string().nullable(),
  payCash: Flag,
  payCard: Flag,
  recurrent: Flag,
  seriesRef: z.string().nullable(),
  /** Group appointments: the slot's key (publication and start); null for individual ones. */
  groupId: z.string().nullable(),
  groupCapacity: z.number().int(),
  customerId: z.string().nullable(),
  idContact: z.string().nullable(),
  hasContact: Flag,
  clientPhone: z.string().nullable(),
  userCountry: z.number().int().nullable(),
  linkId: z.string().nullable(),
  createByProf: Flag,
  canCancel: z.boolean(),
  canRemark: z.boolean(),
  canCalificate: z.boolean(),
  /** The viewer already rated / remarked this appointment. */
  rated: z.boolean(),
  /** spec 000 §3 platformVideoCall, after the fallback of §4 (own room when the external one is not connected). */
  platformVideoCall: z.number().int().nullable(),
  ...callPlace,
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /**
   * The card refund of a cancelled paid appointment, for both sides (issue 34: the client sees
   * her money coming back): pending while the provider has not confirmed it (retried over about
   * a day), done, or flagged when every attempt failed. Null when nothing was refunded.
   */
  refundState: z.enum(['pending', 'done', 'flagged']).nullable(),
  /** Which side the viewer is on. */
  viewerRole: z.enum(['professional', 'client']),
});
export type Booking = z.infer<typeof Booking>;

/** spec 000 §3 "Bank data for price confirmation" (validated with the codes E210–E270). */
export const BankData = z.object({
  country: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  accountType: z.string().nullable(),
  bankName: z.string(),
  currency: z.string(),
  account: z.string(),
  alias: z.string().nullable(),
});
export type BankData = z.infer<typeof BankData>;

/** spec 000 §3 Cart record, as the server computed it for a temporary booking. */
export const TempBooking = z.object({
  tempBookId: z.string(),
  state: z.enum(['held', 'pending', 'confirmed', 'done', 'cancelled']),
  publicationRef: z.string(),
  title: z.string(),
  profName: z.string(),
  profRef: z.string(),
  profImg: z.string().nullable(),
  img: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  duration: z.number().int(),
  ...turnSides,
  modalityId: z.number().int(),
  /** The publication offers both: the client chose `modalityId`. */
  modalityChoice: z.boolean(),
  address: z.string().nullable(),
  /** Decimal amounts in `currency`. */
  price: z.number(),
  originalPrice: z.number(),
  discount: z.number(),
  currency: z.string(),
  coupon: z.string().nullable(),
  international: z.boolean(),
  hidePrice: Flag,
  noPrice: Flag,
  pay: Flag,
  holdExpiresAt: z.string().nullable(),
  /** spec 002 §4: manual (hidePrice), free (noPrice or 0), pay (choose a method). */
  finalMode: z.enum(['manual', 'free', 'pay']),
  options: z.object({ cash: z.boolean(), card: z.boolean(), transfer: z.boolean() }),
  provider: z.enum(['dlocal', 'stripe', 'mercadopago', 'paypal']).nullable(),
  /** The professional's bank data for a transfer; null → the chat message of spec 002 §8. */
  bank: BankData.nullable(),
});
export type TempBooking = z.infer<typeof TempBooking>;

/** my-coupons: a professional's discount coupons. */
export const Coupon = z.object({
  ref: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  /** Percent (1–100) or a decimal amount in `currency`. */
  value: z.number(),
  currency: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
});
export type Coupon = z.infer<typeof Coupon>;
