import { beforeAll, describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

// Clock: Sunday 2026-11-22 12:00 UTC = 09:00 in Buenos Aires. Publications are open 09–18 there
// every day, in slots of 60 minutes; 2026-11-23 10:00 Buenos Aires = 13:00 UTC.
let pro: Awaited<ReturnType<typeof makeUser>>;
const slot = (day: number, hourUtc: number) =>
  `2026-11-${String(day).padStart(2, '0')}T${String(hourUtc).padStart(2, '0')}:00:00.000Z`;

const t = useTestApp();
beforeAll(async () => {
  pro = await makeUser(t, { userType: 1, firstName: 'Lucía' });
});

async function bookingRow(ref: string) {
  return t.deps.db.selectFrom('bookings').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow();
}

async function saleOf(ref: string) {
  const b = await bookingRow(ref);
  return t.deps.db
    .selectFrom('sales')
    .selectAll()
    .where('id', '=', b.sale_id as number)
    .executeTakeFirstOrThrow();
}

async function turnsOn(pubRef: string, date: string) {
  const res = await t.call('find-turns', { ref: pubRef, from: date });
  const day = (res.body.days as { date: string; turns: { startsAt: string }[] }[]).find(
    (d) => d.date === date,
  );
  return day?.turns.map((x) => x.startsAt) ?? [];
}

describe('save-temp-booking', () => {
  it('holds the slot for other buyers and computes the price on the server', async () => {
    const pub = await makePublication(t, pro.id, { price: 250000, currency: 'ARS' });
    const a = await makeUser(t);
    const b = await makeUser(t);
    expect(await turnsOn(pub.ref, '2026-11-23')).toContain(slot(23, 13));

    const held = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: slot(23, 13), price: 1 },
      a.token,
    );
    expect(held.statusCode).toBe(200);
    expect(held.body.booking).toMatchObject({
      state: 'held',
      price: 2500,
      currency: 'ARS',
      finalMode: 'pay',
      hourStart: '10:00',
      options: { card: true, cash: false },
      provider: 'dlocal',
    });
    expect(await turnsOn(pub.ref, '2026-11-23')).not.toContain(slot(23, 13));

    const again = await t.call('save-temp-booking', { ref: pub.ref, startsAt: slot(23, 13) }, a.token);
    expect(again.body.booking.tempBookId).toBe(held.body.booking.tempBookId);

    const other = await t.call('save-temp-booking', { ref: pub.ref, startsAt: slot(23, 13) }, b.token);
    expect(other.statusCode).toBe(400);
    expect(other.body).toMatchObject({
      code: 'E10',
      message: 'El horario elegido ya no está disponible. Elige otro horario.',
    });
  });

  it('refuses a time the publication does not offer, the own publication, and a missing modality', async () => {
    const pub = await makePublication(t, pro.id, { modality_id: 3, address: 'Av. Corrientes 1234' });
    const a = await makeUser(t);
    const offHours = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: slot(23, 23), modality: 1 },
      a.token,
    );
    expect(offHours.body.code).toBe('E10');
    const own = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: slot(23, 14), modality: 1 },
      pro.token,
    );
    expect(own.body).toMatchObject({ code: 'E12', message: 'No puedes reservar tu propia publicación.' });
    const noModality = await t.call('save-temp-booking', { ref: pub.ref, startsAt: slot(23, 14) }, a.token);
    expect(noModality.body).toMatchObject({ code: 'E11', message: 'Debes seleccionar la modalidad.' });
    const count = await t.deps.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('publication_id', '=', pub.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('charges an international buyer in USD and offers card only (spec 002 §4)', async () => {
    const pub = await makePublication(t, pro.id, {
      price_usd: 3000,
      pay_cash: 1,
      modality_id: 2,
      address: 'X 1',
    });
    const madrid = await makeUser(t, { countryId: 28, timeZone: 'Europe/Madrid' });
    const res = await t.call('save-temp-booking', { ref: pub.ref, startsAt: slot(24, 13) }, madrid.token);
    expect(res.body.booking).toMatchObject({
      price: 30,
      currency: 'USD',
      international: true,
      options: { cash: false, card: true, transfer: false },
      provider: 'stripe',
      hourStartClient: '14:00',
      timezoneClient: 'Europe/Madrid',
    });
  });
});

