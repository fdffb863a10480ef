import { type Compilable, CompiledQuery, sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/**
 * find-turns runs the same two queries on every call; building and compiling them with Kysely
 * costs more CPU than running them. Each is built once per database with marked parameters,
 * and later calls swap in their values. Only the two hot queries use this.
 */
const compiledQueries = new WeakMap<DB, Map<string, CompiledQuery>>();
const marker = (name: string) => `\u0000${name}`;

function runCompiled<R>(
  db: DB,
  key: string,
  build: () => Compilable<R>,
  values: Record<string, unknown>,
): Promise<R[]> {
  let cache = compiledQueries.get(db);
  if (!cache) {
    cache = new Map();
    compiledQueries.set(db, cache);
  }
  let compiled = cache.get(key);
  if (!compiled) {
    compiled = build().compile();
    cache.set(key, compiled);
  }
  const parameters = compiled.parameters.map((p) =>
    typeof p === 'string' && p.startsWith('\u0000') ? values[p.slice(1)] : p,
  );
  return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters)).then((r) => r.rows);
}

/** What availability needs of a publication and its professional, in one read. */
export interface PublicationForTurns {
  id: number;
  ref: string;
  title: string;
  userId: number;
  duration: number;
  maxRes: number;
  typeTurn: number;
  qtySessions: number;
  groupCapacity: number;
  noticeMin: number;
  paused: number;
  deleted: boolean;
  timeZone: string;
  blockUse: number;
  cardAdded: number;
  userPlan: number;
}

function publicationQuery(db: DB) {
  return db
    .selectFrom('publications as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'p.id',
      'p.ref',
      'p.title',
      'p.user_id as userId',
      'p.duration_min as duration',
      'p.max_res as maxRes',
      'p.type_turn as typeTurn',
      'p.qty_sessions as qtySessions',
      'p.group_capacity as groupCapacity',
      'p.notice_min as noticeMin',
      'p.paused',
      'p.deleted_at',
      'u.time_zone as timeZone',
      'u.block_use as blockUse',
      'u.card_added as cardAdded',
      'u.user_plan as userPlan',
    ]);
}

type PublicationRow = Awaited<ReturnType<ReturnType<typeof publicationQuery>['executeTakeFirst']>>;

function toPublication(row: Omit<NonNullable<PublicationRow>, never>): PublicationForTurns {
  return {
    id: row.id,
    ref: row.ref,
    title: row.title,
    userId: row.userId,
    duration: row.duration,
    maxRes: row.maxRes,
    typeTurn: row.typeTurn,
    qtySessions: row.qtySessions,
    groupCapacity: row.groupCapacity,
    noticeMin: row.noticeMin,
    paused: row.paused,
    deleted: row.deleted_at !== null,
    timeZone: row.timeZone,
    blockUse: row.blockUse,
    cardAdded: row.cardAdded,
    userPlan: row.userPlan,
  };
}

export async function findPublicationByRef(db: DB, ref: string): Promise<PublicationForTurns | undefined> {
  const row = await publicationQuery(db).where('p.ref', '=', ref).executeTakeFirst();
  return row ? toPublication(row) : undefined;
}

/**
 * The publication with its weekly rules in one query (find-turns reads both on every call).
 * Rules are empty for a publication without any.
 */
export async function findPublicationWithRules(
  db: DB,
  ref: string,
): Promise<{ publication: PublicationForTurns; rules: WeeklyRuleRow[] } | undefined> {
  const build = () =>
    publicationQuery(db)
      .leftJoin('turn_rules as r', 'r.publication_id', 'p.id')
      .select(['r.weekday', 'r.start_time as ruleStart', 'r.end_time as ruleEnd'])
      .where('p.ref', '=', marker('ref'));
  const rows = await runCompiled(db, 'publication-with-rules', build, { ref });
  const [first] = rows;
  if (!first) return undefined;
  const rules: WeeklyRuleRow[] = [];
  for (const row of rows) {
    if (row.weekday !== null && row.ruleStart !== null && row.ruleEnd !== null) {
      rules.push({ weekday: row.weekday, start: row.ruleStart, end: row.ruleEnd });
    }
  }
  return { publication: toPublication(first), rules };
}

export interface WeeklyRuleRow {
  weekday: number;
  start: string;
  end: string;
}

