import { auditPageSize, clinicalPageSize, type RecordFile } from '@agendo/contract';
import { DateTime } from 'luxon';
import { type DB, inTransaction } from '../../db/database.ts';
import type { AuditAction, ClinicalArea } from '../../db/tables/clinical.ts';
import { newRef } from '../../lib/random.ts';
import type { SignedInContext } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { listAuditEvents, writeCallerAuditEvent } from '../audit/audit.service.ts';
import { findOwnedContact } from '../contacts/contacts.service.ts';
import { areContactUploads, recordFilesByRef } from '../files/files.service.ts';
import { type CieEntry, findCieCode } from './cie10.index.ts';
import {
  type EntryRow,
  findLiveEntry,
  insertEntry,
  insertEntryVersion,
  listAllLiveEntries,
  listLiveEntries,
  updateEntry,
} from './clinical.repository.ts';

// ——— Clinical entries (spec 001 §2.5, §3, §4, §7) ———

export interface SaveEntryRequest {
  area: ClinicalArea;
  consId: string;
  ref: string | null;
  kind: number;
  /** The entry's own clinical date (YYYY-MM-DD); null for areas without one. */
  entryDate: string | null;
  payload: object;
  /** Refs of uploaded files and the code answering when one is not this contact's. */
  files?: { refs: string[]; code: string };
}

type Ctx = SignedInContext;

/** The contact of this professional, or an audited denial answered as not found (E90). */
export async function requireContact(ctx: Ctx, consId: string, area: string, action: AuditAction) {
  const contact = await findOwnedContact(ctx.deps.db, ctx.user.id, consId);
  if (!contact) {
    await audit(ctx, { contactId: null, area, action, entityRef: consId, outcome: 'denied' });
    throw new ActionError('E90', 'consId');
  }
  return contact;
}

/** Every clinical read and write is the caller's own event in the shared audit trail. */
export const audit = writeCallerAuditEvent;

/** spec 001 §6: entries record the full name of the person who wrote them, never the client's text. */
async function authorName(ctx: Ctx): Promise<string> {
  if (ctx.user.actorId === ctx.user.id) return `${ctx.user.firstName} ${ctx.user.lastName}`.trim();
  const actor = await accountById(ctx.deps.db, ctx.user.actorId);
  return actor
    ? `${actor.first_name} ${actor.last_name}`.trim()
    : `${ctx.user.firstName} ${ctx.user.lastName}`;
}

async function ownerTimeZone(ctx: Ctx): Promise<string> {
  const owner = await accountById(ctx.deps.db, ctx.user.id);
  return owner?.time_zone ?? 'America/Argentina/Buenos_Aires';
}

/** A CIE-10 code of the data set, or the area's code for an unknown one. */
export function requireCie(code: string, errorCode: string, field = 'cie10Code'): CieEntry {
  const found = findCieCode(code);
  if (!found) throw new ActionError(errorCode, field);
  return found;
}

/**
 * Creates or edits an entry. Editing keeps the previous version (clinical_entry_versions holds
 * every saved state) and the audit trail gets one event; a ref of another professional or
 * contact is an audited denial answered as not found.
 */
export async function saveEntry(ctx: Ctx, request: SaveEntryRequest): Promise<{ ref: string }> {
  const { db } = ctx.deps;
  const action = request.ref ? 'update' : 'create';
  const contact = await requireContact(ctx, request.consId, request.area, action);
  if (request.files && !(await areContactUploads(db, ctx.user.id, contact.id, request.files.refs))) {
    throw new ActionError(request.files.code, 'files');
  }
  const existing = request.ref ? await findLiveEntry(db, ctx.user.id, request.area, request.ref) : null;
  if (request.ref && (!existing || existing.contact_id !== contact.id)) {
    await audit(ctx, {
      contactId: contact.id,
      area: request.area,
      action,
      entityRef: request.ref,
      outcome: 'denied',
    });
    throw new ActionError('E91');
  }
  const now = ctx.deps.now();
  const at = now.toISOString();
  const profName = await authorName(ctx);
  const entryDate =
    request.entryDate ??
    existing?.entry_date ??
    (DateTime.fromJSDate(now)
      .setZone(await ownerTimeZone(ctx))
      .toISODate() as string);
  const payload = JSON.stringify(request.payload);

  return inTransaction(db, async (tx) => {
    let entryId: number;
    let ref: string;
    let version: number;
    if (existing) {
      entryId = existing.id;
      ref = existing.ref;
      version = existing.version + 1;
      await updateEntry(tx, entryId, {
        kind: request.kind,
        entry_date: entryDate,
        payload,
        prof_name: profName,
        version,
        updated_at: at,
      });
    } else {
      ref = newRef();
      version = 1;
      entryId = await insertEntry(tx, {
        ref,
        professional_id: ctx.user.id,
        contact_id: contact.id,
        area: request.area,
        kind: request.kind,
        entry_date: entryDate,
        payload,
        prof_name: profName,
        version,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      });
    }
    await insertEntryVersion(tx, {
      entry_id: entryId,
      version,
      change: existing ? 'update' : 'create',
      payload,
      prof_name: profName,
      entry_date: entryDate,
      actor_id: ctx.user.actorId,
      recorded_at: at,
    });
    await audit(
      ctx,
      { contactId: contact.id, area: request.area, action, entityRef: ref, outcome: 'ok' },
      tx,
    );
    return { ref };
  });
}

