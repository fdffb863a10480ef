import { daysForMaxRes, type OutputOf, type Turn, type TurnDay, turnWindowDays } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import { refreshExternalBusy } from '../external-calendars/external-calendars.service.ts';
import {
  findPublicationById,
  findPublicationWithRules,
  listBlockedDays,
  listBusyAndBlocked,
  listBusyAndBlockedOf,
  listDatedTurns,
  listDatedTurnsOf,
  listPublicationsByIds,
  listRules,
  listRulesOf,
  type PublicationForTurns,
  publicationIdsWithTurnsOn,
  type WeeklyRuleRow,
} from './availability.repository.ts';
import {
  addDays,
  type BusyInterval,
  dateIn,
  dayMs,
  dayParts,
  type FreeSlot,
  freeSlots,
  localParts,
  minuteMs,
  resolveWindow,
  type Slot,
  slotsOfDatedTurns,
  slotsOfDay,
} from './slots.ts';

export type FindTurnsResult = Omit<OutputOf<'find-turns'>, 'status'>;
export const unavailableText = 'Sin horarios disponibles' as const;

/**
 * spec 000 §4 Publication unusable: no slots while the professional is blocked, or has no card
 * added and a plan below 4 (plan 4 clears the block).
 */
export function isProfessionalUsable(p: { blockUse: number; cardAdded: number; userPlan: number }): boolean {
  if (p.blockUse === 1) return false;
  return p.cardAdded === 1 || p.userPlan >= 4;
}

/** A publication that offers turns at all: not deleted (callers answer "not found" for those) nor paused. */
function offersTurns(p: PublicationForTurns): boolean {
  return p.paused !== 1 && isProfessionalUsable(p);
}

// Built field by field: object spread into an object this wide measured ~100× slower in V8,
// and find-turns builds one per turn.
function toTurn(slot: FreeSlot, zone: string, viewerZone: string): Turn {
  const pro = localParts(zone, slot.startMs);
  const client = localParts(viewerZone, slot.startMs);
  return {
    date: pro.date,
    hStart: pro.hStart,
    timezone: zone,
    startDateFormat: pro.startDateFormat,
    day: pro.day,
    month: pro.month,
    Name: pro.Name,
    dateClient: client.date,
    hStartClient: client.hStart,
    timezoneClient: viewerZone,
    startDateFormatClient: client.startDateFormat,
    dayClient: client.day,
    monthClient: client.month,
    NameClient: client.Name,
    startsAt: new Date(slot.startMs).toISOString(),
    endsAt: new Date(slot.endMs).toISOString(),
    seatsLeft: slot.seatsLeft,
    // spec 000 §4: a multi-session publication lets only the first session be chosen here.
    session: 1,
  };
}

/** What a publication's settings say about which slots are bookable at `now`: notice, the maxRes window, seats. */
function bookingRulesOf(pub: PublicationForTurns, now: number) {
  return {
    now,
    noticeMin: pub.noticeMin,
    latestStartMs: now + daysForMaxRes(pub.maxRes) * dayMs,
    zone: pub.timeZone,
    publicationId: pub.id,
    groupCapacity: Math.max(1, pub.groupCapacity),
  };
}