/**
 * Ids of the publications that may have a turn on one of `weekdays` (weekly rules) or `dates`
 * (dated turns): a subquery, so the caller keeps one statement. Search's "today" filter.
 */
export function publicationIdsWithTurnsOn(db: DB, weekdays: readonly number[], dates: readonly string[]) {
  return db
    .selectFrom('turn_rules')
    .select('publication_id')
    .where('weekday', 'in', [...weekdays])
    .union(
      db
        .selectFrom('dated_turns')
        .select('publication_id')
        .where('date', 'in', [...dates]),
    );
}

export async function findPublicationById(db: DB, id: number): Promise<PublicationForTurns | undefined> {
  const row = await publicationQuery(db).where('p.id', '=', id).executeTakeFirst();
  return row ? toPublication(row) : undefined;
}

/** Several publications in one read (search shows a page of them); missing ids are absent. */
export async function listPublicationsByIds(db: DB, ids: readonly number[]): Promise<PublicationForTurns[]> {
  if (ids.length === 0) return [];
  const rows = await publicationQuery(db)
    .where('p.id', 'in', [...ids])
    .execute();
  return rows.map(toPublication);
}

/** The weekly rules of several publications in one read, by publication id. */
export async function listRulesOf(
  db: DB,
  publicationIds: readonly number[],
): Promise<Map<number, WeeklyRuleRow[]>> {
  const byPublication = new Map<number, WeeklyRuleRow[]>();
  if (publicationIds.length === 0) return byPublication;
  const rows = await db
    .selectFrom('turn_rules')
    .select(['publication_id', 'weekday', 'start_time as start', 'end_time as end'])
    .where('publication_id', 'in', [...publicationIds])
    .orderBy('publication_id')
    .orderBy('weekday')
    .orderBy('start_time')
    .execute();
  for (const row of rows) {
    const list = byPublication.get(row.publication_id) ?? [];
    list.push({ weekday: row.weekday, start: row.start, end: row.end });
    byPublication.set(row.publication_id, list);
  }
  return byPublication;
}

/** Dated turns of several publications between two dates (inclusive) in one read, by publication id. */
export async function listDatedTurnsOf(
  db: DB,
  publicationIds: readonly number[],
  fromDate: string,
  toDate: string,
): Promise<Map<number, { date: string; start: string }[]>> {
  const byPublication = new Map<number, { date: string; start: string }[]>();
  if (publicationIds.length === 0) return byPublication;
  const rows = await db
    .selectFrom('dated_turns')
    .select(['publication_id', 'date', 'start_time as start'])
    .where('publication_id', 'in', [...publicationIds])
    .where('date', '>=', fromDate)
    .where('date', '<=', toDate)
    .orderBy('publication_id')
    .orderBy('date')
    .orderBy('start_time')
    .execute();
  for (const row of rows) {
    const list = byPublication.get(row.publication_id) ?? [];
    list.push({ date: row.date, start: row.start });
    byPublication.set(row.publication_id, list);
  }
  return byPublication;
}

export async function listRules(db: DB, publicationId: number): Promise<WeeklyRuleRow[]> {
  return db
    .selectFrom('turn_rules')
    .select(['weekday', 'start_time as start', 'end_time as end'])
    .where('publication_id', '=', publicationId)
    .orderBy('weekday')
    .orderBy('start_time')
    .execute();
}

export async function replaceRules(
  db: DB,
  publicationId: number,
  rules: readonly { weekday: number; start: string; end: string }[],
  now: string,
) {
  await db.deleteFrom('turn_rules').where('publication_id', '=', publicationId).execute();
  if (rules.length === 0) return;
  await db
    .insertInto('turn_rules')
    .values(
      rules.map((r) => ({
        publication_id: publicationId,
        weekday: r.weekday,
        start_time: r.start,
        end_time: r.end,
        created_at: now,
      })),
    )
    .execute();
}

/** Dated turns of a publication on or after `fromDate` (and up to `toDate` when given), sorted. */
export async function listDatedTurns(db: DB, publicationId: number, fromDate: string, toDate?: string) {
  let query = db
    .selectFrom('dated_turns')
    .select(['ref', 'date', 'start_time as start'])
    .where('publication_id', '=', publicationId)
    .where('date', '>=', fromDate);
  if (toDate) query = query.where('date', '<=', toDate);
  return query.orderBy('date').orderBy('start_time').execute();
}

