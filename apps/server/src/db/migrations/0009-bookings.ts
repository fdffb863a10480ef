import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { columnAdder, index, timestamps, uniqueIndex, withId, withRef } from './column-helpers.ts';

/**
 * The bookings slice: the appointment columns of `bookings` (created in 0004 so availability
 * could subtract it), the sales record every purchase writes (ROADMAP: one sales record per
 * sale, read later by the sales table, payouts, invoices and Contrataciones), provider
 * payments and their webhook events, coupons, bank data, ratings, remarks, calendar feeds and
 * mail attachments.
 */
export function bookings(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const add = columnAdder(db, 'bookings');
      await add('title', 'varchar(200)', (c) => c.notNull().defaultTo(''));
      await add('duration', 'integer', (c) => c.notNull().defaultTo(0));
      await add('modality_id', 'integer', (c) => c.notNull().defaultTo(1));
      await add('price_minor', 'integer', (c) => c.notNull().defaultTo(0));
      await add('original_price_minor', 'integer', (c) => c.notNull().defaultTo(0));
      await add('discount_minor', 'integer', (c) => c.notNull().defaultTo(0));
      await add('currency', 'varchar(3)', (c) => c.notNull().defaultTo('USD'));
      await add('coupon_id', 'integer');
      await add('pay', 'integer', (c) => c.notNull().defaultTo(0));
      await add('pay_method', 'varchar(16)');
      await add('pay_cash', 'integer', (c) => c.notNull().defaultTo(0));
      await add('pay_card', 'integer', (c) => c.notNull().defaultTo(0));
      await add('hide_price', 'integer', (c) => c.notNull().defaultTo(0));
      await add('no_price', 'integer', (c) => c.notNull().defaultTo(0));
      await add('price_prof_ok', 'integer', (c) => c.notNull().defaultTo(0));
      await add('price_confirm_deadline', 'varchar(32)');
      await add('create_by_prof', 'integer', (c) => c.notNull().defaultTo(0));
      await add('recurrent', 'integer', (c) => c.notNull().defaultTo(0));
      await add('series_ref', 'varchar(64)');
      await add('client_time_zone', 'varchar(64)');
      await add('sale_id', 'integer');
      await add('done_at', 'varchar(32)');
      await add('paid_at', 'varchar(32)');
      await add('cancelled_at', 'varchar(32)');
      await add('cancelled_by', 'integer');
      await add('cancel_reason', 'varchar(500)');
      await add('reschedule_count', 'integer', (c) => c.notNull().defaultTo(0));
      await add('reminder_sent_at', 'varchar(32)');
      await add('announced_at', 'varchar(32)');
      await index(db, 'bookings_client_starts_idx', 'bookings', ['client_id', 'starts_at']);
      await index(db, 'bookings_series_idx', 'bookings', ['series_ref', 'starts_at']);
      // The timed sweeps (hold expiry, price confirmation, reminders) scan by state and instant.
      await index(db, 'bookings_state_starts_idx', 'bookings', ['state', 'starts_at']);

      await withRef(db.schema.createTable('sales'), dialect)
        /** 'booking' now; 'module', 'plan', 'balance' in later slices. */
        .addColumn('kind', 'varchar(16)', (c) => c.notNull())
        .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('buyer_id', 'integer', (c) => c.references('users.id'))
        .addColumn('contact_id', 'integer')
        .addColumn('booking_id', 'integer')
        .addColumn('description', 'varchar(300)', (c) => c.notNull())
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('discount_minor', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        /** card | cash | transfer | free | manual (hidePrice / noPrice). */
        .addColumn('method', 'varchar(16)', (c) => c.notNull())
        /** pending | paid | refunded | void. */
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider', 'varchar(32)')
        .addColumn('coupon_id', 'integer')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('paid_at', 'varchar(32)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'sales_seller_idx', 'sales', ['seller_id', 'created_at']);
      await index(db, 'sales_buyer_idx', 'sales', ['buyer_id', 'created_at']);

      await withRef(db.schema.createTable('payments'), dialect)
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
        /** sandbox-dlocal | sandbox-stripe | sandbox-mercadopago | sandbox-paypal | stripe | mercadopago … */
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('provider_payment_id', 'varchar(200)')
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        /** created | approved | declined | refunded | expired. */
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('return_url', 'varchar(500)', (c) => c.notNull())
        .addColumn('checkout_url', 'varchar(1000)')
        .$call(timestamps)
        .execute();
      await index(db, 'payments_sale_idx', 'payments', ['sale_id']);
      await index(db, 'payments_provider_id_idx', 'payments', ['provider', 'provider_payment_id']);

      // Webhook idempotency: an event id is applied once, whatever the provider retries.
      await withId(db.schema.createTable('payment_events'), dialect)
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('event_id', 'varchar(200)', (c) => c.notNull())
        .addColumn('payment_id', 'integer')
        .addColumn('type', 'varchar(64)', (c) => c.notNull())
        .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await uniqueIndex(db, 'payment_events_unique_idx', 'payment_events', ['provider', 'event_id']);

      await withRef(db.schema.createTable('coupons'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('code', 'varchar(40)', (c) => c.notNull())
        /** 'percent' (value 1–100) or 'amount' (value in minor units of `currency`). */
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)')
        .addColumn('valid_from', 'varchar(10)', (c) => c.notNull())
        .addColumn('valid_to', 'varchar(10)', (c) => c.notNull())
        .addColumn('usage_limit', 'integer')
        .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(32)')
        .execute();
      await index(db, 'coupons_user_code_idx', 'coupons', ['user_id', 'code']);

      await db.schema
        .createTable('bank_accounts')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('country_id', 'integer', (c) => c.notNull())
        .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('account_type', 'varchar(4)')
        .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('account', 'varchar(60)', (c) => c.notNull())
        .addColumn('alias', 'varchar(200)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('booking_ratings'), dialect)
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
        /** 'client' rates the professional; 'professional' rates the client. */
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('stars', 'integer', (c) => c.notNull())
        .addColumn('comment', 'varchar(1000)')
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await uniqueIndex(db, 'booking_ratings_unique_idx', 'booking_ratings', ['booking_id', 'role']);

      await withId(db.schema.createTable('booking_remarks'), dialect)
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('text', 'varchar(2000)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await index(db, 'booking_remarks_booking_idx', 'booking_remarks', ['booking_id']);

      await db.schema
        .createTable('calendar_feeds')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        /** sha-256 of the secret in the feed URL; the secret itself is shown once to its owner. */
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .execute();

      // Mails may carry small attachments (the .ics of an appointment): JSON [{filename, contentType, content(base64)}].
      await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'calendar_feeds',
        'booking_remarks',
        'booking_ratings',
        'bank_accounts',
        'coupons',
        'payment_events',
        'payments',
        'sales',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
