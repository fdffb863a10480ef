import { beforeAll, describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// Issue 4 acceptance: 50 simultaneous attempts on one slot give exactly one booking and a clear
// Spanish error for the rest; the same with overlapping slots of different durations; a group
// publication gives exactly its capacity. Each scenario runs 20 rounds. The suite runs on
// SQLite and, with TEST_DATABASE_URL, on PostgreSQL (row lock on the professional).
const rounds = 20;
const attempts = 50;
let clients: Awaited<ReturnType<typeof makeUser>>[];

const t = useTestApp();
beforeAll(async () => {
  clients = [];
  for (let i = 0; i < attempts; i += 1) clients.push(await makeUser(t));
});

/** Round r books day 23 + (r % 7) at an hour in the professional's 08–20 window, 10:00 UTC + r/7. */
function startOf(round: number, minute = 0): string {
  const day = 23 + (round % 7);
  const hourUtc = 12 + Math.floor(round / 7) * 2;
  return `2026-11-${day}T${String(hourUtc).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
}

async function heldCount(professionalId: number, startsFrom: string, startsTo: string) {
  const row = await t.deps.db
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('professional_id', '=', professionalId)
    .where('starts_at', '>=', startsFrom)
    .where('starts_at', '<', startsTo)
    .where('state', '!=', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const spanishClash = 'El horario elegido ya no está disponible. Elige otro horario.';

describe('no double booking under concurrency', () => {
  it(`${attempts} buyers of one slot: exactly one wins, ${rounds} times`, async () => {
    const pro = await makeUser(t, { userType: 1 });
    const pub = await makePublication(t, pro.id, {}, { from: '08:00', to: '20:00' });
    for (let round = 0; round < rounds; round += 1) {
      const startsAt = startOf(round);
      const results = await Promise.all(
        clients.map((c) => t.call('save-temp-booking', { ref: pub.ref, startsAt }, c.token)),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode === 400);
      expect(ok, `round ${round}`).toHaveLength(1);
      expect(refused).toHaveLength(attempts - 1);
      for (const r of refused) expect(r.body).toMatchObject({ code: 'E10', message: spanishClash });
      expect(await heldCount(pro.id, startsAt, `${startsAt.slice(0, 13)}:59`)).toBe(1);
    }
  });

  it('overlapping slots of different durations (60 min at :00 vs 30 min at :30) never both win', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const long = await makePublication(t, pro.id, { duration_min: 60 }, { from: '08:00', to: '20:00' });
    const short = await makePublication(t, pro.id, { duration_min: 30 }, { from: '08:00', to: '20:00' });
    for (let round = 0; round < rounds; round += 1) {
      const at = startOf(round);
      const halfPast = startOf(round, 30);
      const results = await Promise.all(
        clients.map((c, i) =>
          t.call(
            'save-temp-booking',
            i % 2 === 0 ? { ref: long.ref, startsAt: at } : { ref: short.ref, startsAt: halfPast },
            c.token,
          ),
        ),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok, `round ${round}`).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200)) expect(r.body.code).toBe('E10');
      expect(await heldCount(pro.id, at, `${at.slice(0, 13)}:59`)).toBe(1);
    }
  });

  it('a group publication of capacity 4 accepts exactly 4 of 50', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const group = await makePublication(t, pro.id, { group_capacity: 4 }, { from: '08:00', to: '20:00' });
    for (let round = 0; round < rounds; round += 1) {
      const startsAt = startOf(round);
      const results = await Promise.all(
        clients.map((c) => t.call('save-temp-booking', { ref: group.ref, startsAt }, c.token)),
      );
      expect(
        results.filter((r) => r.statusCode === 200),
        `round ${round}`,
      ).toHaveLength(4);
      expect(await heldCount(pro.id, startsAt, `${startsAt.slice(0, 13)}:59`)).toBe(4);
    }
  });
});
