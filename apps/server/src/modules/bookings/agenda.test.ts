import { beforeAll, describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createCorporateSession } from '../auth/auth.service.ts';

// Clock: Sunday 2026-11-22 12:00 UTC = 09:00 in Buenos Aires.
let pro: Awaited<ReturnType<typeof makeUser>>;
let client: Awaited<ReturnType<typeof makeUser>>;

const t = useTestApp();
beforeAll(async () => {
  pro = await makeUser(t, { userType: 1 });
  client = await makeUser(t, { phone: '+5491155551234' });
});

async function book(pubRef: string, startsAt: string, who = client, method: 'cash' | 'manual' = 'cash') {
  const held = await t.call('save-temp-booking', { ref: pubRef, startsAt }, who.token);
  if (held.statusCode !== 200) throw new Error(JSON.stringify(held.body));
  const saved = await t.call('save-booking', { ref: held.body.booking.tempBookId, method }, who.token);
  if (saved.statusCode !== 200) throw new Error(JSON.stringify(saved.body));
  return held.body.booking.tempBookId as string;
}

async function row(ref: string) {
  return t.deps.db.selectFrom('bookings').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
}

async function contactOf(userId: number) {
  return t.deps.db
    .selectFrom('contacts')
    .select('ref')
    .where('professional_id', '=', pro.id)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe('agenda and lists', () => {
  it('each side sees its own appointments, in its own zone; strangers get "No encontramos la cita"', async () => {
    const pub = await makePublication(t, pro.id, {
      modality_id: 2,
      pay_cash: 1,
      address: 'Av. Santa Fe 100',
    });
    const ref = await book(pub.ref, '2026-11-24T13:00:00.000Z');
    const agenda = await t.call(
      'find-bookings',
      { mode: 1, from: '2026-11-23T00:00:00.000Z', to: '2026-11-30T00:00:00.000Z' },
      pro.token,
    );
    expect(agenda.body.bookings.map((b: { id: string }) => b.id)).toContain(ref);
    const mine = await t.call(
      'find-bookings',
      { mode: 2, filter: 'upcoming', timezone: 'Europe/Madrid' },
      client.token,
    );
    const seen = mine.body.bookings.find((b: { id: string }) => b.id === ref);
    expect(seen).toMatchObject({
      hourStart: '10:00',
      hourStartClient: '10:00',
      date: '2026-11-24',
      address: 'Av. Santa Fe 100',
      viewerRole: 'client',
      customerId: null,
      idContact: null,
      clientPhone: null,
      canCancel: true,
      pay: 0,
    });

    const otherPro = await makeUser(t, { userType: 1 });
    const otherClient = await makeUser(t);
    expect((await t.call('find-bookings', { mode: 1 }, otherPro.token)).body.bookings).toHaveLength(0);
    expect((await t.call('find-bookings', { mode: 2 }, otherClient.token)).body.bookings).toHaveLength(0);
    for (const token of [otherPro.token, otherClient.token]) {
      const res = await t.call('find-booking', { ref }, token);
      expect(res.body).toMatchObject({ code: 'E14', message: 'No encontramos la cita' });
    }
    const panel = await t.call('find-booking', { ref }, pro.token);
    expect(panel.body.booking).toMatchObject({ viewerRole: 'professional', clientPhone: '+5491155551234' });
    expect(panel.body.booking.idContact).toBe((await contactOf(client.id)).ref);
  });

  it('a team member without contactsView sees the agenda but not the client phone nor record', async () => {
    const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'X 1' });
    const ref = await book(pub.ref, '2026-11-24T15:00:00.000Z');
    const member = await makeUser(t, { userType: 1 });
    const team = await createCorporateSession(t.deps, pro.id, member.id, {
      calendarEdit: true,
      contactsView: false,
    });
    const panel = await t.call('find-booking', { ref }, team);
    expect(panel.body.booking).toMatchObject({ clientPhone: null, idContact: null });
    const price = await t.call('update-booking-price', { ref, newPrice: 10 }, team);
    expect(price.statusCode).toBe(200);
    const noEdit = await createCorporateSession(t.deps, pro.id, member.id, {
      calendarEdit: false,
      contactsView: true,
    });
    expect((await t.call('update-booking-price', { ref, newPrice: 20 }, noEdit)).body.code).toBe('E403');
    expect((await row(ref)).price_minor).toBe(1000);
  });
});

