import type { DB } from '../db/database.ts';
import type { NewPublication } from '../db/tables/catalogue.ts';
import { newRef } from '../lib/random.ts';

/**
 * A publication row as the catalogue's save-publish would leave it: an individual online
 * session of 60 minutes, weekly turns, 60-day window. Tests and benchmarks that need a
 * publication without going through the editor override what matters to them.
 */
export function publicationRow(
  userId: number,
  now: string,
  over: Partial<NewPublication> = {},
): NewPublication {
  return {
    ref: newRef(),
    user_id: userId,
    title: 'Sesión de prueba',
    therapy_id: 1,
    description: 'Una sesión de prueba.',
    modality_id: 1,
    country_id: 5,
    duration_min: 60,
    currency: 'ARS',
    price: 1000,
    price_usd: 1000,
    promo: 0,
    first_consult: 0,
    hide_price: 0,
    no_price: 0,
    free: 0,
    pay_cash: 0,
    pay_card: 1,
    pay_cash_limit: 0,
    pay_after: 0,
    qty_sessions: 1,
    max_res: 2,
    type_turn: 1,
    group_capacity: 1,
    notice_min: 60,
    lang_es: 1,
    lang_en: 0,
    lang_po: 0,
    lang_fr: 0,
    lang_it: 0,
    lang_al: 0,
    paused: 0,
    created_at: now,
    updated_at: now,
    ...over,
  };
}

/**
 * Inserts a publication (publicationRow with `over`) whose turns run every day of the week from
 * `hours.from` to `hours.to`, as fixtures and benchmarks that book or search it need.
 */
export async function insertEveryDayPublication(
  db: DB,
  userId: number,
  now: string,
  over: Partial<NewPublication> = {},
  hours: { from: string; to: string } = { from: '09:00', to: '18:00' },
): Promise<{ id: number; ref: string }> {
  const row = await db
    .insertInto('publications')
    .values(publicationRow(userId, now, over))
    .returning(['id', 'ref'])
    .executeTakeFirstOrThrow();
  await db
    .insertInto('turn_rules')
    .values(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        publication_id: row.id,
        weekday,
        start_time: hours.from,
        end_time: hours.to,
        created_at: now,
      })),
    )
    .execute();
  return row;
}