/** Replaces the dated turns from `fromDate` on; earlier ones stay. */
export async function replaceDatedTurns(
  db: DB,
  publicationId: number,
  fromDate: string,
  turns: readonly { ref: string; date: string; start: string }[],
  now: string,
) {
  await db
    .deleteFrom('dated_turns')
    .where('publication_id', '=', publicationId)
    .where('date', '>=', fromDate)
    .execute();
  if (turns.length === 0) return;
  await db
    .insertInto('dated_turns')
    .values(
      turns.map((t) => ({
        ref: t.ref,
        publication_id: publicationId,
        date: t.date,
        start_time: t.start,
        created_at: now,
      })),
    )
    .execute();
}

/** Blocked ranges of a professional that end on or after `fromDate` (and start by `toDate`). */
export async function listBlockedDays(db: DB, userId: number, fromDate: string, toDate?: string) {
  let query = db
    .selectFrom('blocked_days')
    .select(['ref', 'from_date as from', 'to_date as to', 'reason'])
    .where('user_id', '=', userId)
    .where('to_date', '>=', fromDate);
  if (toDate) query = query.where('from_date', '<=', toDate);
  return query.orderBy('from_date').execute();
}

/** Replaces the ranges still in force on `fromDate` (ending then or later); past ones stay. */
export async function replaceBlockedDays(
  db: DB,
  userId: number,
  fromDate: string,
  blocks: readonly { ref: string; from: string; to: string; reason: string | null }[],
  now: string,
) {
  await db
    .deleteFrom('blocked_days')
    .where('user_id', '=', userId)
    .where('to_date', '>=', fromDate)
    .execute();
  if (blocks.length === 0) return;
  await db
    .insertInto('blocked_days')
    .values(
      blocks.map((b) => ({
        ref: b.ref,
        user_id: userId,
        from_date: b.from,
        to_date: b.to,
        reason: b.reason,
        created_at: now,
      })),
    )
    .execute();
}

/** Dated turns (of these publications' days) that a live booking of the publication starts at. */
export async function listBookedStarts(db: DB, publicationId: number, fromIso: string, nowIso: string) {
  const rows = await db
    .selectFrom('bookings')
    .select('starts_at')
    .where('publication_id', '=', publicationId)
    .where('starts_at', '>=', fromIso)
    .where('state', '!=', 'cancelled')
    .where((eb) => eb.or([eb('state', '!=', 'held'), eb('hold_expires_at', '>', nowIso)]))
    .execute();
  return rows.map((r) => r.starts_at);
}

export async function findUserZone(db: DB, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('time_zone').where('id', '=', userId).executeTakeFirst();
  return row?.time_zone;
}

/**
 * find-turns' second (and last) query: the professional's live bookings and holds that may
 * overlap [lookBackIso, toIso) AND their blocked ranges touching [fromDate, toDate], in one
 * round trip (UNION ALL; `kind` tells them apart). Cancelled bookings and expired holds do not
 * count; the look-back catches bookings that started earlier and still run.
 */
