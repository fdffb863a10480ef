import { billingSortKeys, payoutHoldingDays } from '@agendo/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { makePublication, makeUser, startCardPayment } from '../../test/booking-fixtures.ts';
import { makeContact as contactRow } from '../../test/contact-fixtures.ts';
import { paymentWebhook } from '../../test/course-fixtures.ts';
import { pendingSale } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createCorporateSession, createSession } from '../auth/auth.service.ts';
import { runDuePayouts } from './payouts.service.ts';
import { settleSalePaid, settleSaleRefunded } from './settle-sale.service.ts';

// spec 001 §2.3, §4, §7: find-billing-all and mark-pay-booking from the sales table.

const t = useTestApp();

function contact(professionalId: number, first: string, last: string, userId: number | null = null) {
  return contactRow(t, professionalId, {
    user_id: userId,
    first_name: first,
    last_name: last,
    phone: '+5491155550000',
  });
}

async function sale(
  sellerId: number,
  over: {
    contactId?: number | null;
    amountMinor?: number;
    discountMinor?: number;
    title?: string;
    at?: string;
  } = {},
) {
  return pendingSale(t, sellerId, {
    contactId: over.contactId ?? null,
    description: over.title ?? 'Sesión de terapia',
    amountMinor: over.amountMinor ?? 10_000,
    discountMinor: over.discountMinor ?? 0,
    method: 'card',
    now: over.at ?? t.clock.now.toISOString(),
  });
}

const list = (token: string, input: Record<string, unknown> = {}) =>
  t.call('find-billing-all', { mode: 1, ...input }, token);

