import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewPublication } from '../../db/tables/catalogue.ts';
import { newRef } from '../../lib/random.ts';
import { bookingRow } from '../../test/booking-fixtures.ts';
import { publicationRow } from '../../test/publication-row.ts';
import { useTestApp } from '../../test/test-app.ts';
import { registeredUser } from '../../test/user-fixtures.ts';
import { findNextFreeSlot } from './availability.service.ts';

// Clock: Sunday 2026-11-22 12:00 UTC = 09:00 in Buenos Aires.
let pro: { token: string; id: number };
let other: { token: string; id: number };
let client: { token: string; id: number };

async function setUser(id: number, changes: Record<string, unknown>) {
  await t.deps.db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** A publication row as the catalogue's save-publish would leave it. */
async function insertPublication(userId: number, over: Record<string, unknown> = {}) {
  const ref = newRef();
  const now = t.clock.now.toISOString();
  const row = await t.deps.db
    .insertInto('publications')
    .values(
      publicationRow(userId, now, {
        ref,
        description: 'Una sesión de prueba para la disponibilidad.',
        country_id: 1,
        ...(over as Partial<NewPublication>),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ref };
}

async function insertBooking(
  pub: { id: number },
  professionalId: number,
  startsAt: string,
  minutes: number,
  over: Record<string, unknown> = {},
) {
  const now = t.clock.now.toISOString();
  const at = { publicationId: pub.id, professionalId, startsAt, minutes, now };
  await t.deps.db
    .insertInto('bookings')
    .values(bookingRow(at, { client_id: client.id, ...over }))
    .execute();
}

const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));

async function countRows(table: 'turn_rules' | 'dated_turns' | 'blocked_days') {
  const row = await t.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const t = useTestApp();
beforeAll(async () => {
  pro = await registeredUser(t);
  other = await registeredUser(t);
  client = await registeredUser(t, 2);
  await setUser(pro.id, { time_zone: 'America/Argentina/Buenos_Aires' });
  await setUser(other.id, { time_zone: 'America/New_York' });
});
beforeEach(() => {
  t.clock.now = new Date('2026-11-22T12:00:00Z');
});

describe('save-turns-recurrent / find-turns-recurrent', () => {
  it('saves weekly ranges in the professional zone and reads them back sorted', async () => {
    const pub = await insertPublication(pro.id);
    const saved = await t.call(
      'save-turns-recurrent',
      {
        ref: pub.ref,
        rules: [
          { weekday: 3, start: '14:00', end: '18:00' },
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 1, start: '13:00', end: '24:00' },
        ],
      },
      pro.token,
    );
    expect(saved.statusCode).toBe(200);
    const found = await t.call('find-turns-recurrent', { ref: pub.ref }, pro.token);
    expect(found.body).toMatchObject({
      status: '200',
      ref: pub.ref,
      timezone: 'America/Argentina/Buenos_Aires',
      duration: 60,
      rules: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '24:00' },
        { weekday: 3, start: '14:00', end: '18:00' },
      ],
    });
  });

  it.each([
    ['E2', 'El día seleccionado no es válido.', [{ weekday: 8, start: '09:00', end: '10:00' }]],
    ['E2', 'El día seleccionado no es válido.', [{ weekday: 0, start: '09:00', end: '10:00' }]],
    ['E3', 'La hora ingresada no es válida.', [{ weekday: 1, start: '25:00', end: '26:00' }]],
    ['E3', 'La hora ingresada no es válida.', [{ weekday: 1, start: '9:00', end: '10:00' }]],
    [
      'E4',
      'La hora de fin debe ser posterior a la hora de inicio.',
      [{ weekday: 1, start: '12:00', end: '10:00' }],
    ],
    [
      'E4',
      'La hora de fin debe ser posterior a la hora de inicio.',
      [{ weekday: 1, start: '10:00', end: '10:00' }],
    ],
    [
      'E5',
      'Los horarios de un mismo día no pueden superponerse.',
      [
        { weekday: 2, start: '09:00', end: '12:00' },
        { weekday: 2, start: '11:00', end: '13:00' },
      ],
    ],
    [
      'E6',
      'Cada horario debe durar al menos lo que dura la sesión.',
      [{ weekday: 1, start: '09:00', end: '09:30' }],
    ],
  ])('refuses %s (%s) and writes nothing', async (code, message, rules) => {
    const pub = await insertPublication(pro.id);
    await t.call('save-turns-recurrent', { ref: pub.ref, rules: weekdays('09:00', '12:00') }, pro.token);
    const before = await countRows('turn_rules');
    const res = await t.call('save-turns-recurrent', { ref: pub.ref, rules }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ status: '400', code, message, field: 'rules' });
    expect(await countRows('turn_rules')).toBe(before);
    const found = await t.call('find-turns-recurrent', { ref: pub.ref }, pro.token);
    expect(found.body.rules).toHaveLength(5);
  });

  it('the same ranges on different days do not overlap', async () => {
    const pub = await insertPublication(pro.id);
    const res = await t.call(
      'save-turns-recurrent',
      {
        ref: pub.ref,
        rules: [
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 2, start: '09:00', end: '12:00' },
        ],
      },
      pro.token,
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('save-turns / find-dated-turns', () => {
  it('replaces the future dated turns and lists them sorted', async () => {
    const pub = await insertPublication(pro.id, { type_turn: 2 });
    const res = await t.call(
      'save-turns',
      {
        ref: pub.ref,
        turns: [
          { date: '2026-12-03', hStart: '15:00' },
          { date: '2026-11-30', hStart: '09:00' },
          { date: '2026-12-03', hStart: '09:30' },
        ],
      },
      pro.token,
    );
    expect(res.statusCode).toBe(200);
    const found = await t.call('find-dated-turns', { ref: pub.ref }, pro.token);
    expect(found.body.turns.map((x: { date: string; hStart: string }) => `${x.date} ${x.hStart}`)).toEqual([
      '2026-11-30 09:00',
      '2026-12-03 09:30',
      '2026-12-03 15:00',
    ]);
    expect(found.body.turns.every((x: { booked: boolean }) => !x.booked)).toBe(true);
  });

  it('lists only turns still ahead, so the editor can send its list back', async () => {
    const pub = await insertPublication(pro.id, { type_turn: 2 });
    await t.call(
      'save-turns',
      {
        ref: pub.ref,
        turns: [
          { date: '2026-11-22', hStart: '10:00' },
          { date: '2026-11-23', hStart: '10:00' },
        ],
      },
      pro.token,
    );
    // 10:00 in Buenos Aires (13:00 UTC) has passed.
    t.clock.now = new Date('2026-11-22T13:30:00Z');
    const found = await t.call('find-dated-turns', { ref: pub.ref }, pro.token);
    expect(found.body.turns.map((x: { date: string }) => x.date)).toEqual(['2026-11-23']);
    const again = await t.call(
      'save-turns',
      { ref: pub.ref, turns: [{ date: '2026-11-23', hStart: '10:00' }] },
      pro.token,
    );
    expect(again.statusCode).toBe(200);
  });

  it.each([
    ['E8', 'No puedes agregar fechas pasadas.', [{ date: '2026-11-21', hStart: '10:00' }]],
    // 09:00 in Buenos Aires is now: not in the future.
    ['E8', 'No puedes agregar fechas pasadas.', [{ date: '2026-11-22', hStart: '08:00' }]],
    ['E2', 'La fecha ingresada no es válida.', [{ date: '2026-02-30', hStart: '10:00' }]],
    ['E3', 'La hora ingresada no es válida.', [{ date: '2026-12-01', hStart: '24:00' }]],
    [
      'E9',
      'Ese horario ya está en la lista.',
      [
        { date: '2026-12-01', hStart: '10:00' },
        { date: '2026-12-01', hStart: '10:00' },
      ],
    ],
    [
      'E5',
      'Los horarios no pueden superponerse.',
      [
        { date: '2026-12-01', hStart: '10:00' },
        { date: '2026-12-01', hStart: '10:30' },
      ],
    ],
  ])('refuses %s (%s) and writes nothing', async (code, message, turns) => {
    const pub = await insertPublication(pro.id, { type_turn: 2 });
    const before = await countRows('dated_turns');
    const res = await t.call('save-turns', { ref: pub.ref, turns }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ status: '400', code, message, field: 'turns' });
    expect(await countRows('dated_turns')).toBe(before);
  });

  it('refuses an hour that a daylight-saving change skips (New York, 2027-03-14 02:30)', async () => {
    const pub = await insertPublication(other.id, { type_turn: 2, max_res: 7 });
    const res = await t.call(
      'save-turns',
      { ref: pub.ref, turns: [{ date: '2027-03-14', hStart: '02:30' }] },
      other.token,
    );
    expect(res.body).toMatchObject({ code: 'E3', message: 'La hora ingresada no es válida.' });
  });
});

describe('save-blocked-days / find-blocked-days', () => {
  it('saves days and ranges with a reason and lists them sorted', async () => {
    const res = await t.call(
      'save-blocked-days',
      {
        blocks: [
          { from: '2026-12-24', to: '2026-12-26', reason: 'Navidad' },
          { from: '2026-11-25', to: '2026-11-25' },
        ],
      },
      pro.token,
    );
    expect(res.statusCode).toBe(200);
    const found = await t.call('find-blocked-days', {}, pro.token);
    expect(found.body).toMatchObject({
      timezone: 'America/Argentina/Buenos_Aires',
      blocks: [
        { from: '2026-11-25', to: '2026-11-25', reason: null },
        { from: '2026-12-24', to: '2026-12-26', reason: 'Navidad' },
      ],
    });
    expect(found.body.blocks[0].ref).toMatch(/^[A-Za-z0-9_-]{8,}$/);
  });

  it.each([
    [
      'E4',
      'La fecha de fin debe ser igual o posterior a la de inicio.',
      [{ from: '2026-12-10', to: '2026-12-09' }],
    ],
    [
      'E5',
      'Los días bloqueados no pueden superponerse.',
      [
        { from: '2026-12-10', to: '2026-12-15' },
        { from: '2026-12-15', to: '2026-12-16' },
      ],
    ],
    ['E8', 'No puedes bloquear fechas pasadas.', [{ from: '2026-11-20', to: '2026-11-21' }]],
    ['E2', 'La fecha ingresada no es válida.', [{ from: '2026-13-01', to: '2026-13-02' }]],
    [
      'E6',
      'El motivo puede tener hasta 200 caracteres.',
      [{ from: '2026-12-10', to: '2026-12-10', reason: 'x'.repeat(201) }],
    ],
  ])('refuses %s (%s) and writes nothing', async (code, message, blocks) => {
    const before = await countRows('blocked_days');
    const res = await t.call('save-blocked-days', { blocks }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ status: '400', code, message, field: 'blocks' });
    expect(await countRows('blocked_days')).toBe(before);
  });
});