describe('manual appointments and recurring series', () => {
  it('books a weekly series for a contact, refuses the whole series on a clash, deletes from a date', async () => {
    const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'Consultorio' });
    const other = await makeUser(t);
    const busy = await book(pub.ref, '2026-12-08T13:00:00.000Z', other);
    const contact = await contactOf(client.id).catch(async () => {
      await book(pub.ref, '2026-11-25T13:00:00.000Z');
      return contactOf(client.id);
    });
    const clash = await t.call(
      'save-booking-by-prof',
      { contactRef: contact.ref, publicationRef: pub.ref, startsAt: '2026-11-24T13:00:00.000Z', weeks: 4 },
      pro.token,
    );
    expect(clash.body.code).toBe('E10');
    const written = await t.deps.db
      .selectFrom('bookings')
      .select('id')
      .where('create_by_prof', '=', 1)
      .where('publication_id', '=', pub.id)
      .execute();
    expect(written).toHaveLength(0);
    expect((await row(busy)).state).toBe('confirmed');

    const series = await t.call(
      'save-booking-by-prof',
      {
        contactRef: contact.ref,
        publicationRef: pub.ref,
        startsAt: '2026-11-24T17:00:00.000Z',
        weeks: 4,
        price: 1500,
      },
      pro.token,
    );
    expect(series.body.refs).toHaveLength(4);
    const rows = await Promise.all(series.body.refs.map(row));
    expect(rows.map((r) => r.starts_at)).toEqual([
      '2026-11-24T17:00:00.000Z',
      '2026-12-01T17:00:00.000Z',
      '2026-12-08T17:00:00.000Z',
      '2026-12-15T17:00:00.000Z',
    ]);
    expect(
      rows.every((r) => r.create_by_prof === 1 && r.recurrent === 1 && r.series_ref === rows[0]?.series_ref),
    ).toBe(true);
    expect(rows[0]?.price_minor).toBe(150000);

    const past = await t.call(
      'delete-recurrent',
      { ref: series.body.refs[0], fromDate: '2026-11-21' },
      pro.token,
    );
    expect(past.body).toMatchObject({
      code: 'E20',
      message: 'No es posible eliminar citas recurrentes desde una fecha inferior a la actual',
    });
    const deleted = await t.call(
      'delete-recurrent',
      { ref: series.body.refs[0], fromDate: '2026-12-01' },
      pro.token,
    );
    expect(deleted.body).toMatchObject({ deleted: 3, message: 'Las citas recurrentes fueron eliminadas.' });
    const after = await Promise.all(series.body.refs.map(row));
    expect(after.map((r) => r.state)).toEqual(['confirmed', 'cancelled', 'cancelled', 'cancelled']);
    // The client of a manual appointment cannot reschedule it (spec 000 §4).
    const move = await t.call(
      'reschedule-booking',
      { ref: series.body.refs[0], startsAt: '2026-11-24T18:00:00.000Z' },
      client.token,
    );
    expect(move.body.code).toBe('E19');
  });
});