/** Hides an entry from the lists; the row and every version stay (Ley 26.529). */
export async function deleteEntry(ctx: Ctx, area: ClinicalArea, ref: string): Promise<void> {
  const { db } = ctx.deps;
  const existing = await findLiveEntry(db, ctx.user.id, area, ref);
  if (!existing) {
    await audit(ctx, { contactId: null, area, action: 'delete', entityRef: ref, outcome: 'denied' });
    throw new ActionError('E91');
  }
  const at = ctx.deps.now().toISOString();
  await inTransaction(db, async (tx) => {
    await updateEntry(tx, existing.id, { deleted_at: at, version: existing.version + 1, updated_at: at });
    await insertEntryVersion(tx, {
      entry_id: existing.id,
      version: existing.version + 1,
      change: 'delete',
      payload: existing.payload,
      prof_name: existing.prof_name,
      entry_date: existing.entry_date,
      actor_id: ctx.user.actorId,
      recorded_at: at,
    });
    await audit(
      ctx,
      { contactId: existing.contact_id, area, action: 'delete', entityRef: ref, outcome: 'ok' },
      tx,
    );
  });
}

export interface EntryPage {
  rows: EntryRow[];
  hasMore: boolean;
  files: Map<string, RecordFile>;
}

/** One page (100, spec 001 §7) of an area's entries, with their files; the read is audited. */
export async function findEntries(
  ctx: Ctx,
  area: ClinicalArea,
  consId: string,
  next: number,
  kind: number | null = null,
): Promise<EntryPage> {
  const { db } = ctx.deps;
  const contact = await requireContact(ctx, consId, area, 'read');
  const found = await listLiveEntries(db, ctx.user.id, contact.id, area, kind, next, clinicalPageSize + 1);
  const rows = found.slice(0, clinicalPageSize);
  const refs = rows.flatMap((row) => filesOfPayload(row.payload));
  const files = await recordFilesByRef(db, ctx.user.id, refs);
  await audit(ctx, { contactId: contact.id, area, action: 'read', entityRef: null, outcome: 'ok' });
  return { rows, hasMore: found.length > clinicalPageSize, files };
}

function filesOfPayload(payload: string): string[] {
  const parsed = JSON.parse(payload) as { files?: unknown };
  return Array.isArray(parsed.files) ? parsed.files.filter((f): f is string => typeof f === 'string') : [];
}

/** dd/MM/yyyy for the cards (the spec's `date`); the ISO day stays in `…NoFormat`. */
export function displayDate(isoDay: string): string {
  const day = DateTime.fromISO(isoDay);
  return day.isValid ? day.toFormat('dd/MM/yyyy') : isoDay;
}

export function entryBase(row: EntryRow) {
  return {
    id: row.ref,
    profName: row.prof_name,
    date: displayDate(row.entry_date),
    dateNoFormat: row.entry_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

export function payloadOf<T>(row: EntryRow): T {
  return JSON.parse(row.payload) as T;
}

export function filesOf(page: Pick<EntryPage, 'files'>, refs: readonly string[]): RecordFile[] {
  return refs.flatMap((ref) => {
    const file = page.files.get(ref);
    return file ? [file] : [];
  });
}

// ——— Audit trail ———

export async function findAuditTrail(ctx: Ctx, consId: string, next: number) {
  const contact = await requireContact(ctx, consId, 'audit', 'read');
  const rows = await listAuditEvents(ctx.deps.db, ctx.user.id, contact.id, next, auditPageSize + 1);
  return {
    results: rows.slice(0, auditPageSize).map((row) => ({
      id: row.id,
      at: row.at,
      actorName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
      area: row.area,
      action: row.action,
      entityRef: row.entity_ref,
      outcome: row.outcome,
    })),
    hasMore: rows.length > auditPageSize,
  };
}

/** Every live entry of a contact, for the printed record. */
export function allEntriesOf(db: DB, professionalId: number, contactId: number) {
  return listAllLiveEntries(db, professionalId, contactId);
}