describe('authorization', () => {
  it("a professional cannot read or edit another's turns by passing its ref", async () => {
    const weekly = await insertPublication(pro.id);
    const dated = await insertPublication(pro.id, { type_turn: 2 });
    await t.call('save-turns-recurrent', { ref: weekly.ref, rules: weekdays('09:00', '12:00') }, pro.token);
    await t.call(
      'save-turns',
      { ref: dated.ref, turns: [{ date: '2026-12-01', hStart: '10:00' }] },
      pro.token,
    );
    const rules = await countRows('turn_rules');
    const turns = await countRows('dated_turns');

    const attempts = [
      await t.call('find-turns-recurrent', { ref: weekly.ref }, other.token),
      await t.call('save-turns-recurrent', { ref: weekly.ref, rules: [] }, other.token),
      await t.call('find-dated-turns', { ref: dated.ref }, other.token),
      await t.call('save-turns', { ref: dated.ref, turns: [] }, other.token),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatchObject({ code: 'E7', message: 'No encontramos la publicación.' });
    }
    // An unknown ref answers the same.
    const unknown = await t.call('find-turns-recurrent', { ref: newRef() }, other.token);
    expect(unknown.body).toEqual(attempts[0]?.body);
    expect(await countRows('turn_rules')).toBe(rules);
    expect(await countRows('dated_turns')).toBe(turns);
  });

  it('a professional sees and replaces only their own blocked days', async () => {
    await t.call('save-blocked-days', { blocks: [{ from: '2026-12-01', to: '2026-12-01' }] }, pro.token);
    await t.call('save-blocked-days', { blocks: [] }, other.token);
    const mine = await t.call('find-blocked-days', {}, pro.token);
    expect(mine.body.blocks).toHaveLength(1);
    const theirs = await t.call('find-blocked-days', {}, other.token);
    expect(theirs.body.blocks).toEqual([]);
  });

  it('clients and visitors cannot use the editors', async () => {
    const pub = await insertPublication(pro.id);
    expect((await t.call('find-turns-recurrent', { ref: pub.ref }, client.token)).statusCode).toBe(403);
    expect((await t.call('save-blocked-days', { blocks: [] }, client.token)).statusCode).toBe(403);
    expect((await t.call('find-blocked-days', {}, null)).statusCode).toBe(401);
  });
});