describe('price, payment and done from the panel', () => {
  it('validates the new amount (E20, E21) and marks cash collected as paid', async () => {
    const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'Y 2' });
    const ref = await book(pub.ref, '2026-11-26T13:00:00.000Z');
    expect((await t.call('update-booking-price', { ref }, pro.token)).body).toMatchObject({
      code: 'E20',
      message: 'Debes ingresar el nuevo importe.',
    });
    expect((await t.call('update-booking-price', { ref, newPrice: -5 }, pro.token)).body).toMatchObject({
      code: 'E21',
      message: 'El importe ingresado no es correcto.',
    });
    expect((await t.call('update-booking-price', { ref, newPrice: 10.123 }, pro.token)).body.code).toBe(
      'E21',
    );
    const ok = await t.call('update-booking-price', { ref, newPrice: 3200.5 }, pro.token);
    expect(ok.body).toMatchObject({ message: 'Importe Actualizado', updated: 1 });
    const paid = await t.call('mark-pay-booking', { ref }, pro.token);
    expect(paid.body.message).toBe('La cita cambio al estado de abonada.');
    const r = await row(ref);
    expect(r).toMatchObject({ pay: 1, price_minor: 320050 });
    const sale = await t.deps.db
      .selectFrom('sales')
      .selectAll()
      .where('id', '=', r.sale_id as number)
      .executeTakeFirstOrThrow();
    expect(sale).toMatchObject({ state: 'paid', method: 'cash', amount_minor: 320050 });
    // Not before it starts (13:00 UTC on the 26th): a clear 400, and the appointment stays open.
    t.clock.now = new Date('2026-11-26T12:59:59Z');
    try {
      const early = await t.call('mark-ready', { ref }, pro.token);
      expect(early.statusCode).toBe(400);
      expect(early.body).toMatchObject({
        code: 'E27',
        message: 'La cita todavía no comenzó: podrás marcarla como realizada desde su horario de inicio.',
      });
      expect((await row(ref)).state).toBe('confirmed');
      t.clock.now = new Date('2026-11-26T13:00:00Z');
      expect((await t.call('mark-ready', { ref }, pro.token)).body.state).toBe('done');
    } finally {
      t.clock.now = new Date('2026-11-22T12:00:00Z');
    }
    // Done is final: neither done again nor cancelled afterwards.
    expect((await t.call('mark-ready', { ref }, pro.token)).body.code).toBe('E26');
    expect((await t.call('cancel-booking', { ref }, pro.token)).body.code).toBe('E17');
  });

  it('runs the hidden-price confirmation both ways, with bank data checks and the 24 h window', async () => {
    const pub = await makePublication(t, pro.id, { hide_price: 1, price: 0 });
    const accept = await book(pub.ref, '2026-11-27T13:00:00.000Z', client, 'manual');
    const decline = await book(pub.ref, '2026-11-27T15:00:00.000Z', client, 'manual');
    const late = await book(pub.ref, '2026-11-27T17:00:00.000Z', client, 'manual');

    const panel = await t.call('find-booking', { ref: accept }, client.token);
    expect(panel.body.booking).toMatchObject({ hidePrice: 1, priceProfOk: 0, state: 'pending' });

    const badBank = await t.call(
      'confirm-booking-price',
      {
        ref: accept,
        newPrice: 4000,
        payCash: 0,
        payCard: 1,
        bank: {
          firstName: 'Lu1',
          lastName: 'Pérez',
          country: 5,
          currency: 'ARS',
          bankName: 'Galicia',
          account: '0070111811111111111117',
        },
      },
      pro.token,
    );
    expect(badBank.body).toMatchObject({ code: 'E212', field: 'bank' });
    expect((await row(accept)).price_prof_ok).toBe(0);

    for (const ref of [accept, decline, late]) {
      const ok = await t.call(
        'confirm-booking-price',
        {
          ref,
          newPrice: 4000,
          payCash: 0,
          payCard: 1,
          bank: {
            firstName: 'Lucía',
            lastName: 'Pérez',
            country: 5,
            currency: 'ARS',
            bankName: 'Galicia',
            account: '0070111811111111111117',
            alias: 'lucia.mp',
          },
        },
        pro.token,
      );
      expect(ok.body).toMatchObject({ message: 'Importe Confirmado', deadline: '2026-11-23T12:00:00.000Z' });
    }
    const waiting = await t.call('find-booking', { ref: accept }, client.token);
    expect(waiting.body.booking).toMatchObject({ hidePrice: 1, priceProfOk: 1, price: 4000 });
    const bank = await t.deps.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('user_id', '=', pro.id)
      .executeTakeFirst();
    expect(bank).toMatchObject({ alias: 'lucia.mp', country_id: 5 });

    const stranger = await makeUser(t);
    expect((await t.call('confirm-price', { ref: accept, confirmPrice: 1 }, stranger.token)).body.route).toBe(
      'booking-not-found',
    );
    expect((await t.call('confirm-price', { ref: accept, confirmPrice: 1 }, client.token)).body.route).toBe(
      'confirm-price',
    );
    expect(await row(accept)).toMatchObject({ state: 'confirmed', hide_price: 0, price_minor: 400000 });
    expect((await t.call('confirm-price', { ref: decline, confirmPrice: 0 }, client.token)).body.route).toBe(
      'decline-price',
    );
    expect(await row(decline)).toMatchObject({ state: 'cancelled', cancel_reason: 'price-declined' });

    t.clock.now = new Date('2026-11-23T12:00:01Z');
    try {
      expect((await t.call('confirm-price', { ref: late, confirmPrice: 1 }, client.token)).body.route).toBe(
        'booking-not-found',
      );
    } finally {
      t.clock.now = new Date('2026-11-22T12:00:00Z');
    }
    // The accepted appointment is now payable by card (pay-service).
    const pay = await t.call('start-payment', { ref: accept }, client.token);
    expect(pay.body).toMatchObject({ provider: 'dlocal', sandbox: true });
  });

  it('only an administrator announces; the QR opens the appointment', async () => {
    const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'Z 3' });
    const ref = await book(pub.ref, '2026-11-22T18:00:00.000Z');
    expect((await t.call('call-turnbox', { ref, box: 'Box 2' }, pro.token)).body.code).toBe('E403');
    const admin = await makeUser(t);
    await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('id', '=', admin.id).execute();
    expect((await t.call('call-turnbox', { ref, box: 'Box 2' }, admin.token)).body.message).toBe(
      'Paciente anunciado.',
    );
    const qr = await t.call('generete-booking-qr', { ref }, client.token);
    expect(qr.body.file).toMatch(/^data:image\/png;base64,/);
    expect(qr.body.url).toContain(`/bookings/${ref}`);
  });
});
