import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, timestamps, withId, withRef } from './column-helpers.ts';

export function clinical(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // No foreign keys: the audit trail must outlive anything it mentions (Ley 26.529).
      await withId(db.schema.createTable('audit_events'), dialect)
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('contact_id', 'integer')
        .addColumn('area', 'varchar(32)', (c) => c.notNull())
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('entity_ref', 'varchar(64)')
        .addColumn('outcome', 'varchar(8)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)')
        .execute();
      await index(db, 'audit_events_contact_idx', 'audit_events', ['owner_id', 'contact_id', 'id']);

      await withRef(db.schema.createTable('clinical_entries'), dialect)
        .addColumn('professional_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
        .addColumn('area', 'varchar(16)', (c) => c.notNull())
        .addColumn('kind', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('entry_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('prof_name', 'varchar(210)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .$call(timestamps)
        .addColumn('deleted_at', 'varchar(32)')
        .execute();
      await index(db, 'clinical_entries_list_idx', 'clinical_entries', [
        'professional_id',
        'contact_id',
        'area',
        'kind',
        'deleted_at',
      ]);

      await withId(db.schema.createTable('clinical_entry_versions'), dialect)
        .addColumn('entry_id', 'integer', (c) => c.notNull().references('clinical_entries.id'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('change', 'varchar(8)', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('prof_name', 'varchar(210)', (c) => c.notNull())
        .addColumn('entry_date', 'varchar(10)', (c) => c.notNull())
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('recorded_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('clinical_entry_versions_unique', ['entry_id', 'version'])
        .execute();

      await withRef(db.schema.createTable('clinical_files'), dialect)
        .addColumn('professional_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id'))
        .addColumn('area', 'varchar(16)', (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('mime', 'varchar(100)', (c) => c.notNull())
        .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
        .addColumn('large_key', 'varchar(255)')
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'clinical_files_contact_idx', 'clinical_files', ['professional_id', 'contact_id']);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['clinical_files', 'clinical_entry_versions', 'clinical_entries', 'audit_events']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
