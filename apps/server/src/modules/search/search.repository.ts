import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { publicationsWithTurnsOn } from '../availability/availability.service.ts';

export function listExchangeRates(db: DB) {
  return db
    .selectFrom('exchange_rates as r')
    .leftJoin('users as u', 'u.id', 'r.updated_by')
    .select(['r.currency', 'r.units_per_usd', 'r.updated_at', 'u.first_name', 'u.last_name'])
    .orderBy('r.currency')
    .execute();
}

export async function upsertExchangeRate(
  db: DB,
  row: { currency: string; unitsPerUsd: string; at: string; by: number },
): Promise<void> {
  await db
    .insertInto('exchange_rates')
    .values({
      currency: row.currency,
      units_per_usd: row.unitsPerUsd,
      updated_at: row.at,
      updated_by: row.by,
    })
    .onConflict((oc) =>
      oc
        .column('currency')
        .doUpdateSet({ units_per_usd: row.unitsPerUsd, updated_at: row.at, updated_by: row.by }),
    )
    .execute();
}

export function findViewerCountry(db: DB, userId: number) {
  return db
    .selectFrom('users')
    .select(['country_id', 'time_zone'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Publication columns for the language flags of the search routes. */
export type LanguageColumn = 'lang_es' | 'lang_en' | 'lang_po' | 'lang_fr' | 'lang_it' | 'lang_al';

export interface SearchFilters {
  therapyId?: number;
  symptomId?: number;
  /** Lower-cased text, matched as a substring of title, therapy, professional name or symptom. */
  text?: string;
  /** Therapy and symptom ids whose names match the text (accent-insensitive, done in code). */
  textTherapyIds: number[];
  textSymptomIds: number[];
  country?: number;
  state?: number;
  city?: number;
  /** A publication offered in any of these languages matches. */
  languages: LanguageColumn[];
  gender?: number;
  /** 1 online (1 or 3), 2 in person (2 or 3), 3 both. */
  modality?: number;
  /**
   * A cheap necessary condition for "a free slot today": a weekly range on one of these
   * weekdays or a dated turn on one of these dates (the viewer's day ± 1, which covers every
   * professional's zone). The exact check runs afterwards, for the candidates only.
   */
  maybeToday?: { weekdays: number[]; dates: string[] };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Publications listing any of these symptoms (a semi-join on the symptom index). */
function withSymptoms(db: DB, ids: number[]) {
  return db.selectFrom('publication_symptoms').select('publication_id').where('symptom_id', 'in', ids);
}

/**
 * The publications a search may show, newest first: not paused, not deleted, of an unblocked
 * professional, with every filter applied in SQL. `offset`/`limit` page through this list; the
 * next-slot lookups run afterwards, for the page only.
 */
export function findSearchCandidates(db: DB, filters: SearchFilters, offset: number, limit: number) {
  let query = db
    .selectFrom('publications as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.deleted_at', 'is', null)
    .where('p.paused', '=', 0)
    .where('u.user_type', '=', 1)
    .where('u.block_use', '=', 0);

  if (filters.therapyId !== undefined) query = query.where('p.therapy_id', '=', filters.therapyId);
  if (filters.symptomId !== undefined)
    query = query.where('p.id', 'in', withSymptoms(db, [filters.symptomId]));
  if (filters.country !== undefined) {
    // Every publication carries its professional's country, online ones too.
    query = query.where('p.country_id', '=', filters.country);
  }
  if (filters.state !== undefined) query = query.where('p.state_id', '=', filters.state);
  if (filters.city !== undefined) query = query.where('p.city_id', '=', filters.city);
  if (filters.gender !== undefined) query = query.where('u.gender', '=', filters.gender);
  if (filters.modality === 1) query = query.where('p.modality_id', 'in', [1, 3]);
  if (filters.modality === 2) query = query.where('p.modality_id', 'in', [2, 3]);
  if (filters.modality === 3) query = query.where('p.modality_id', '=', 3);
  if (filters.languages.length > 0) {
    const columns = filters.languages;
    query = query.where((eb) => eb.or(columns.map((column) => eb(`p.${column}`, '=', 1))));
  }
  if (filters.maybeToday) {
    const { weekdays, dates } = filters.maybeToday;
    // The availability slice owns the turn tables; it hands search a subquery of candidates.
    query = query.where('p.id', 'in', publicationsWithTurnsOn(db, { weekdays, dates }));
  }
  if (filters.text) {
    const pattern = `%${escapeLike(filters.text)}%`;
    const { textTherapyIds, textSymptomIds } = filters;
    query = query.where((eb) => {
      const like = (expression: ReturnType<typeof sql>) =>
        sql<boolean>`lower(${expression}) like ${pattern} escape '\\'`;
      return eb.or([
        like(sql`p.title`),
        like(sql`coalesce(p.therapy_other, '')`),
        like(sql`u.first_name || ' ' || u.last_name`),
        ...(textTherapyIds.length > 0 ? [eb('p.therapy_id', 'in', textTherapyIds)] : []),
        ...(textSymptomIds.length > 0 ? [eb('p.id', 'in', withSymptoms(db, textSymptomIds))] : []),
      ]);
    });
  }

  return query
    .selectAll('p')
    .select(['u.ref as prof_ref', 'u.first_name', 'u.last_name', 'u.img', 'u.time_zone as prof_time_zone'])
    .orderBy('p.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
export type SearchCandidate = Awaited<ReturnType<typeof findSearchCandidates>>[number];
