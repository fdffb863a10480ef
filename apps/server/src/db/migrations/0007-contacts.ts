import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, timestamps, uniqueIndex, withId, withRef } from './column-helpers.ts';

export function contacts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withRef(db.schema.createTable('contacts'), dialect)
        .addColumn('professional_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('first_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('phone', 'varchar(32)')
        .addColumn('country_id', 'integer')
        .addColumn('state_id', 'integer')
        .addColumn('city_id', 'integer')
        .addColumn('street', 'varchar(250)')
        .addColumn('floor', 'varchar(3)')
        .addColumn('depto', 'varchar(8)')
        .addColumn('pobox', 'varchar(12)')
        .addColumn('gender', 'integer')
        .addColumn('birth_year', 'integer')
        .addColumn('birth_month', 'integer')
        .addColumn('birth_day', 'integer')
        .addColumn('obra_social', 'varchar(150)')
        .addColumn('num_obra_social', 'varchar(150)')
        .addColumn('identify', 'varchar(32)')
        .addColumn('img', 'text')
        .addColumn('note', 'text')
        .$call(timestamps)
        .addColumn('deleted_at', 'varchar(32)')
        .execute();
      // One live contact per e-mail in a professional's book; deleted ones keep theirs.
      await uniqueIndex(db, 'contacts_professional_email_live_uq', 'contacts', ['professional_id', 'email'], {
        whereNull: 'deleted_at',
      });
      await index(db, 'contacts_professional_idx', 'contacts', ['professional_id', 'last_name']);
      await index(db, 'contacts_user_idx', 'contacts', ['user_id']);

      await withRef(db.schema.createTable('psico_notes'), dialect)
        .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
        .addColumn('professional_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('note', 'text', (c) => c.notNull())
        .$call(timestamps)
        .addColumn('deleted_at', 'varchar(32)')
        .execute();
      await index(db, 'psico_notes_contact_created_idx', 'psico_notes', ['contact_id', 'created_at']);

      await withId(db.schema.createTable('psico_note_versions'), dialect)
        .addColumn('psico_note_id', 'integer', (c) =>
          c.notNull().references('psico_notes.id').onDelete('cascade'),
        )
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('written_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('replaced_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('replaced_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'psico_note_versions_note_idx', 'psico_note_versions', ['psico_note_id']);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['psico_note_versions', 'psico_notes', 'contacts']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
