import { z } from 'zod';

/** spec 001 §2.3: the columns the sales table sorts on, by their row field. */
export const billingSortKeys = [
  'date',
  'datePay',
  'clientName',
  'title',
  'modality',
  'price',
  'promoSeller',
  'netPrice',
  'pay',
  'PendingPay',
] as const;
export type BillingSortKey = (typeof billingSortKeys)[number];

/** spec 001 §7: page sizes the table offers (server-side paging). */
export const billingPageSizes = [10, 20, 50, 100] as const;

/**
 * spec 001 §3 Sales record, one row of the sales and billing table. Money is in minor units of
 * `currency`; instants are ISO-8601 UTC (the table formats them in the viewer's zone).
 */
export const BillingRow = z.object({
  /** The sale's ref: the sell id, and the ref of mark-pay-booking. */
  id: z.string(),
  sellId: z.string(),
  /** The consultation's instant (the appointment's start; the purchase for a module). */
  date: z.string(),
  clientName: z.string(),
  imgClient: z.string().nullable(),
  clientPhone: z.string().nullable(),
  clientMail: z.string().nullable(),
  title: z.string(),
  /** 'Sesión' or 'Curso'. */
  service: z.string(),
  /** Shown as the status column: 'Online', 'Presencial' or 'Curso'. */
  modality: z.string(),
  modeSell: z.enum(['1', '2']),
  /** The appointment a '1' row opens in the booking menu. */
  bookingRef: z.string().nullable(),
  courseRef: z.string().nullable(),
  moduleId: z.string().nullable(),
  currency: z.string(),
  /** Gross, discount and final amounts. */
  price: z.number().int(),
  promoSeller: z.number().int(),
  netPrice: z.number().int(),
  /** 1 paid, 0 unpaid, '--' nothing to pay (a free sale). */
  pay: z.union([z.literal(0), z.literal(1), z.literal('--')]),
  /**
   * The sale's state (issue 34: the 'Estado' column): pending (owed), paid, refunded (its
   * money went back) or void (cancelled before it was paid).
   */
  state: z.enum(['pending', 'paid', 'refunded', 'void']),
  /** The card refund of a paid sale whose appointment was cancelled (see Booking.refundState). */
  refundState: z.enum(['pending', 'done', 'flagged']).nullable(),
  /** '2': the contracting ended without payment (cancelled, voided or refunded). */
  complete: z.enum(['1', '2']),
  datePay: z.string().nullable(),
  PendingPay: z.number().int(),
  /**
   * spec 001 §4 Invoice: 'Facturar' while canBill and no billLink (a paid ARS sale of a seller in
   * Argentina with a client contact, not yet invoiced); billLink is the private PDF's path.
   */
  canBill: z.boolean(),
  billLink: z.string().nullable(),
  /** spec 001 §3 customerId: the client's contact ref, whose fiscal data the invoice popup edits. */
  customerId: z.string().nullable(),
  /**
   * Commission percent (e.g. 10 or 7.5) and amount, frozen when the sale was paid; 0 once a
   * refund is owed (the platform keeps nothing of money paid back).
   */
  comisionPorc: z.number(),
  AmmountAs: z.number().int(),
  cashout_id: z.string().nullable(),
  payout_date: z.string().nullable(),
  payId: z.string().nullable(),
});
export type BillingRow = z.infer<typeof BillingRow>;
