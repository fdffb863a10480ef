import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { index, timestamps, withRef } from './column-helpers.ts';

export function catalogue(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let table = withRef(db.schema.createTable('publications'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('therapy_id', 'integer', (c) => c.notNull())
        .addColumn('therapy_other', 'varchar(80)')
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('modality_id', 'integer', (c) => c.notNull())
        .addColumn('address', 'varchar(200)')
        .addColumn('country_id', 'integer', (c) => c.notNull())
        .addColumn('state_id', 'integer')
        .addColumn('city_id', 'integer')
        .addColumn('duration_min', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('price_usd', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('promo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('promo_price', 'bigint')
        .addColumn('promo_price_usd', 'bigint')
        .addColumn('promo_start', 'varchar(10)')
        .addColumn('promo_finish', 'varchar(10)')
        .addColumn('first_consult', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_price', 'bigint')
        .addColumn('first_price_usd', 'bigint');
      for (const name of [
        'hide_price',
        'no_price',
        'free',
        'pay_cash',
        'pay_card',
        'pay_cash_limit',
        'pay_after',
      ]) {
        table = table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));
      }
      table = table
        .addColumn('qty_sessions', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('max_res', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('type_turn', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('group_capacity', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('notice_min', 'integer', (c) => c.notNull().defaultTo(60));
      for (const name of ['lang_es', 'lang_en', 'lang_po', 'lang_fr', 'lang_it', 'lang_al']) {
        table = table.addColumn(name, 'integer', (c) => c.notNull().defaultTo(0));
      }
      await table
        .addColumn('video', 'varchar(500)')
        .addColumn('platform_video_call', 'integer')
        .addColumn('link_video_call', 'varchar(500)')
        .addColumn('pass_video_call', 'varchar(64)')
        .addColumn('room_id_link', 'varchar(64)')
        .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deleted_at', 'varchar(32)')
        .$call(timestamps)
        .execute();
      await index(db, 'publications_user_idx', 'publications', ['user_id']);
      await index(db, 'publications_therapy_idx', 'publications', ['therapy_id']);
      await index(db, 'publications_country_idx', 'publications', ['country_id', 'state_id', 'city_id']);

      await db.schema
        .createTable('publication_symptoms')
        .addColumn('publication_id', 'integer', (c) =>
          c.notNull().references('publications.id').onDelete('cascade'),
        )
        .addColumn('symptom_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('publication_symptoms_pk', ['publication_id', 'symptom_id'])
        .execute();
      // Search by symptom («sintomas») goes from the symptom to its publications.
      await index(db, 'publication_symptoms_symptom_idx', 'publication_symptoms', ['symptom_id']);

      await withRef(db.schema.createTable('publication_images'), dialect)
        .addColumn('publication_id', 'integer', (c) =>
          c.notNull().references('publications.id').onDelete('cascade'),
        )
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'publication_images_publication_idx', 'publication_images', [
        'publication_id',
        'position',
      ]);
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['publication_images', 'publication_symptoms', 'publications']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