/** Everything the engine needs for the days [fromDate, toDate] of the professional's calendar. */
async function freeSlotsBetween(
  deps: AppDeps,
  pub: PublicationForTurns,
  rules: readonly WeeklyRuleRow[],
  fromDate: string,
  toDate: string,
): Promise<FreeSlot[]> {
  const now = deps.now().getTime();
  const zone = pub.timeZone;
  const rulesNow = bookingRulesOf(pub, now);
  // Candidate slots first: they bound the bookings query to what can clash.
  let candidates: Slot[];
  if (pub.typeTurn === 2) {
    const dated = await listDatedTurns(deps.db, pub.id, fromDate, toDate);
    candidates = slotsOfDatedTurns(dated, zone, pub.duration);
  } else {
    candidates = [];
    if (rules.length > 0) {
      for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
        candidates.push(...slotsOfDay(rules, date, zone, pub.duration));
      }
    }
  }
  const earliest = Math.max(now + 1, now + pub.noticeMin * minuteMs);
  candidates = candidates.filter((s) => s.startMs >= earliest && s.startMs <= rulesNow.latestStartMs);
  const first = candidates[0];
  const last = candidates[candidates.length - 1];
  if (!first || !last) return [];

  // Issue 18: the linked calendar's busy times, read again when the cached copy is stale.
  await refreshExternalBusy(deps, pub.userId);
  const { busy: bookings, blocked } = await listBusyAndBlocked(deps.db, pub.userId, {
    lookBackIso: new Date(first.startMs - dayMs).toISOString(),
    toIso: new Date(last.endMs).toISOString(),
    nowIso: new Date(now).toISOString(),
    fromDate,
    toDate,
  });
  const busy: BusyInterval[] = bookings.map((b) => ({
    publicationId: b.publicationId,
    startMs: Date.parse(b.startsAt),
    endMs: Date.parse(b.endsAt),
    seats: b.seats,
  }));
  return freeSlots(candidates, {
    now: rulesNow.now,
    noticeMin: rulesNow.noticeMin,
    latestStartMs: rulesNow.latestStartMs,
    zone,
    publicationId: pub.id,
    groupCapacity: rulesNow.groupCapacity,
    blocked,
    busy,
  });
}

/** spec 000 §2.7, §7: the find-turns answer (see the contract for its shape). */
export async function findTurns(
  deps: AppDeps,
  input: {
    ref: string;
    from?: string | undefined;
    move?: 0 | 1 | -1 | undefined;
    userTime?: string | undefined;
  },
): Promise<FindTurnsResult> {
  const found = await findPublicationWithRules(deps.db, input.ref);
  if (!found || found.publication.deleted) throw new ActionError('E7');
  const { publication: pub, rules } = found;
  const zone = pub.timeZone;
  const viewerZone = input.userTime ?? zone;
  const now = deps.now().getTime();
  const today = dateIn(zone, now);
  const maxDate = dateIn(zone, now + daysForMaxRes(pub.maxRes) * dayMs);
  const usable = offersTurns(pub);
  const typeTurn = pub.typeTurn === 2 ? 2 : 1;
  const answer = (
    range: { from: string; to: string; hasPrevious: boolean; hasNext: boolean },
    days: TurnDay[],
    turns: Turn[],
  ): FindTurnsResult => ({
    ref: pub.ref,
    typeTurn,
    timezone: zone,
    userTime: viewerZone,
    duration: pub.duration,
    qtySessions: pub.qtySessions,
    onlyFirstSession: pub.qtySessions > 1,
    groupCapacity: Math.max(1, pub.groupCapacity),
    unavailable: usable ? null : unavailableText,
    from: range.from,
    to: range.to,
    hasPrevious: range.hasPrevious,
    hasNext: usable && range.hasNext,
    maxDate,
    days,
    turns,
  });

  if (typeTurn === 2) {
    const slots = usable ? await freeSlotsBetween(deps, pub, rules, today, maxDate) : [];
    const range = { from: today, to: maxDate, hasPrevious: false, hasNext: false };
    return answer(
      range,
      [],
      slots.map((s) => toTurn(s, zone, viewerZone)),
    );
  }

  const window = resolveWindow({ from: input.from, move: input.move }, today, maxDate, turnWindowDays);
  if (!window.ok) throw new ActionError(window.code);
  const slots = usable ? await freeSlotsBetween(deps, pub, rules, window.from, window.to) : [];
  const turns = slots.map((s) => toTurn(s, zone, viewerZone));
  const days: TurnDay[] = [];
  for (let date = window.from; date <= window.to; date = addDays(date, 1)) {
    const heading = dayParts(date);
    days.push({
      date,
      day: heading.day,
      month: heading.month,
      Name: heading.Name,
      turns: turns.filter((t) => t.date === date),
    });
  }
  // Each turn travels once: inside its day for the weekly calendar.
  return answer(window, days, []);
}

