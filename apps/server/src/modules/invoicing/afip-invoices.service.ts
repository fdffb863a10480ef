import { randomBytes } from 'node:crypto';
import type { DB } from '../../db/database.ts';
import type { AfipEnvironment } from '../../db/tables/afip.ts';
import {
  type AfipInvoicing,
  type AfipMessage,
  AfipUnreachable,
  type InvoiceRequest,
} from '../../providers/afip/afip-port.ts';
import {
  type AfipRequestRow,
  deleteAfipRequest,
  ensureAfipSequence,
  findAfipRequest,
  insertAfipRequest,
  listPendingAfipRequests,
  markAfipRequestAuthorised,
  releaseAfipLease,
  type SequenceKey,
  takeAfipLease,
} from './afip.repository.ts';

/**
 * Issuing one invoice safely (issue 15, ADR 014). WSFEv1 numbers are ours to choose and must
 * be exactly the next one, so:
 * - issues of one (CUIT, point of sale, type) are serialised by a lease on its afip_sequences
 *   row, taken with one conditional UPDATE (SQLite and PostgreSQL alike) and held across the
 *   calls to AFIP, which a database transaction must not be (SQLite has one connection);
 * - under the lease the number is AFIP's last authorised + 1, so invoices issued elsewhere
 *   (AFIP's own web page) are never collided with;
 * - what was asked is written first (afip_requests, under the caller's ref); when the answer is
 *   lost it is settled with FECompConsultar, never by asking again, and a retry with the same
 *   ref returns the invoice AFIP already authorised instead of taking a second number.
 */

export interface IssueContext {
  db: DB;
  environment: AfipEnvironment;
  afip: AfipInvoicing;
  now: () => Date;
  /** How long to wait for another issue of the same sequence before giving up. */
  waitMs?: number;
}

export interface IssueRequest {
  /** The caller's idempotency key (the sale's ref): one invoice per ref, however often asked. */
  ref: string;
  invoice: Omit<InvoiceRequest, 'number'>;
}

export type IssueResult =
  | {
      kind: 'authorised';
      pointOfSale: number;
      voucherType: number;
      number: number;
      cae: string;
      /** yyyy-mm-dd. */
      caeExpiry: string;
      observations: AfipMessage[];
    }
  /** AFIP refused the invoice's data: show the errors, nothing was numbered. */
  | { kind: 'rejected'; errors: AfipMessage[]; observations: AfipMessage[] }
  /** AFIP did not authorise it (its answer was lost and FECompConsultar has no such invoice): safe to ask again. */
  | { kind: 'not-issued' }
  /** The answer was lost and AFIP could not be asked what happened: ask again later with the same ref. */
  | { kind: 'unknown'; number: number };

/** Another issue of the same sequence held it for longer than `waitMs`. */
export class AfipSequenceBusy extends Error {
  constructor() {
    super('AFIP: otra factura del mismo punto de venta se está emitiendo');
    this.name = 'AfipSequenceBusy';
  }
}

/** Longer than every call a holder makes (login, last number, authorise, consult; 20 s each). */
const leaseMs = 3 * 60_000;

