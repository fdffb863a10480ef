import { z } from 'zod';
import { action, ok } from '../action.ts';
import { contactNotFound } from '../constants/contacts.ts';
import { NextPage, PageStart } from '../shapes/paging.ts';
import { BillingRow, billingPageSizes, billingSortKeys } from '../shapes/sales.ts';
import { Ref, TimeZone } from './fields.ts';

/**
 * spec 001 §7 find-billing-all: the professional's sales, a page at a time, sorted and searched
 * on the server. consultantId (a contact's ref) narrows to one client's sales (Contrataciones).
 * export true answers a spreadsheet of every matching row instead (a corporate session needs
 * billingExport); the rows are read again on the server rather than trusted from exportArray.
 * Pages are numbered (`page`, with `total` for the pager); a client reading on may instead send
 * back the `next` of the answer (the page after it, found through the index rather than by
 * skipping rows). A number in `next` is a row offset, as in find-bookings.
 */
export const findBillingAll = action('find-billing-all', {
  input: z.object({
    mode: z.literal(1).default(1),
    export: z.boolean().default(false),
    timezone: TimeZone.optional(),
    consultantId: Ref.optional(),
    search: z.string({ error: 'E1' }).trim().max(100, 'E1').default(''),
    sort: z.enum(billingSortKeys, { error: 'E1' }).default('date'),
    dir: z.enum(['asc', 'desc'], { error: 'E1' }).default('desc'),
    page: z.number({ error: 'E1' }).int('E1').min(1, 'E1').max(100_000, 'E1').default(1),
    pageSize: z
      .number({ error: 'E1' })
      .int('E1')
      .refine((n) => (billingPageSizes as readonly number[]).includes(n), 'E1')
      .default(20),
    /**
     * Issue 34 filters: the sale's state (refunded includes a paid sale whose refund is owed),
     * the consultation's days from and to (YYYY-MM-DD, both included), currency and method.
     */
    state: z.enum(['pending', 'paid', 'refunded', 'void'], { error: 'E1' }).optional(),
    from: z.iso.date({ error: 'E1' }).optional(),
    to: z.iso.date({ error: 'E1' }).optional(),
    currency: z
      .string({ error: 'E1' })
      .regex(/^[A-Z]{3}$/, 'E1')
      .optional(),
    method: z.enum(['card', 'cash', 'transfer', 'free', 'manual'], { error: 'E1' }).optional(),
    /** Where the page starts instead of `page`: an answer's `next`, or a row offset. */
    next: PageStart.optional(),
  }),
  output: ok({
    rows: z.array(BillingRow),
    total: z.number().int(),
    /** The cursor of the page after this one (null after the last); not sent with an export. */
    next: NextPage.optional(),
    /** export true: the private link of the spreadsheet. */
    file: z.string().optional(),
  }),
  errors: {
    E90: contactNotFound,
  },
});
