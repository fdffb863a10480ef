import { minutesOf } from '@agendo/contract';
import { inTransaction } from '../../db/database.ts';
import { newRef } from '../../lib/random.ts';
import { handle, type SignedInContext } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import {
  findPublicationByRef,
  findUserZone,
  listBlockedDays,
  listBookedStarts,
  listDatedTurns,
  listRules,
  type PublicationForTurns,
  replaceBlockedDays,
  replaceDatedTurns,
  replaceRules,
} from './availability.repository.ts';
import { findTurns } from './availability.service.ts';
import { dateIn, minuteMs, minutesOfTime, wallToInstant } from './slots.ts';

/**
 * The signed-in professional's own, live publication. A foreign, deleted or unknown ref answers
 * the same "not found" (no existence leak).
 */
async function ownPublication(ctx: SignedInContext, ref: string): Promise<PublicationForTurns> {
  const pub = await findPublicationByRef(ctx.deps.db, ref);
  if (!pub || pub.deleted || pub.userId !== ctx.user.id) throw new ActionError('E7');
  return pub;
}

async function datedTurnsOf(ctx: SignedInContext, pub: PublicationForTurns) {
  const nowIso = ctx.deps.now().toISOString();
  const today = dateIn(pub.timeZone, ctx.deps.now().getTime());
  const [turns, booked] = await Promise.all([
    listDatedTurns(ctx.deps.db, pub.id, today),
    listBookedStarts(ctx.deps.db, pub.id, nowIso, nowIso),
  ]);
  const bookedSet = new Set(booked.map((iso) => Date.parse(iso)));
  const now = ctx.deps.now().getTime();
  const out: { ref: string; date: string; hStart: string; booked: boolean }[] = [];
  for (const t of turns) {
    const start = wallToInstant(pub.timeZone, t.date, minutesOfTime(t.start));
    // Only turns still ahead: the editor sends the list back, and past hours would be refused (E8).
    if (start === null || start <= now) continue;
    out.push({ ref: t.ref, date: t.date, hStart: t.start, booked: bookedSet.has(start) });
  }
  return out;
}

/** What both turn editors show above the turns: the publication they belong to. */
function turnsHeaderOf(pub: PublicationForTurns) {
  return {
    ref: pub.ref,
    title: pub.title,
    timezone: pub.timeZone,
    duration: pub.duration,
    typeTurn: pub.typeTurn,
  };
}

export const availabilityHandlers = [
  handle('find-turns', 'public', async (input, ctx) => findTurns(ctx.deps, input)),

  handle('find-turns-recurrent', 'professional', async (input, ctx) => {
    const pub = await ownPublication(ctx, input.ref);
    const rules = await listRules(ctx.deps.db, pub.id);
    return { ...turnsHeaderOf(pub), rules };
  }),

  handle('save-turns-recurrent', 'professional:calendarEdit', async (input, ctx) => {
    const pub = await ownPublication(ctx, input.ref);
    const index = input.rules.findIndex((r) => minutesOf(r.end) - minutesOf(r.start) < pub.duration);
    if (index >= 0) throw new ActionError('E6', 'rules');
    const rules = [...input.rules].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
    await inTransaction(ctx.deps.db, (tx) => replaceRules(tx, pub.id, rules, ctx.deps.now().toISOString()));
    return { rules };
  }),

  handle('find-dated-turns', 'professional', async (input, ctx) => {
    const pub = await ownPublication(ctx, input.ref);
    return { ...turnsHeaderOf(pub), turns: await datedTurnsOf(ctx, pub) };
  }),

  handle('save-turns', 'professional:calendarEdit', async (input, ctx) => {
    const pub = await ownPublication(ctx, input.ref);
    const now = ctx.deps.now().getTime();
    const starts: number[] = [];
    for (const turn of input.turns) {
      const start = wallToInstant(pub.timeZone, turn.date, minutesOfTime(turn.hStart));
      // A time inside a daylight-saving gap does not exist that day.
      if (start === null) throw new ActionError('E3', 'turns');
      if (start <= now) throw new ActionError('E8', 'turns');
      starts.push(start);
    }
    starts.sort((a, b) => a - b);
    for (let i = 1; i < starts.length; i++) {
      if ((starts[i] as number) < (starts[i - 1] as number) + pub.duration * minuteMs) {
        throw new ActionError('E5', 'turns');
      }
    }
    const today = dateIn(pub.timeZone, now);
    const turns = input.turns.map((t) => ({ ref: newRef(), date: t.date, start: t.hStart }));
    await inTransaction(ctx.deps.db, (tx) =>
      replaceDatedTurns(tx, pub.id, today, turns, ctx.deps.now().toISOString()),
    );
    return { turns: await datedTurnsOf(ctx, pub) };
  }),

  handle('find-blocked-days', 'professional', async (_input, ctx) => {
    const zone = await professionalZone(ctx);
    const today = dateIn(zone, ctx.deps.now().getTime());
    return { timezone: zone, blocks: await listBlockedDays(ctx.deps.db, ctx.user.id, today) };
  }),

  handle('save-blocked-days', 'professional:calendarEdit', async (input, ctx) => {
    const zone = await professionalZone(ctx);
    const today = dateIn(zone, ctx.deps.now().getTime());
    if (input.blocks.some((b) => b.to < today)) throw new ActionError('E8', 'blocks');
    const blocks = input.blocks
      .map((b) => ({ ref: newRef(), from: b.from, to: b.to, reason: b.reason ? b.reason : null }))
      .sort((a, b) => a.from.localeCompare(b.from));
    await inTransaction(ctx.deps.db, (tx) =>
      replaceBlockedDays(tx, ctx.user.id, today, blocks, ctx.deps.now().toISOString()),
    );
    return { blocks: await listBlockedDays(ctx.deps.db, ctx.user.id, today) };
  }),
];

async function professionalZone(ctx: SignedInContext): Promise<string> {
  const zone = await findUserZone(ctx.deps.db, ctx.user.id);
  if (!zone) throw new ActionError('E401');
  return zone;
}