describe('finalising without a card', () => {
  it('refuses cash for an online booking and books cash in person', async () => {
    const online = await makePublication(t, pro.id, { pay_cash: 1 });
    const a = await makeUser(t);
    const held = await t.call('save-temp-booking', { ref: online.ref, startsAt: slot(25, 13) }, a.token);
    const cash = await t.call('save-booking', { ref: held.body.booking.tempBookId, method: 'cash' }, a.token);
    expect(cash.body).toMatchObject({
      code: 'E15',
      message: 'La forma de pago elegida no está disponible para esta cita.',
    });
    expect((await bookingRow(held.body.booking.tempBookId)).state).toBe('held');

    const inPerson = await makePublication(t, pro.id, { pay_cash: 1, modality_id: 2, address: 'Calle 1' });
    const held2 = await t.call('save-temp-booking', { ref: inPerson.ref, startsAt: slot(25, 15) }, a.token);
    const ok = await t.call('save-booking', { ref: held2.body.booking.tempBookId, method: 'cash' }, a.token);
    expect(ok.body).toMatchObject({ status: '200', route: 'cash-success' });
    const row = await bookingRow(held2.body.booking.tempBookId);
    expect(row).toMatchObject({ state: 'confirmed', pay: 0, pay_method: 'cash', hold_expires_at: null });
    expect(row.contact_id).not.toBeNull();
    expect((await saleOf(row.ref)).state).toBe('pending');
  });

  it('books a hidden-price appointment as pending (manual-success) and a free one as paid', async () => {
    const hidden = await makePublication(t, pro.id, { hide_price: 1, price: 0 });
    const free = await makePublication(t, pro.id, { free: 1, price: 0 });
    const a = await makeUser(t);
    const h = await t.call('save-temp-booking', { ref: hidden.ref, startsAt: slot(26, 13) }, a.token);
    expect(h.body.booking.finalMode).toBe('manual');
    const wrong = await t.call(
      'save-booking',
      { ref: h.body.booking.tempBookId, method: 'transfer' },
      a.token,
    );
    expect(wrong.body.code).toBe('E15');
    const manual = await t.call(
      'save-booking',
      { ref: h.body.booking.tempBookId, method: 'manual' },
      a.token,
    );
    expect(manual.body.route).toBe('manual-success');
    expect(await bookingRow(h.body.booking.tempBookId)).toMatchObject({ state: 'pending', price_prof_ok: 0 });

    const f = await t.call('save-temp-booking', { ref: free.ref, startsAt: slot(26, 15) }, a.token);
    const done = await t.call('save-booking', { ref: f.body.booking.tempBookId, method: 'free' }, a.token);
    expect(done.body.route).toBe('free-success');
    expect(await bookingRow(f.body.booking.tempBookId)).toMatchObject({ state: 'confirmed', pay: 1 });
    expect((await saleOf(f.body.booking.tempBookId)).state).toBe('paid');
  });

  it('answers the expiry message once the hold ran out, and frees the slot', async () => {
    const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'Calle 2' });
    const a = await makeUser(t);
    const held = await t.call('save-temp-booking', { ref: pub.ref, startsAt: slot(27, 13) }, a.token);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 16 * 60_000);
    try {
      const late = await t.call(
        'save-booking',
        { ref: held.body.booking.tempBookId, method: 'cash' },
        a.token,
      );
      expect(late.body).toMatchObject({ code: 'E13', message: 'El tiempo para realizar la reserva expiro.' });
      const read = await t.call('find-temp-booking', { ref: held.body.booking.tempBookId }, a.token);
      expect(read.body.code).toBe('E13');
      expect(await turnsOn(pub.ref, '2026-11-27')).toContain(slot(27, 13));
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('coupons', () => {
  it('takes a percentage off, refuses an expired one and counts uses up to the limit', async () => {
    const pub = await makePublication(t, pro.id, {
      price: 100000,
      modality_id: 2,
      pay_cash: 1,
      address: 'C 3',
    });
    const now = t.clock.now.toISOString();
    await t.deps.db
      .insertInto('coupons')
      .values([
        {
          ref: 'coupon-ref-0001',
          user_id: pro.id,
          code: 'OTONO20',
          kind: 'percent',
          value: 20,
          currency: null,
          valid_from: '2026-11-01',
          valid_to: '2026-11-30',
          usage_limit: 1,
          created_at: now,
          deleted_at: null,
        },
        {
          ref: 'coupon-ref-0002',
          user_id: pro.id,
          code: 'VIEJO',
          kind: 'percent',
          value: 50,
          currency: null,
          valid_from: '2026-01-01',
          valid_to: '2026-02-01',
          usage_limit: null,
          created_at: now,
          deleted_at: null,
        },
      ])
      .execute();
    const a = await makeUser(t);
    const b = await makeUser(t);
    const held = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: slot(28, 13), coupon: 'otono20' },
      a.token,
    );
    expect(held.body.booking).toMatchObject({
      price: 800,
      originalPrice: 1000,
      discount: 200,
      coupon: 'OTONO20',
    });
    const expired = await t.call(
      'apply-coupon',
      { ref: held.body.booking.tempBookId, code: 'VIEJO' },
      a.token,
    );
    expect(expired.body).toMatchObject({ code: 'E31', message: 'El cupón ingresado no está vigente.' });
    await t.call('save-booking', { ref: held.body.booking.tempBookId, method: 'cash' }, a.token);

    const second = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: slot(28, 15), coupon: 'OTONO20' },
      b.token,
    );
    expect(second.body).toMatchObject({ code: 'E32' });
  });
});

