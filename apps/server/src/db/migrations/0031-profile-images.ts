import type { Kysely, Migration } from 'kysely';

/**
 * The profile's images and certificate (issue 18; spec 000 §2.2 change-logo-square,
 * change-logo-rectangle, change-sign, change-user-certificate). Logos and the certificate are
 * shown on the public page, so they hold public paths (/files/…). The signature is not: it goes
 * on the professional's documents, and a public copy would let anyone paste it elsewhere, so
 * sign_key is a key under the private folder, served only to its owner.
 */
export function profileImages(): Migration {
  const columns = [
    ['logo_square', 'varchar(300)'],
    ['logo_rectangle', 'varchar(300)'],
    ['sign_key', 'varchar(300)'],
    ['certificate_path', 'varchar(300)'],
    ['certificate_kind', 'varchar(8)'],
    ['certificate_title', 'varchar(120)'],
    ['certificate_at', 'varchar(32)'],
  ] as const;
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, type] of columns) {
        await db.schema.alterTable('user_profiles').addColumn(name, type).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of columns) {
        await db.schema.alterTable('user_profiles').dropColumn(name).execute();
      }
    },
  };
}
