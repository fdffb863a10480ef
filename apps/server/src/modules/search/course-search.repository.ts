import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

export interface CourseSearchFilters {
  /** Lower-cased text, matched as a substring of the title, description or professional's name. */
  text?: string;
  /** The professional's country (a course is sold from its professional's country). */
  country?: number;
  gender?: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The courses a search may show, newest first, with what their cards need, in one query: the
 * same visibility as the professional's page (not paused, not deleted, at least one module) and
 * as search's services (an unblocked professional). The counts and cheapest prices are
 * correlated subqueries, so a page costs one round trip whatever its size.
 */
export function findCourseCandidates(db: DB, filters: CourseSearchFilters, offset: number, limit: number) {
  let query = db
    .selectFrom('workshops as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .where('w.deleted_at', 'is', null)
    .where('w.paused', '=', 0)
    .where('u.user_type', '=', 1)
    .where('u.block_use', '=', 0)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('workshop_modules as m')
          .select('m.id')
          .whereRef('m.workshop_id', '=', 'w.id')
          .where('m.deleted_at', 'is', null),
      ),
    );
  if (filters.country !== undefined) query = query.where('u.country_id', '=', filters.country);
  if (filters.gender !== undefined) query = query.where('u.gender', '=', filters.gender);
  if (filters.text) {
    const pattern = `%${escapeLike(filters.text)}%`;
    const like = (expression: ReturnType<typeof sql>) =>
      sql<boolean>`lower(${expression}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([like(sql`w.title`), like(sql`w.description`), like(sql`u.first_name || ' ' || u.last_name`)]),
    );
  }

  return query
    .select((eb) => {
      const liveModules = () =>
        eb
          .selectFrom('workshop_modules as m')
          .whereRef('m.workshop_id', '=', 'w.id')
          .where('m.deleted_at', 'is', null);
      return [
        'w.id',
        'w.ref',
        'w.title',
        'w.cover',
        'w.currency',
        'w.hide_price',
        'w.no_price',
        'w.certificate',
        'u.ref as prof_ref',
        'u.first_name',
        'u.last_name',
        'u.img',
        'u.country_id as prof_country',
        liveModules()
          .select((m) => m.fn.countAll<number | string>().as('n'))
          .as('modules'),
        liveModules()
          .where('m.module_free', '=', 0)
          .select((m) => m.fn.countAll<number | string>().as('n'))
          .as('free_modules'),
        liveModules()
          .where('m.module_free', '!=', 0)
          .select((m) => m.fn.countAll<number | string>().as('n'))
          .as('sold_modules'),
        liveModules()
          .where('m.module_free', '!=', 0)
          .where('m.price_local_minor', '>', 0)
          .select((m) => m.fn.min<number>('m.price_local_minor').as('n'))
          .as('min_local_minor'),
        liveModules()
          .where('m.module_free', '!=', 0)
          .where('m.price_inter_minor', '>', 0)
          .select((m) => m.fn.min<number>('m.price_inter_minor').as('n'))
          .as('min_inter_minor'),
        eb
          .selectFrom('workshop_lessons as l')
          .innerJoin('workshop_modules as m', 'm.id', 'l.module_id')
          .whereRef('m.workshop_id', '=', 'w.id')
          .where('m.deleted_at', 'is', null)
          .where('l.deleted_at', 'is', null)
          .select((l) => l.fn.countAll<number | string>().as('n'))
          .as('lessons'),
      ];
    })
    .orderBy('w.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
export type CourseCandidate = Awaited<ReturnType<typeof findCourseCandidates>>[number];