describe('card payment through the sandbox provider', () => {
  async function heldCardBooking(startsAt: string) {
    const pub = await makePublication(t, pro.id, { price: 500000 });
    const a = await makeUser(t);
    const held = await t.call('save-temp-booking', { ref: pub.ref, startsAt }, a.token);
    const started = await t.call('start-payment', { ref: held.body.booking.tempBookId }, a.token);
    expect(started.statusCode).toBe(200);
    return { a, pub, tempBookId: held.body.booking.tempBookId as string, ...started.body };
  }

  async function payWith(checkoutUrl: string, number: string) {
    return t.app.inject({
      method: 'POST',
      url: checkoutUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number, expiry: '12/30', cvc: '123', holder: 'Ana Pérez' }).toString(),
    });
  }

  it('approves with the test card: signed webhook, paid booking, return to confirmation', async () => {
    const { a, pub, tempBookId, paymentRef, checkoutUrl, provider } = await heldCardBooking(slot(29, 13));
    expect(provider).toBe('dlocal');
    const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('4242 4242 4242 4242');
    expect(page.body).toContain('$');

    const paid = await payWith(checkoutUrl, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain(`/ar/es/confirmation/${pub.ref}/${paymentRef}/${tempBookId}`);
    expect(await bookingRow(tempBookId)).toMatchObject({ state: 'confirmed', pay: 1, pay_method: 'card' });
    expect((await saleOf(tempBookId)).state).toBe('paid');
    const found = await t.call('find-payment', { ref: paymentRef }, a.token);
    expect(found.body).toMatchObject({
      state: 'approved',
      route: 'pay-success',
      bookingRef: tempBookId,
      amount: 5000,
    });
  });

  it('declines the decline card and leaves the booking unpaid and held', async () => {
    const { tempBookId, checkoutUrl, paymentRef, a } = await heldCardBooking(slot(29, 15));
    const declined = await payWith(checkoutUrl, '4000000000000002');
    expect(declined.body).toContain('La tarjeta fue rechazada');
    expect(await bookingRow(tempBookId)).toMatchObject({ state: 'held', pay: 0 });
    const found = await t.call('find-payment', { ref: paymentRef }, a.token);
    expect(found.body).toMatchObject({ state: 'declined', route: null });
    // Another stranger cannot read the payment.
    const b = await makeUser(t);
    expect((await t.call('find-payment', { ref: paymentRef }, b.token)).body.code).toBe('E40');
  });
});

describe('reschedule and cancel', () => {
  async function confirmed(startsAt: string) {
    const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, address: 'Calle 9' });
    const a = await makeUser(t);
    const held = await t.call('save-temp-booking', { ref: pub.ref, startsAt }, a.token);
    await t.call('save-booking', { ref: held.body.booking.tempBookId, method: 'cash' }, a.token);
    return { a, pub, ref: held.body.booking.tempBookId as string };
  }

  it('lets the client move it to a free turn, never onto a taken one', async () => {
    const { a, ref } = await confirmed(slot(30, 13));
    const taken = await confirmed(slot(30, 15));
    const clash = await t.call('reschedule-booking', { ref, startsAt: slot(30, 15) }, a.token);
    expect(clash.body.code).toBe('E10');
    const moved = await t.call('reschedule-booking', { ref, startsAt: slot(30, 16) }, a.token);
    expect(moved.body).toMatchObject({ status: '200', startsAt: slot(30, 16) });
    expect((await bookingRow(ref)).reschedule_count).toBe(1);
    expect((await bookingRow(taken.ref)).starts_at).toBe(slot(30, 15));
  });

  it('only the two sides may cancel; the client before the start; a team member needs calendarCancel', async () => {
    const { a, ref } = await confirmed(slot(23, 19));
    const stranger = await makeUser(t);
    const otherPro = await makeUser(t, { userType: 1 });
    for (const token of [stranger.token, otherPro.token]) {
      const res = await t.call('cancel-booking', { ref }, token);
      expect(res.body).toMatchObject({ code: 'E14', message: 'No encontramos la cita' });
    }
    const { createCorporateSession } = await import('../auth/auth.service.ts');
    const member = await makeUser(t, { userType: 1 });
    const team = await createCorporateSession(t.deps, pro.id, member.id, {
      calendarEdit: true,
      calendarCancel: false,
    });
    const refused = await t.call('cancel-booking', { ref }, team);
    expect(refused.body.code).toBe('E403');
    expect((await bookingRow(ref)).state).toBe('confirmed');

    const saved = t.clock.now;
    t.clock.now = new Date(Date.parse(slot(23, 19)) + 60_000);
    try {
      const late = await t.call('cancel-booking', { ref }, a.token);
      expect(late.body).toMatchObject({
        code: 'E17',
        message: 'Solo puedes cancelar una cita antes de la fecha y hora reservada.',
      });
    } finally {
      t.clock.now = saved;
    }
    const cancelled = await t.call('cancel-booking', { ref, reason: 'Viaje' }, a.token);
    expect(cancelled.body).toMatchObject({ status: '200', refunded: false });
    expect(await bookingRow(ref)).toMatchObject({ state: 'cancelled', cancel_reason: 'client: Viaje' });
    expect((await saleOf(ref)).state).toBe('void');
  });
});