/**
 * For search (a read model of this slice's turn tables): the ids of publications with a weekly
 * rule on one of `weekdays` or a dated turn on one of `dates`, as a subquery search embeds in
 * its own query. Only candidates: their free slots still come from the slot engine.
 */
export function publicationsWithTurnsOn(
  db: DB,
  on: { weekdays: readonly number[]; dates: readonly string[] },
) {
  return publicationIdsWithTurnsOn(db, on.weekdays, on.dates);
}

/** How far the first look-up of the next free slots reads (days of each professional's calendar). */
const nextSlotFirstDays = 14;

/** Candidate slots of [fromDate, toDate] that notice and the maxRes window allow, sorted. */
function bookableCandidates(
  pub: PublicationForTurns,
  rules: readonly WeeklyRuleRow[],
  dated: readonly { date: string; start: string }[],
  fromDate: string,
  toDate: string,
  now: number,
): Slot[] {
  let candidates: Slot[];
  if (pub.typeTurn === 2) {
    candidates = slotsOfDatedTurns(
      dated.filter((d) => d.date >= fromDate && d.date <= toDate),
      pub.timeZone,
      pub.duration,
    );
  } else {
    candidates = [];
    for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
      candidates.push(...slotsOfDay(rules, date, pub.timeZone, pub.duration));
    }
  }
  const earliest = Math.max(now + 1, now + pub.noticeMin * minuteMs);
  const latest = now + daysForMaxRes(pub.maxRes) * dayMs;
  return candidates.filter((s) => s.startMs >= earliest && s.startMs <= latest);
}

/** A next free turn and the instant it stops being offered (its start less the notice). */
export type NextTurn = Turn & { offeredUntilMs: number };

/**
 * The first bookable turn of each publication from now on, seen from `viewerZone` (search
 * results show them), absent when it has none within its maxRes window. A fixed number of
 * queries whatever the number of publications: one for the publications, one for their weekly
 * rules, one for their dated turns, then the professionals' bookings and blocked days of the
 * next two weeks in one query, and of the rest of the window (only for the publications still
 * without a free turn) in at most one more. Slots are computed in memory.
 */