export async function listBusyAndBlocked(
  db: DB,
  professionalId: number,
  range: { lookBackIso: string; toIso: string; nowIso: string; fromDate: string; toDate: string },
) {
  const build = () =>
    db
      .selectFrom('bookings')
      // Constants as SQL literals: PostgreSQL cannot type a bare parameter inside a UNION.
      .select([
        sql<string>`'b'`.as('kind'),
        'publication_id as publicationId',
        'starts_at as a',
        'ends_at as b',
        'seats',
      ])
      .where('professional_id', '=', marker('pro') as unknown as number)
      .where('starts_at', '>=', marker('lookBack'))
      .where('starts_at', '<', marker('to'))
      .where('state', '!=', 'cancelled')
      .where((eb) => eb.or([eb('state', '!=', 'held'), eb('hold_expires_at', '>', marker('now'))]))
      .unionAll((eb) =>
        eb
          .selectFrom('blocked_days')
          .select([
            sql<string>`'x'`.as('kind'),
            sql<number>`0`.as('publicationId'),
            'from_date as a',
            'to_date as b',
            sql<number>`0`.as('seats'),
          ])
          .where('user_id', '=', marker('pro') as unknown as number)
          .where('to_date', '>=', marker('fromDate'))
          .where('from_date', '<=', marker('toDate')),
      )
      // Issue 18: busy times of the professional's linked calendar (pieces of at most a day),
      // publication 0 so they clash with every slot.
      .unionAll((eb) =>
        eb
          .selectFrom('external_busy')
          .select([
            sql<string>`'b'`.as('kind'),
            sql<number>`0`.as('publicationId'),
            'starts_at as a',
            'ends_at as b',
            sql<number>`1`.as('seats'),
          ])
          .where('user_id', '=', marker('pro') as unknown as number)
          .where('starts_at', '>=', marker('lookBack'))
          .where('starts_at', '<', marker('to')),
      );
  const rows = await runCompiled(db, 'busy-and-blocked', build, {
    pro: professionalId,
    lookBack: range.lookBackIso,
    to: range.toIso,
    now: range.nowIso,
    fromDate: range.fromDate,
    toDate: range.toDate,
  });
  const busy: { publicationId: number; startsAt: string; endsAt: string; seats: number }[] = [];
  const blocked: { from: string; to: string }[] = [];
  for (const row of rows) {
    if (row.kind === 'x') blocked.push({ from: row.a, to: row.b });
    else
      busy.push({
        publicationId: Number(row.publicationId),
        startsAt: row.a,
        endsAt: row.b,
        seats: Number(row.seats),
      });
  }
  return { busy, blocked };
}

/**
 * listBusyAndBlocked for several professionals at once (search's next slots): their live
 * bookings and holds starting in [lookBackIso, toIso) and their blocked ranges touching
 * [fromDate, toDate], in one round trip, by professional id.
 */
export async function listBusyAndBlockedOf(
  db: DB,
  professionalIds: readonly number[],
  range: { lookBackIso: string; toIso: string; nowIso: string; fromDate: string; toDate: string },
) {
  const byProfessional = new Map<
    number,
    {
      busy: { publicationId: number; startsAt: string; endsAt: string; seats: number }[];
      blocked: { from: string; to: string }[];
    }
  >();
  if (professionalIds.length === 0) return byProfessional;
  const ids = [...professionalIds];
  const rows = await db
    .selectFrom('bookings')
    .select([
      sql<string>`'b'`.as('kind'),
      'professional_id as userId',
      'publication_id as publicationId',
      'starts_at as a',
      'ends_at as b',
      'seats',
    ])
    .where('professional_id', 'in', ids)
    .where('starts_at', '>=', range.lookBackIso)
    .where('starts_at', '<', range.toIso)
    .where('state', '!=', 'cancelled')
    .where((eb) => eb.or([eb('state', '!=', 'held'), eb('hold_expires_at', '>', range.nowIso)]))
    .unionAll((eb) =>
      eb
        .selectFrom('blocked_days')
        .select([
          sql<string>`'x'`.as('kind'),
          'user_id as userId',
          sql<number>`0`.as('publicationId'),
          'from_date as a',
          'to_date as b',
          sql<number>`0`.as('seats'),
        ])
        .where('user_id', 'in', ids)
        .where('to_date', '>=', range.fromDate)
        .where('from_date', '<=', range.toDate),
    )
    .unionAll((eb) =>
      eb
        .selectFrom('external_busy')
        .select([
          sql<string>`'b'`.as('kind'),
          'user_id as userId',
          sql<number>`0`.as('publicationId'),
          'starts_at as a',
          'ends_at as b',
          sql<number>`1`.as('seats'),
        ])
        .where('user_id', 'in', ids)
        .where('starts_at', '>=', range.lookBackIso)
        .where('starts_at', '<', range.toIso),
    )
    .execute();
  for (const row of rows) {
    const userId = Number(row.userId);
    let entry = byProfessional.get(userId);
    if (!entry) {
      entry = { busy: [], blocked: [] };
      byProfessional.set(userId, entry);
    }
    if (row.kind === 'x') entry.blocked.push({ from: row.a, to: row.b });
    else
      entry.busy.push({
        publicationId: Number(row.publicationId),
        startsAt: row.a,
        endsAt: row.b,
        seats: Number(row.seats),
      });
  }
  return byProfessional;
}