export async function issueInvoice(ctx: IssueContext, request: IssueRequest): Promise<IssueResult> {
  const key: SequenceKey = {
    environment: ctx.environment,
    cuit: ctx.afip.cuit,
    pointOfSale: request.invoice.pointOfSale,
    voucherType: request.invoice.voucherType,
  };
  const done = await findAfipRequest(ctx.db, request.ref);
  if (done?.state === 'authorised') return authorisedFrom(done, []);

  const lease = await acquire(ctx, key);
  try {
    // Earlier answers that were lost (this ref's or another's) are settled before a new number.
    for (const pending of await listPendingAfipRequests(ctx.db, key)) {
      const settled = await settle(ctx, pending);
      if (settled === 'unknown') {
        if (pending.ref === request.ref) return { kind: 'unknown', number: pending.number };
        // Unsure whether that number was taken: asking for the next one could collide.
        throw new AfipUnreachable('FECompConsultar');
      }
    }
    const mine = await findAfipRequest(ctx.db, request.ref);
    if (mine?.state === 'authorised') return authorisedFrom(mine, []);

    const number = (await ctx.afip.lastAuthorised(key.pointOfSale, key.voucherType)) + 1;
    await insertAfipRequest(ctx.db, {
      ...key,
      ref: request.ref,
      number,
      totalCents: request.invoice.totalCents,
      documentNumber: request.invoice.documentNumber,
      now: ctx.now().toISOString(),
    });
    const row = await findAfipRequest(ctx.db, request.ref);
    if (!row) throw new Error('afip_requests: the row just written is missing');

    let answer: Awaited<ReturnType<AfipInvoicing['authorise']>>;
    try {
      answer = await ctx.afip.authorise({ ...request.invoice, number });
    } catch (error) {
      if (!(error instanceof AfipUnreachable)) {
        await deleteAfipRequest(ctx.db, row.id);
        throw error;
      }
      // The answer was lost: AFIP may have authorised it. Ask what it recorded.
      const settled = await settle(ctx, row);
      if (settled === 'unknown') return { kind: 'unknown', number };
      if (settled === 'not-issued') return { kind: 'not-issued' };
      return authorisedFrom(settled, []);
    }
    if (answer.result === 'R') {
      await deleteAfipRequest(ctx.db, row.id);
      return { kind: 'rejected', errors: answer.errors, observations: answer.observations };
    }
    await markAfipRequestAuthorised(ctx.db, row.id, answer.cae, answer.caeExpiry, ctx.now().toISOString());
    return {
      kind: 'authorised',
      pointOfSale: key.pointOfSale,
      voucherType: key.voucherType,
      number: answer.number,
      cae: answer.cae,
      caeExpiry: answer.caeExpiry,
      observations: answer.observations,
    };
  } finally {
    await releaseAfipLease(ctx.db, key, lease);
  }
}

/** A pending request resolved by FECompConsultar: authorised (the row updated), not issued (removed), or still unknown. */
async function settle(
  ctx: IssueContext,
  row: AfipRequestRow,
): Promise<AfipRequestRow | 'not-issued' | 'unknown'> {
  let found: Awaited<ReturnType<AfipInvoicing['consult']>>;
  try {
    found = await ctx.afip.consult(row.point_of_sale, row.voucher_type, row.number);
  } catch {
    return 'unknown';
  }
  // Ours only if it is what we asked for; another invoice in that number (issued on AFIP's own
  // page meanwhile) means ours was refused.
  if (
    found &&
    found.result === 'A' &&
    found.totalCents === row.total_cents &&
    found.documentNumber === row.document_number
  ) {
    await markAfipRequestAuthorised(ctx.db, row.id, found.cae, found.caeExpiry, ctx.now().toISOString());
    return { ...row, state: 'authorised', cae: found.cae, cae_expiry: found.caeExpiry };
  }
  await deleteAfipRequest(ctx.db, row.id);
  return 'not-issued';
}

function authorisedFrom(row: AfipRequestRow, observations: AfipMessage[]): IssueResult {
  return {
    kind: 'authorised',
    pointOfSale: row.point_of_sale,
    voucherType: row.voucher_type,
    number: row.number,
    cae: row.cae ?? '',
    caeExpiry: row.cae_expiry ?? '',
    observations,
  };
}

/**
 * Waits for the sequence's lease. The lease runs on the wall clock, not on the app's `now`
 * (which tests freeze): it only has to outlive a crashed holder.
 */
async function acquire(ctx: IssueContext, key: SequenceKey): Promise<string> {
  await ensureAfipSequence(ctx.db, key);
  const token = randomBytes(16).toString('hex');
  const deadline = Date.now() + (ctx.waitMs ?? 60_000);
  for (let attempt = 0; ; attempt += 1) {
    const now = Date.now();
    if (
      await takeAfipLease(
        ctx.db,
        key,
        token,
        new Date(now).toISOString(),
        new Date(now + leaseMs).toISOString(),
      )
    ) {
      return token;
    }
    if (now > deadline) throw new AfipSequenceBusy();
    await new Promise((resolve) => setTimeout(resolve, Math.min(10 + attempt * 5, 100) + Math.random() * 10));
  }
}
