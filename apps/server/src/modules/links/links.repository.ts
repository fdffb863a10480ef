import type { DB } from '../../db/database.ts';

export function findShortLink(db: DB, ref: string) {
  return db.selectFrom('short_links').select(['target']).where('ref', '=', ref).executeTakeFirst();
}

export async function upsertShortLink(db: DB, ref: string, target: string, now: string) {
  await db
    .insertInto('short_links')
    .values({ ref, target, created_at: now })
    .onConflict((oc) => oc.column('ref').doUpdateSet({ target }))
    .execute();
}