describe('find-billing-all', () => {
  it('pages, sorts and searches on the server, only over the caller’s sales', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const other = await makeUser(t, { userType: 1 });
    const lucia = await contact(pro.id, 'Lucía', 'Gómez');
    const marta = await contact(pro.id, 'Marta', 'Ríos');
    for (let i = 0; i < 23; i += 1) {
      await sale(pro.id, {
        contactId: i % 2 === 0 ? lucia.id : marta.id,
        amountMinor: 1_000 * (i + 1),
        at: new Date(Date.UTC(2026, 0, 1 + i, 12)).toISOString(),
      });
    }
    await sale(other.id, { title: 'Ajena' });

    const first = await list(pro.token);
    expect(first.statusCode).toBe(200);
    expect(first.body.total).toBe(23);
    expect(first.body.rows).toHaveLength(20);
    // Newest consultation first by default.
    expect(first.body.rows[0].date).toBe('2026-01-23T12:00:00.000Z');
    const second = await list(pro.token, { page: 2 });
    expect(second.body.rows).toHaveLength(3);
    // Past the last page the rows are empty and the total still says how many there are.
    expect((await list(pro.token, { page: 3 })).body).toMatchObject({ rows: [], total: 23 });

    const cheapest = await list(pro.token, { sort: 'netPrice', dir: 'asc', pageSize: 10 });
    expect(cheapest.body.rows.map((r: { netPrice: number }) => r.netPrice).slice(0, 3)).toEqual([
      1_000, 2_000, 3_000,
    ]);
    const byClient = await list(pro.token, { sort: 'clientName', dir: 'desc', pageSize: 50 });
    expect(byClient.body.rows[0].clientName).toBe('Marta Ríos');

    const searched = await list(pro.token, { search: 'lucía' });
    expect(searched.body.total).toBe(12);
    expect(searched.body.rows.every((r: { clientName: string }) => r.clientName === 'Lucía Gómez')).toBe(
      true,
    );
    const byDate = await list(pro.token, { search: '05/01/2026' });
    expect(byDate.body.rows.map((r: { date: string }) => r.date)).toEqual(['2026-01-05T12:00:00.000Z']);
    const bySellId = await list(pro.token, { search: first.body.rows[3].sellId });
    expect(bySellId.body.rows.map((r: { id: string }) => r.id)).toEqual([first.body.rows[3].id]);
    expect((await list(pro.token, { search: 'Ajena' })).body.total).toBe(0);
    // The status column (modality) and the service are searched by their shown words.
    expect((await list(pro.token, { search: 'Online' })).body.total).toBe(23);
    expect((await list(pro.token, { search: 'sesión' })).body.total).toBe(23);
    expect((await list(pro.token, { search: 'presencial' })).body.total).toBe(0);
    expect((await list(pro.token, { search: 'curso' })).body.total).toBe(0);
    // LIKE wildcards typed by the user are plain characters.
    expect((await list(pro.token, { search: '%' })).body.total).toBe(0);

    const onlyMarta = await list(pro.token, { consultantId: marta.ref, pageSize: 50 });
    expect(onlyMarta.body.total).toBe(11);
    // Another professional's contact is not a filter, it is not found.
    expect((await list(other.token, { consultantId: marta.ref })).body).toMatchObject({ code: 'E90' });
    expect((await list(other.token)).body.total).toBe(1);
  });

  it('refuses bad paging and sorting with E1, never a 500', async () => {
    const pro = await makeUser(t, { userType: 1 });
    for (const input of [
      { page: 0 },
      { pageSize: 7 },
      { sort: 'ref' },
      { dir: 'up' },
      { search: 'x'.repeat(101) },
    ]) {
      const res = await list(pro.token, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.body.code).toBe('E1');
    }
    const client = await makeUser(t);
    expect((await list(client.token)).statusCode).toBe(403);
  });

  it('shows payment, debt, commission and payout columns by the spec 001 §4 rules', async () => {
    const start = t.clock.now;
    try {
      const pro = await makeUser(t, { userType: 1 });
      const card = await sale(pro.id, { amountMinor: 20_000, discountMinor: 5_000 });
      const unpaid = await sale(pro.id, { amountMinor: 7_000 });
      const refunded = await sale(pro.id, { amountMinor: 9_000 });
      const free = await sale(pro.id, { amountMinor: 0 });
      await settleSalePaid(t.deps, t.deps.db, card.id, { method: 'card', provider: 'dLocal' });
      await settleSalePaid(t.deps, t.deps.db, refunded.id, { method: 'card', provider: 'dLocal' });
      await settleSaleRefunded(t.deps, t.deps.db, refunded.id);
      // A held cart is not a contracting yet.
      const held = await startCardPayment(t);

      const rows = async (token = pro.token) => {
        const res = await list(token, { pageSize: 50 });
        return new Map<string, Record<string, unknown>>(res.body.rows.map((r: { id: string }) => [r.id, r]));
      };
      let byRef = await rows();
      expect(byRef.size).toBe(4);
      expect(byRef.get(card.ref)).toMatchObject({
        price: 25_000,
        promoSeller: 5_000,
        netPrice: 20_000,
        pay: 1,
        complete: '1',
        PendingPay: 0,
        comisionPorc: 10,
        AmmountAs: 2_000,
        cashout_id: null,
        canBill: false,
        billLink: null,
        modeSell: '1',
      });
      expect(byRef.get(card.ref)?.payId).toEqual(expect.any(String));
      expect(byRef.get(unpaid.ref)).toMatchObject({
        pay: 0,
        complete: '1',
        PendingPay: 7_000,
        datePay: null,
      });
      expect(byRef.get(refunded.ref)).toMatchObject({ pay: 0, complete: '2', PendingPay: 0 });
      expect(byRef.get(free.ref)).toMatchObject({ pay: '--', PendingPay: 0 });
      const heldRows = await list(held.pro.token);
      expect(heldRows.body.total).toBe(0);

      t.clock.now = new Date(start.getTime() + payoutHoldingDays * 86_400_000);
      await runDuePayouts(t.deps);
      // Two weeks later the first session has expired: sign in again.
      const token = await createSession(t.deps, pro.id, { ip: null, userAgent: 'test' });
      byRef = await rows(token);
      expect(byRef.get(card.ref)).toMatchObject({
        cashout_id: expect.any(String),
        payout_date: t.clock.now.toISOString(),
      });
      const payout = byRef.get(card.ref) as { cashout_id: string };
      expect((await list(token, { search: payout.cashout_id })).body.total).toBe(1);
    } finally {
      t.clock.now = start;
    }
  });
});