export async function findNextFreeSlots(
  deps: AppDeps,
  publicationIds: readonly number[],
  viewerZone: string,
): Promise<Map<number, NextTurn>> {
  const found = new Map<number, NextTurn>();
  const pubs = (await listPublicationsByIds(deps.db, publicationIds)).filter(
    (p) => !p.deleted && offersTurns(p),
  );
  const weekly = pubs.filter((p) => p.typeTurn !== 2);
  const datedPubs = pubs.filter((p) => p.typeTurn === 2);
  const now = deps.now().getTime();
  const windowOf = (p: PublicationForTurns) => ({
    today: dateIn(p.timeZone, now),
    maxDate: dateIn(p.timeZone, now + daysForMaxRes(p.maxRes) * dayMs),
  });
  const windows = new Map(pubs.map((p) => [p.id, windowOf(p)]));
  const span = (list: readonly PublicationForTurns[]) => {
    const ws = list.map((p) => windows.get(p.id) as { today: string; maxDate: string });
    return {
      from: ws.reduce((min, w) => (w.today < min ? w.today : min), ws[0]?.today ?? ''),
      to: ws.reduce((max, w) => (w.maxDate > max ? w.maxDate : max), ws[0]?.maxDate ?? ''),
    };
  };
  const datedSpan = span(datedPubs);
  const [rules, dated] = await Promise.all([
    listRulesOf(
      deps.db,
      weekly.map((p) => p.id),
    ),
    listDatedTurnsOf(
      deps.db,
      datedPubs.map((p) => p.id),
      datedSpan.from,
      datedSpan.to,
    ),
  ]);

  // Two rounds: the first two weeks for everybody, then the rest of the window for the rest.
  let pending = pubs.filter((p) => p.typeTurn === 2 || (rules.get(p.id)?.length ?? 0) > 0);
  for (const round of [0, 1] as const) {
    const work: { pub: PublicationForTurns; candidates: Slot[]; from: string; to: string }[] = [];
    for (const pub of pending) {
      const { today, maxDate } = windows.get(pub.id) as { today: string; maxDate: string };
      const firstEnd = addDays(today, nextSlotFirstDays - 1);
      const from = round === 0 ? today : addDays(today, nextSlotFirstDays);
      const to = round === 0 ? (firstEnd < maxDate ? firstEnd : maxDate) : maxDate;
      if (from > to) continue;
      const candidates = bookableCandidates(
        pub,
        rules.get(pub.id) ?? [],
        dated.get(pub.id) ?? [],
        from,
        to,
        now,
      );
      if (candidates.length > 0) work.push({ pub, candidates, from, to });
    }
    if (work.length === 0) break;
    let lookBack = Number.POSITIVE_INFINITY;
    let until = Number.NEGATIVE_INFINITY;
    let fromDate = work[0]?.from ?? '';
    let toDate = work[0]?.to ?? '';
    for (const w of work) {
      lookBack = Math.min(lookBack, (w.candidates[0] as Slot).startMs - dayMs);
      until = Math.max(until, (w.candidates[w.candidates.length - 1] as Slot).endMs);
      if (w.from < fromDate) fromDate = w.from;
      if (w.to > toDate) toDate = w.to;
    }
    const calendars = await listBusyAndBlockedOf(deps.db, [...new Set(work.map((w) => w.pub.userId))], {
      lookBackIso: new Date(lookBack).toISOString(),
      toIso: new Date(until).toISOString(),
      nowIso: new Date(now).toISOString(),
      fromDate,
      toDate,
    });
    for (const { pub, candidates } of work) {
      const calendar = calendars.get(pub.userId);
      const [first] = freeSlots(candidates, {
        ...bookingRulesOf(pub, now),
        blocked: calendar?.blocked ?? [],
        busy: (calendar?.busy ?? []).map((b) => ({
          publicationId: b.publicationId,
          startMs: Date.parse(b.startsAt),
          endMs: Date.parse(b.endsAt),
          seats: b.seats,
        })),
      });
      if (first) {
        found.set(pub.id, {
          ...toTurn(first, pub.timeZone, viewerZone),
          offeredUntilMs: Math.min(first.startMs - 1, first.startMs - pub.noticeMin * minuteMs),
        });
      }
    }
    pending = pending.filter((p) => !found.has(p.id));
  }
  return found;
}

/** The first bookable turn of one publication (see findNextFreeSlots), or null. */
export async function findNextFreeSlot(
  deps: AppDeps,
  publicationId: number,
  viewerZone: string,
): Promise<Turn | null> {
  return (await findNextFreeSlots(deps, [publicationId], viewerZone)).get(publicationId) ?? null;
}

/**
 * Whether the publication offers a turn starting exactly at `startMs` now: weekly rules or
 * dated turns, notice, the maxRes window, blocked days, a paused publication or an unusable
 * professional. Bookings are NOT considered here: the bookings slice checks clashes itself,
 * under its per-professional lock, so the answer cannot go stale between check and write.
 * Answers the slot's end, or null.
 */
export async function offeredTurnAt(
  deps: AppDeps,
  db: DB,
  publicationId: number,
  startMs: number,
): Promise<{ endMs: number } | null> {
  const pub = await findPublicationById(db, publicationId);
  if (!pub || pub.deleted || !offersTurns(pub)) return null;
  const now = deps.now().getTime();
  const date = dateIn(pub.timeZone, startMs);
  let candidates: Slot[];
  if (pub.typeTurn === 2) {
    candidates = slotsOfDatedTurns(await listDatedTurns(db, pub.id, date, date), pub.timeZone, pub.duration);
  } else {
    candidates = slotsOfDay(await listRules(db, pub.id), date, pub.timeZone, pub.duration);
  }
  const blocked = await listBlockedDays(db, pub.userId, date, date);
  const [slot] = freeSlots(
    candidates.filter((c) => c.startMs === startMs),
    {
      ...bookingRulesOf(pub, now),
      blocked: blocked.map((b) => ({ from: b.from, to: b.to })),
      busy: [],
    },
  );
  return slot ? { endMs: slot.endMs } : null;
}
