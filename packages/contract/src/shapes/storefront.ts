import { z } from 'zod';
import { turnSides } from './bookings.ts';
import { paymentFlags } from './catalogue.ts';

const Flag = z.union([z.literal(0), z.literal(1)]);

/**
 * spec 000 §3 "Cart record (local storage)": what the booking picker leaves for the
 * confirmation page (confirmation/{ref}). Prices are decimal amounts in `currency`, the one
 * the viewer pays in (USD for an international viewer, spec 000 §9). Hours: `hourStart` is the
 * professional's, `hourStartClient` the viewer's; `date` is the instant (UTC ISO-8601).
 */
export const CartRecord = z.object({
  ref: z.string(),
  title: z.string(),
  profName: z.string(),
  profLastName: z.string(),
  profRef: z.string(),
  img: z.string().nullable(),
  therapyId: z.number().int(),
  duration: z.number().int(),
  /** The chosen turn: instant, the professional's and the viewer's day and hour and zones. */
  date: z.string(),
  endsAt: z.string(),
  ...turnSides,
  /** Prices: what the viewer pays now and the regular price it replaces (promo or first consult). */
  payRealPrice: z.number(),
  realPrice: z.number(),
  oldPrice: z.number().nullable(),
  currency: z.string(),
  priceApplied: z.enum(['normal', 'promo', 'first']),
  userCountry: z.number().int().nullable(),
  profCountry: z.number().int(),
  international: z.boolean(),
  ...paymentFlags,
  modeId: z.number().int(),
  coupon: z.string().nullable(),
  firstBuyBook: z.boolean(),
  qtySessions: z.number().int(),
  groupCapacity: z.number().int(),
  hidePrice: Flag,
  noPrice: Flag,
  free: Flag,
  giftId: z.string().nullable(),
  platformVideoCall: z.number().int().nullable(),
  isAgendo: Flag,
  /** Set when re-booking an existing appointment; null for a new booking. */
  bookId: z.string().nullable(),
  /** spec 000 §3: productType 1 is a service appointment (no products, no shipment). */
  productType: z.literal(1),
  products: z.array(z.unknown()),
  shipmentMode: z.number().int().nullable(),
  shipmentAddressId: z.number().int().nullable(),
  /** The viewer owns the publication (spec 000 §3 "admin"). */
  admin: z.boolean(),
  createdAt: z.string(),
});
export type CartRecord = z.infer<typeof CartRecord>;
