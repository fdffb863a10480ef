import type { Kysely, Migration } from 'kysely';

/**
 * The professional's profile (issue 18; spec 000 §2.2 change-user-bio, change-business-name,
 * change-nickname, change-social-networks, change-user-address): one row per user, created on
 * the first edit, beside the account row rather than in it, so the sign-in and session queries
 * keep reading a narrow table.
 *
 * nickname_key is the nickname in lower case: the short link /go/{nickname} must name one
 * professional whatever the case it is typed in, and a unique index on it holds that across
 * concurrent requests on SQLite and PostgreSQL alike (an expression index is spelled
 * differently in each). social_links is a JSON object of canonical https links by network.
 */
export function profile(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_profiles')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('bio', 'text')
        .addColumn('business_name', 'varchar(250)')
        .addColumn('nickname', 'varchar(30)')
        .addColumn('nickname_key', 'varchar(30)', (c) => c.unique())
        .addColumn('social_links', 'text')
        .addColumn('address_country_id', 'integer')
        .addColumn('address_state_id', 'integer')
        .addColumn('address_city_id', 'integer')
        .addColumn('address_street', 'varchar(250)')
        .addColumn('address_floor', 'varchar(3)')
        .addColumn('address_depto', 'varchar(8)')
        .addColumn('address_pobox', 'varchar(10)')
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('user_profiles').execute();
    },
  };
}
