import type { DB } from '../../db/database.ts';
import type { AuditAction, AuditOutcome } from '../../db/tables/clinical.ts';
import type { SignedInContext } from '../../rpc.ts';
import { appendAuditEvent, listAuditEvents as listRows } from './audit.repository.ts';

/**
 * The audit trail of health records (Ley 26.529 / 25.326), shared by contacts, clinical history
 * and record files. Its own module so that each of them can write to it without depending on
 * the others.
 */
export type { AuditAction, AuditOutcome };

export interface AuditEvent {
  /** The person acting: `ctx.user.actorId`. */
  actorId: number;
  /** The professional account that owns the record: `ctx.user.id`. */
  ownerId: number;
  /** Null for an attempt on an unknown or foreign contact. */
  contactId: number | null;
  /** 'contact', 'notes', 'background', 'studies', 'files', 'records' … */
  area: string;
  action: AuditAction;
  entityRef?: string | null;
  outcome: AuditOutcome;
  ip?: string | null;
  /** Defaults to the current time; pass `ctx.deps.now()` so tests with a fake clock agree. */
  at?: Date;
}

/**
 * Appends one audit event (Ley 26.529 / 25.326: every read, write, export and print of a
 * clinical record). The row is append-only: nothing in the application updates or deletes it.
 */
export async function writeAuditEvent(db: DB, event: AuditEvent): Promise<void> {
  await appendAuditEvent(db, {
    at: (event.at ?? new Date()).toISOString(),
    actor_id: event.actorId,
    owner_id: event.ownerId,
    contact_id: event.contactId,
    area: event.area.slice(0, 32),
    action: event.action,
    entity_ref: event.entityRef ?? null,
    outcome: event.outcome,
    ip: event.ip?.slice(0, 64) ?? null,
  });
}

/** An event the signed-in caller causes on their own records: actor, owner, ip and clock come from `ctx`. */
export function writeCallerAuditEvent(
  ctx: SignedInContext,
  event: Omit<AuditEvent, 'actorId' | 'ownerId' | 'ip' | 'at'>,
  db: DB = ctx.deps.db,
): Promise<void> {
  return writeAuditEvent(db, {
    ...event,
    actorId: ctx.user.actorId,
    ownerId: ctx.user.id,
    ip: ctx.ip,
    at: ctx.deps.now(),
  });
}

/** A contact's audit events of one owner, newest first. */
export function listAuditEvents(db: DB, ownerId: number, contactId: number, offset: number, limit: number) {
  return listRows(db, ownerId, contactId, offset, limit);
}
