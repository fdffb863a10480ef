import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { AuditEventsTable } from '../../db/tables/clinical.ts';

// Ley 26.529 / 25.326: the audit trail is append-only. This file has an insert and reads;
// there is deliberately no update or delete of audit_events anywhere in the application.

export async function appendAuditEvent(db: DB, row: Insertable<AuditEventsTable>): Promise<void> {
  await db.insertInto('audit_events').values(row).execute();
}

export function listAuditEvents(db: DB, ownerId: number, contactId: number, offset: number, limit: number) {
  return db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.actor_id')
    .select([
      'audit_events.id',
      'audit_events.at',
      'audit_events.area',
      'audit_events.action',
      'audit_events.entity_ref',
      'audit_events.outcome',
      'audit_events.ip',
      'users.first_name',
      'users.last_name',
    ])
    .where('audit_events.owner_id', '=', ownerId)
    .where('audit_events.contact_id', '=', contactId)
    .orderBy('audit_events.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