describe('mark-pay-booking from the sales table', () => {
  it('answers date and payId, clears the debt, once; never on another professional’s sale', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const other = await makeUser(t, { userType: 1 });
    const owed = await sale(pro.id, { amountMinor: 12_000 });

    const foreign = await t.call('mark-pay-booking', { ref: owed.ref }, other.token);
    expect(foreign.body).toMatchObject({ code: 'E14' });

    const marked = await t.call('mark-pay-booking', { ref: owed.ref }, pro.token);
    expect(marked.statusCode).toBe(200);
    expect(marked.body).toMatchObject({ date: t.clock.now.toISOString(), payId: expect.any(String) });
    const row = (await list(pro.token)).body.rows[0];
    expect(row).toMatchObject({
      id: owed.ref,
      pay: 1,
      PendingPay: 0,
      payId: marked.body.payId,
      comisionPorc: 0,
    });
    expect((await list(pro.token, { search: marked.body.payId })).body.total).toBe(1);

    const again = await t.call('mark-pay-booking', { ref: owed.ref }, pro.token);
    expect(again.body).toMatchObject({ code: 'E26' });
  });

  it('marks an appointment’s sale through the appointment, so the booking is paid too', async () => {
    const { pro, bookingRef } = await startCardPayment(t);
    // The client switches to paying in person: the professional collects and marks it from the table.
    const booking = await t.deps.db
      .selectFrom('bookings')
      .selectAll()
      .where('ref', '=', bookingRef)
      .executeTakeFirstOrThrow();
    await t.deps.db.updateTable('bookings').set({ state: 'pending' }).where('id', '=', booking.id).execute();
    const saleRef = (
      await t.deps.db
        .selectFrom('sales')
        .select('ref')
        .where('id', '=', booking.sale_id as number)
        .executeTakeFirstOrThrow()
    ).ref;
    const marked = await t.call('mark-pay-booking', { ref: saleRef }, pro.token);
    expect(marked.statusCode).toBe(200);
    const after = await t.deps.db
      .selectFrom('bookings')
      .select(['pay'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(after.pay).toBe(1);
  });
});

describe('export and corporate permissions', () => {
  it('exports a spreadsheet to the owner; a member without billingExport cannot', async () => {
    const owner = await makeUser(t, { userType: 1 });
    const member = await makeUser(t, { userType: 1 });
    const other = await makeUser(t, { userType: 1 });
    await sale(owner.id, { title: 'Consulta exportada', amountMinor: 15_050 });

    const res = await list(owner.token, { export: true });
    expect(res.statusCode).toBe(200);
    expect(res.body.file).toMatch(/^\/files\/billing-export\/\d{13}-[A-Za-z0-9_-]{22}\.xlsx$/);
    const download = await t.app.inject({
      method: 'GET',
      url: res.body.file,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(download.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Contrataciones');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(5).value).toBe('Consulta exportada');
    expect(sheet?.getRow(2).getCell(10).value).toBe(150.5);
    const asOther = await t.app.inject({
      method: 'GET',
      url: res.body.file,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(asOther.statusCode).toBe(404);

    const billingOnly = await createCorporateSession(t.deps, owner.id, member.id, { contactsBilling: true });
    expect((await list(billingOnly)).body.total).toBe(1);
    const refused = await list(billingOnly, { export: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.body.code).toBe('E403');
    const withExport = await createCorporateSession(t.deps, owner.id, member.id, {
      contactsBilling: true,
      billingExport: true,
    });
    expect((await list(withExport, { export: true })).statusCode).toBe(200);
    const noBilling = await createCorporateSession(t.deps, owner.id, member.id, { calendarEdit: true });
    expect((await list(noBilling)).statusCode).toBe(403);
    const owedRef = (await list(owner.token)).body.rows[0].id;
    expect((await t.call('mark-pay-booking', { ref: owedRef }, noBilling)).statusCode).toBe(403);
  });
});

describe('find-billing-all search, sort and paging (issue 14: kept on each sale by triggers)', () => {
  type Row = {
    id: string;
    date: string;
    clientName: string;
    payId: string | null;
    cashout_id: string | null;
  };
  const refsOf = (body: { rows: Row[] }) => body.rows.map((r) => r.id).sort();

  /**
   * An appointment booked and paid by card through the real flow: a client account named
   * `firstName` Prueba, a publication offering both modalities, booked in person.
   */
  async function paidAppointment(proId: number, firstName: string, title: string, startsAt: string) {
    const client = await makeUser(t, { firstName });
    const pub = await makePublication(t, proId, { price: 800000, title, modality_id: 3 });
    const held = await t.call('save-temp-booking', { ref: pub.ref, startsAt, modality: 2 }, client.token);
    const bookingRef: string = held.body.booking.tempBookId;
    const started = await t.call('start-payment', { ref: bookingRef }, client.token);
    await paymentWebhook(t, started.body.paymentRef, 'payment.approved');
    const booking = await t.deps.db
      .selectFrom('bookings')
      .select(['sale_id'])
      .where('ref', '=', bookingRef)
      .executeTakeFirstOrThrow();
    const sale = await t.deps.db
      .selectFrom('sales')
      .select(['id', 'ref'])
      .where('id', '=', booking.sale_id as number)
      .executeTakeFirstOrThrow();
    return { client, bookingRef, paymentRef: started.body.paymentRef as string, sale };
  }

  it('finds a sale by every searched field (spec 001 §2.3), whatever the case and accents, never another professional’s', async () => {
    const start = t.clock.now;
    try {
      const pro = await makeUser(t, { userType: 1 });
      const other = await makeUser(t, { userType: 1 });
      // The same people and titles at another professional: they must never come back.
      const appointment = await paidAppointment(
        pro.id,
        'Lucía',
        'Terapia Cognitiva',
        '2026-11-24T13:00:00.000Z',
      );
      const twin = await paidAppointment(other.id, 'Lucía', 'Terapia Cognitiva', '2026-11-24T13:00:00.000Z');
      const oscar = await contact(pro.id, 'Óscar', 'Ibáñez');
      const otherOscar = await contact(other.id, 'Óscar', 'Ibáñez');
      const cashSale = await sale(pro.id, {
        contactId: oscar.id,
        title: 'Sesión individual',
        at: '2026-10-02T15:00:00.000Z',
      });
      await sale(other.id, {
        contactId: otherOscar.id,
        title: 'Sesión individual',
        at: '2026-10-02T15:00:00.000Z',
      });
      await settleSalePaid(t.deps, t.deps.db, cashSale.id, { method: 'card', provider: 'dLocal' });
      const course = await pendingSale(t, pro.id, {
        kind: 'module',
        description: 'Mindfulness: módulo 1',
        amountMinor: 5_000,
        method: 'card',
        now: '2026-09-01T12:00:00.000Z',
      });
      t.clock.now = new Date(start.getTime() + payoutHoldingDays * 86_400_000);
      await runDuePayouts(t.deps);
      const token = await createSession(t.deps, pro.id, { ip: null, userAgent: 'test' });
      const all = (await list(token, { pageSize: 50 })).body as { rows: Row[]; total: number };
      expect(all.total).toBe(3);
      const shown = new Map(all.rows.map((r) => [r.id, r]));
      const payId = shown.get(appointment.sale.ref)?.payId as string;
      const cashoutId = shown.get(cashSale.ref)?.cashout_id as string;
      expect(payId).toEqual(expect.any(String));
      expect(cashoutId).toEqual(expect.any(String));

      const cases: [field: string, search: string, found: string[]][] = [
        ['client (a contact), as written', 'Óscar Ibáñez', [cashSale.ref]],
        ['client, without accents', 'oscar ibanez', [cashSale.ref]],
        ['client, in capitals', 'IBÁÑEZ', [cashSale.ref]],
        ['client (the buying account), without the accent', 'lucia', [appointment.sale.ref]],
        ['client, part of a word', 'ibá', [cashSale.ref]],
        ['title', 'cognitiva', [appointment.sale.ref]],
        ['title, with an accent the title lacks', 'MÍNDFULNESS', [course.ref]],
        ['modality: in person', 'Presencial', [appointment.sale.ref]],
        ['modality: online', 'online', [cashSale.ref]],
        ['modality and service of a course', 'curso', [course.ref]],
        ['service: session', 'sesión', [appointment.sale.ref, cashSale.ref]],
        ['service, without the accent', 'SESION', [appointment.sale.ref, cashSale.ref]],
        ['sell id, as shown', appointment.sale.ref, [appointment.sale.ref]],
        ['sell id, in another case', appointment.sale.ref.toLowerCase(), [appointment.sale.ref]],
        ['pay id', payId, [appointment.sale.ref]],
        // Both card sales went out in the same payout.
        ['cashout id', cashoutId, [appointment.sale.ref, cashSale.ref]],
        ['date dd/mm/yyyy (the appointment’s, not the sale’s)', '24/11/2026', [appointment.sale.ref]],
        ['date dd/mm', '2/10', [cashSale.ref]],
        ['every word in some field', 'lucía cognitiva presencial', [appointment.sale.ref]],
        ['one word in no field', 'lucía mindfulness', []],
        ['LIKE wildcards are plain characters', '_%', []],
      ];
      for (const [field, search, found] of cases) {
        const res = await list(token, { search, pageSize: 50 });
        expect(res.statusCode, field).toBe(200);
        expect(refsOf(res.body), field).toEqual([...found].sort());
        expect(res.body.total, field).toBe(found.length);
      }
      // The twin appointment is found by its own professional, never by this one.
      const otherToken = await createSession(t.deps, other.id, { ip: null, userAgent: 'test' });
      const theirs = await list(otherToken, { search: 'lucia', pageSize: 50 });
      expect(refsOf(theirs.body)).toEqual([twin.sale.ref]);
      expect((await list(token, { search: twin.sale.ref })).body.total).toBe(0);
    } finally {
      t.clock.now = start;
    }
  });

  it('keeps the search true when a name, an appointment or a payment changes elsewhere', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const appointment = await paidAppointment(pro.id, 'Julieta', 'Kinesiología', '2026-11-24T13:00:00.000Z');
    const marta = await contact(pro.id, 'Marta', 'Ríos');
    await sale(pro.id, { contactId: marta.id, title: 'Consulta' });
    const found = async (search: string) => refsOf((await list(pro.token, { search, pageSize: 50 })).body);

    // A contact renamed (any write path: the trigger is on the table).
    await t.deps.db
      .updateTable('contacts')
      .set({ last_name: 'Quiroga' })
      .where('id', '=', marta.id)
      .execute();
    expect(await found('quiroga')).toHaveLength(1);
    expect(await found('ríos')).toEqual([]);

    // The appointment moved to another day and to online.
    expect(await found('presencial')).toEqual([appointment.sale.ref]);
    const moved = await t.call(
      'reschedule-booking',
      { ref: appointment.bookingRef, startsAt: '2026-11-26T14:00:00.000Z', modality: 1 },
      appointment.client.token,
    );
    expect(moved.statusCode).toBe(200);
    expect(await found('26/11/2026')).toEqual([appointment.sale.ref]);
    expect(await found('24/11/2026')).toEqual([]);
    expect(await found('presencial')).toEqual([]);
    const row = (await list(pro.token, { search: appointment.sale.ref })).body.rows[0];
    expect(row.date).toBe('2026-11-26T14:00:00.000Z');

    // A client account renamed: found by its new name where the sale has no contact.
    const buyer = await makeUser(t, { firstName: 'Renata' });
    await pendingSale(t, pro.id, { buyerId: buyer.id, description: 'Saldo', amountMinor: 3_000 });
    expect(await found('renata')).toHaveLength(1);
    await t.deps.db.updateTable('users').set({ first_name: 'Renée' }).where('id', '=', buyer.id).execute();
    expect(await found('renee')).toHaveLength(1);
    expect(await found('renata')).toEqual([]);

    const payId = row.payId as string;
    expect(await found(payId)).toEqual([appointment.sale.ref]);
    // The payment refunded: the table no longer shows its pay id, and no longer finds it.
    await paymentWebhook(t, appointment.paymentRef, 'payment.refunded');
    expect(await found(payId)).toEqual([]);
  });

  it('pages by number and by cursor without repeating or skipping a row, ties included, in every order', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const ana = await contact(pro.id, 'Ana', 'Paz');
    const bea = await contact(pro.id, 'Beatriz', 'Paz');
    // 23 sales on three instants and three prices: most sort keys tie.
    for (let i = 0; i < 23; i += 1) {
      const made = await sale(pro.id, {
        contactId: i % 2 === 0 ? ana.id : bea.id,
        amountMinor: 1_000 * (1 + (i % 3)),
        discountMinor: i % 4 === 0 ? 100 : 0,
        title: i % 2 === 0 ? 'Sesión' : 'Control',
        at: new Date(Date.UTC(2026, 0, 1 + (i % 3), 12)).toISOString(),
      });
      if (i % 5 === 0) await settleSalePaid(t.deps, t.deps.db, made.id, { method: 'cash', provider: null });
    }
    for (const sort of billingSortKeys) {
      for (const dir of ['asc', 'desc'] as const) {
        const label = `${sort} ${dir}`;
        const byNumber: string[] = [];
        for (let page = 1; page <= 3; page += 1) {
          const res = await list(pro.token, { sort, dir, page, pageSize: 10 });
          expect(res.body.total, label).toBe(23);
          byNumber.push(...res.body.rows.map((r: Row) => r.id));
        }
        expect(new Set(byNumber).size, label).toBe(23);
        const byCursor: string[] = [];
        let next: string | null | undefined;
        for (let page = 0; page < 5; page += 1) {
          const res = await list(pro.token, { sort, dir, pageSize: 10, ...(next ? { next } : {}) });
          expect(res.statusCode, label).toBe(200);
          expect(res.body.total, label).toBe(23);
          byCursor.push(...res.body.rows.map((r: Row) => r.id));
          next = res.body.next;
          if (next === null) break;
        }
        // The cursor walks exactly the numbered pages' order.
        expect(byCursor, label).toEqual(byNumber);
      }
    }
    // The first page by date, newest first, and the search narrows the cursor's walk too.
    const first = await list(pro.token, { search: 'beatriz', pageSize: 10 });
    expect(first.body.total).toBe(11);
    const second = await list(pro.token, { search: 'beatriz', pageSize: 10, next: first.body.next });
    expect(second.body.rows).toHaveLength(1);
    expect(second.body.next).toBeNull();
    expect([...first.body.rows, ...second.body.rows].every((r: Row) => r.clientName === 'Beatriz Paz')).toBe(
      true,
    );
    // A number is a row offset, as in find-bookings.
    const offset = await list(pro.token, { next: 20, pageSize: 10 });
    expect(offset.body.rows).toHaveLength(3);
  });

  it('narrows to one client: their contact’s sales and their account’s purchases, from this professional only', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const other = await makeUser(t, { userType: 1 });
    const client = await makeUser(t, { firstName: 'Clara' });
    const linked = await contact(pro.id, 'Clara', 'Vidal', client.id);
    const stranger = await contact(pro.id, 'Otra', 'Persona');
    const byContact = await sale(pro.id, { contactId: linked.id, title: 'Por contacto' });
    const bought = await pendingSale(t, pro.id, {
      buyerId: client.id,
      description: 'Por cuenta',
      amountMinor: 2_000,
    });
    await sale(pro.id, { contactId: stranger.id });
    // The same account buying from another professional is not this professional's sale.
    await pendingSale(t, other.id, { buyerId: client.id, description: 'Ajena', amountMinor: 2_000 });
    for (const sort of ['date', 'netPrice'] as const) {
      const res = await list(pro.token, { consultantId: linked.ref, sort });
      expect(res.body.total, sort).toBe(2);
      expect(refsOf(res.body), sort).toEqual([byContact.ref, bought.ref].sort());
    }
    expect(refsOf((await list(pro.token, { consultantId: linked.ref, search: 'cuenta' })).body)).toEqual([
      bought.ref,
    ]);
  });

  it('refuses a cursor of another order or a forged one with E1', async () => {
    const pro = await makeUser(t, { userType: 1 });
    for (let i = 0; i < 3; i += 1) await sale(pro.id, { amountMinor: 1_000 + i });
    const byDate = await list(pro.token, { pageSize: 10 });
    expect(byDate.body.next).toBeNull();
    const paged = await list(pro.token, { sort: 'netPrice', pageSize: 10 });
    expect(paged.body.next).toBeNull();
    const small = (await t.call('find-billing-all', { mode: 1, sort: 'date' }, pro.token)).body;
    expect(small.next).toBeNull();
    const cursor = (await list(pro.token, { sort: 'date', pageSize: 10 })).body.next;
    expect(cursor).toBeNull();
    // A real cursor needs a next page: 12 sales, pages of 10.
    for (let i = 0; i < 9; i += 1) await sale(pro.id);
    const dateCursor = (await list(pro.token, { pageSize: 10 })).body.next as string;
    expect(dateCursor).toEqual(expect.any(String));
    for (const input of [
      { sort: 'netPrice', next: dateCursor },
      { dir: 'asc', next: dateCursor },
      { next: Buffer.from(JSON.stringify(['date', 'desc', 5, 'x'])).toString('base64url') },
      { next: Buffer.from('not json').toString('base64url') },
      { next: 'a.b' },
    ]) {
      const res = await list(pro.token, { pageSize: 10, ...input });
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.body.code).toBe('E1');
    }
  });
});

// Issue 34: the sales table filters by the sale's state, the consultation's days, currency and method.
describe('find-billing-all filters', () => {
  it('narrows by state, date range, currency and method', async () => {
    const pro = await makeUser(t, { userType: 1 });
    await sale(pro.id, { title: 'Temprana', at: '2026-03-01T12:00:00.000Z' });
    await sale(pro.id, { title: 'Tardía', at: '2026-03-20T12:00:00.000Z' });
    await sale(pro.id, { title: 'Cobrada', at: '2026-03-10T12:00:00.000Z' }).then((s) =>
      t.deps.db
        .transaction()
        .execute((tx) => settleSalePaid(t.deps, tx, s.id, { method: 'cash', provider: null })),
    );
    const titles = async (input: Record<string, unknown>) => {
      const res = await list(pro.token, input);
      expect(res.statusCode).toBe(200);
      return res.body.rows.map((r: { title: string }) => r.title).sort();
    };
    expect(await titles({ state: 'pending' })).toEqual(['Tardía', 'Temprana']);
    expect(await titles({ state: 'paid' })).toEqual(['Cobrada']);
    expect(await titles({ from: '2026-03-05', to: '2026-03-20' })).toEqual(['Cobrada', 'Tardía']);
    expect(await titles({ method: 'cash' })).toEqual(['Cobrada']);
    expect(await titles({ currency: 'USD' })).toEqual([]);
    expect(await titles({ state: 'refunded' })).toEqual([]);
    expect((await list(pro.token, { from: 'ayer' })).statusCode).toBe(400);
  });
});