describe('find-turns', () => {
  async function weeklyPublication(over: Record<string, unknown> = {}) {
    const pub = await insertPublication(pro.id, over);
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '13:00' }));
    const res = await t.call('save-turns-recurrent', { ref: pub.ref, rules: everyDay }, pro.token);
    expect(res.statusCode).toBe(200);
    return pub;
  }
  const hours = (day: { turns: { hStart: string }[] }) => day.turns.map((x) => x.hStart);
  // biome-ignore lint/suspicious/noExplicitAny: test answers are loosely typed
  const allTurns = (body: any): { session: number }[] =>
    body.days.flatMap((d: { turns: unknown[] }) => d.turns);

  it('answers a 5-day window in both zones (Buenos Aires professional, Madrid viewer)', async () => {
    const pub = await weeklyPublication();
    const res = await t.call('find-turns', { ref: pub.ref, userTime: 'Europe/Madrid' }, null);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({
      typeTurn: 1,
      timezone: 'America/Argentina/Buenos_Aires',
      userTime: 'Europe/Madrid',
      from: '2026-11-22',
      to: '2026-11-26',
      hasPrevious: false,
      hasNext: true,
      unavailable: null,
      onlyFirstSession: false,
      turns: [],
    });
    expect(body.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    // Today 09:00 is now; with the 60-minute notice the first turn is 10:00.
    expect(hours(body.days[0])).toEqual(['10:00', '11:00', '12:00']);
    expect(body.days[1].turns[0]).toMatchObject({
      date: '2026-11-23',
      hStart: '09:00',
      timezone: 'America/Argentina/Buenos_Aires',
      startDateFormat: '2026-11-23 09:00:00',
      day: 23,
      month: 'noviembre',
      Name: 'lunes',
      dateClient: '2026-11-23',
      hStartClient: '13:00',
      timezoneClient: 'Europe/Madrid',
      startsAt: '2026-11-23T12:00:00.000Z',
      endsAt: '2026-11-23T13:00:00.000Z',
      seatsLeft: 1,
      session: 1,
    });
  });

  it('removes booked slots, live holds and blocked days; expired holds and cancelled bookings free them', async () => {
    const pub = await weeklyPublication();
    const otherPub = await insertPublication(pro.id, { duration_min: 90 });
    await insertBooking(pub, pro.id, '2026-11-23T12:00:00Z', 60); // 09:00 BA
    // Another publication, 90 minutes from 10:30 to 12:00 BA: takes the 10:00 and 11:00 slots.
    await insertBooking(otherPub, pro.id, '2026-11-23T13:30:00Z', 90);
    await insertBooking(pub, pro.id, '2026-11-24T12:00:00Z', 60, {
      state: 'held',
      hold_expires_at: '2026-11-22T12:10:00.000Z',
    });
    await insertBooking(pub, pro.id, '2026-11-24T13:00:00Z', 60, {
      state: 'held',
      hold_expires_at: '2026-11-22T11:59:00.000Z',
    });
    await insertBooking(pub, pro.id, '2026-11-24T14:00:00Z', 60, { state: 'cancelled' });
    // A booking of another professional never counts.
    const foreign = await insertPublication(other.id);
    await insertBooking(foreign, other.id, '2026-11-24T15:00:00Z', 60);
    await t.call('save-blocked-days', { blocks: [{ from: '2026-11-25', to: '2026-11-26' }] }, pro.token);

    const res = await t.call(
      'find-turns',
      { ref: pub.ref, userTime: 'America/Argentina/Buenos_Aires' },
      null,
    );
    const [, mon, tue, wed, thu] = res.body.days;
    expect(hours(mon)).toEqual(['12:00']);
    expect(hours(tue)).toEqual(['10:00', '11:00', '12:00']);
    expect(hours(wed)).toEqual([]);
    expect(hours(thu)).toEqual([]);

    // The live hold is free again once it expires.
    t.clock.now = new Date('2026-11-22T12:11:00Z');
    const later = await t.call('find-turns', { ref: pub.ref }, null);
    expect(hours(later.body.days[2])).toEqual(['09:00', '10:00', '11:00', '12:00']);
    await t.call('save-blocked-days', { blocks: [] }, pro.token);
  });

  it('group publications keep a slot until its seats are taken', async () => {
    const pub = await weeklyPublication({ group_capacity: 3 });
    // Thursday: earlier tests booked this professional's Monday and Tuesday.
    await insertBooking(pub, pro.id, '2026-11-26T12:00:00Z', 60, { seats: 2 });
    await insertBooking(pub, pro.id, '2026-11-26T13:00:00Z', 60, { seats: 3 });
    const res = await t.call('find-turns', { ref: pub.ref }, null);
    expect(res.body.groupCapacity).toBe(3);
    const thu = res.body.days[4];
    expect(thu.turns.map((x: { hStart: string; seatsLeft: number }) => `${x.hStart}:${x.seatsLeft}`)).toEqual(
      ['09:00:1', '11:00:3', '12:00:3'],
    );
  });

  it('pages by 5 days with the spec messages at both ends', async () => {
    const pub = await weeklyPublication({ max_res: 9 }); // 7 days
    const first = await t.call('find-turns', { ref: pub.ref }, null);
    const before = await t.call('find-turns', { ref: pub.ref, from: first.body.from, move: -1 }, null);
    expect(before.statusCode).toBe(400);
    expect(before.body).toMatchObject({ code: 'E3', message: 'Fechas no disponibles.' });

    const next = await t.call('find-turns', { ref: pub.ref, from: first.body.from, move: 1 }, null);
    expect(next.body).toMatchObject({
      from: '2026-11-27',
      to: '2026-12-01',
      hasPrevious: true,
      hasNext: false,
    });
    // now + 7 days = 2026-11-29 09:00 BA: the 29th offers only 09:00, later days nothing.
    expect(hours(next.body.days[2])).toEqual(['09:00']);
    expect(next.body.days[3].turns).toEqual([]);

    const past = await t.call('find-turns', { ref: pub.ref, from: next.body.from, move: 1 }, null);
    expect(past.body).toMatchObject({ code: 'E4', message: 'Próximas fechas no disponibles.' });
    const back = await t.call('find-turns', { ref: pub.ref, from: next.body.from, move: -1 }, null);
    expect(back.body.from).toBe('2026-11-22');
  });

  it.each([
    ['blocked professional', { block_use: 1, card_added: 1, user_plan: 4 }],
    ['no card and plan below 4', { block_use: 0, card_added: 0, user_plan: 3 }],
  ])('answers "Sin horarios disponibles" for a %s', async (_name, flags) => {
    const pub = await weeklyPublication();
    await setUser(pro.id, flags);
    try {
      const res = await t.call('find-turns', { ref: pub.ref }, null);
      expect(res.body.unavailable).toBe('Sin horarios disponibles');
      expect(allTurns(res.body)).toEqual([]);
      expect(res.body.hasNext).toBe(false);
    } finally {
      await setUser(pro.id, { block_use: 0, card_added: 0, user_plan: 4 });
    }
  });

  it('a card with a plan below 4 still offers turns', async () => {
    const pub = await weeklyPublication();
    await setUser(pro.id, { card_added: 1, user_plan: 1 });
    const res = await t.call('find-turns', { ref: pub.ref }, null);
    await setUser(pro.id, { card_added: 0, user_plan: 4 });
    expect(res.body.unavailable).toBeNull();
    expect(allTurns(res.body).length).toBeGreaterThan(0);
  });

  it('a paused publication offers nothing; a deleted one is not found', async () => {
    const paused = await weeklyPublication({ paused: 1 });
    const res = await t.call('find-turns', { ref: paused.ref }, null);
    expect(res.body).toMatchObject({ unavailable: 'Sin horarios disponibles' });
    expect(allTurns(res.body)).toEqual([]);
    const deleted = await insertPublication(pro.id, { deleted_at: '2026-11-21T00:00:00.000Z' });
    const gone = await t.call('find-turns', { ref: deleted.ref }, null);
    expect(gone.body).toMatchObject({ code: 'E7', message: 'No encontramos la publicación.' });
  });

  it('multi-session publications offer only the first session', async () => {
    const pub = await weeklyPublication({ qty_sessions: 4 });
    const res = await t.call('find-turns', { ref: pub.ref }, null);
    expect(res.body).toMatchObject({ qtySessions: 4, onlyFirstSession: true });
    const turns = allTurns(res.body);
    expect(turns.length).toBeGreaterThan(0);
    expect(turns.every((x) => x.session === 1)).toBe(true);
  });

  it('the dated list is sorted, without booked or past turns, within maxRes', async () => {
    const pub = await insertPublication(pro.id, { type_turn: 2, max_res: 1 });
    await t.call(
      'save-turns',
      {
        ref: pub.ref,
        turns: [
          { date: '2026-12-30', hStart: '10:00' }, // past now + 30 days
          { date: '2026-12-03', hStart: '15:00' },
          { date: '2026-11-30', hStart: '09:00' },
          { date: '2026-12-03', hStart: '09:30' },
        ],
      },
      pro.token,
    );
    await insertBooking(pub, pro.id, '2026-12-03T12:30:00Z', 60); // 09:30 BA
    const res = await t.call('find-turns', { ref: pub.ref, userTime: 'Europe/Madrid' }, null);
    expect(res.body).toMatchObject({ typeTurn: 2, days: [], hasPrevious: false, hasNext: false });
    expect(res.body.turns.map((x: { startDateFormat: string }) => x.startDateFormat)).toEqual([
      '2026-11-30 09:00:00',
      '2026-12-03 15:00:00',
    ]);
    expect(res.body.turns[0].hStartClient).toBe('13:00');
    const own = await t.call('find-dated-turns', { ref: pub.ref }, pro.token);
    expect(own.body.turns.map((x: { booked: boolean }) => x.booked)).toEqual([false, true, false, false]);
  });

  it('validates its input', async () => {
    const pub = await weeklyPublication();
    const zone = await t.call('find-turns', { ref: pub.ref, userTime: 'Mars/Olympus' }, null);
    expect(zone.body).toMatchObject({ status: '400', code: 'E1' });
    const move = await t.call('find-turns', { ref: pub.ref, move: 2 }, null);
    expect(move.body).toMatchObject({ status: '400', code: 'E1' });
  });
});

describe('findNextFreeSlot (search results)', () => {
  it('gives the first bookable turn in the viewer zone, or null', async () => {
    const pub = await insertPublication(pro.id, { notice_min: 0 });
    await t.call(
      'save-turns-recurrent',
      { ref: pub.ref, rules: [{ weekday: 3, start: '18:00', end: '20:00' }] },
      pro.token,
    );
    await insertBooking(pub, pro.id, '2026-11-25T21:00:00Z', 60); // Wed 18:00 BA
    const next = await findNextFreeSlot(t.deps, pub.id, 'Europe/Madrid');
    expect(next).toMatchObject({
      date: '2026-11-25',
      hStart: '19:00',
      dateClient: '2026-11-25',
      hStartClient: '23:00',
    });

    const empty = await insertPublication(pro.id);
    expect(await findNextFreeSlot(t.deps, empty.id, 'Europe/Madrid')).toBeNull();
  });
});
