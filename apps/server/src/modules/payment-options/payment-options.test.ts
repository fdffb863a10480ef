import { describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createCorporateSession } from '../auth/auth.service.ts';

const t = useTestApp();

const all = { payCard: true, payCash: true, payMoney: true, notifyDebt: true };

describe('find-user-payment-options / update-user-payment-options (spec 002 §7, §9)', () => {
  it('answers the defaults until saved, then what was saved', async () => {
    const pro = await makeUser(t, { userType: 1, countryId: 5 });
    const first = await t.call('find-user-payment-options', {}, pro.token);
    expect(first.body).toEqual({
      status: '200',
      payCard: 1,
      payCash: 0,
      payMoney: 1,
      notifyDebt: 1,
      enabled: all,
      userCountry: 5,
      hasGatewayKeys: true,
    });
    const saved = await t.call(
      'update-user-payment-options',
      { payCard: '0', payCash: '1', payMoney: 1, notifyDebt: false },
      pro.token,
    );
    expect(saved.body).toEqual({
      status: '200',
      payCard: 0,
      payCash: 1,
      payMoney: 1,
      notifyDebt: 0,
      message: 'Metodos de pagos actualizados para el usuario.',
    });
    const read = await t.call('find-user-payment-options', {}, pro.token);
    expect(read.body).toMatchObject({ payCard: 0, payCash: 1, payMoney: 1, notifyDebt: 0 });
  });

  it('without a gateway for the country, card and transfer stay off however they are sent', async () => {
    const pro = await makeUser(t, { userType: 1, countryId: 12 });
    const found = await t.call('find-user-payment-options', {}, pro.token);
    expect(found.body).toMatchObject({
      payCard: 0,
      payMoney: 0,
      enabled: { payCard: false, payCash: true, payMoney: false, notifyDebt: true },
      hasGatewayKeys: false,
    });
    const saved = await t.call(
      'update-user-payment-options',
      { payCard: 1, payCash: 1, payMoney: 1, notifyDebt: 1 },
      pro.token,
    );
    expect(saved.body).toMatchObject({ payCard: 0, payCash: 1, payMoney: 0, notifyDebt: 1 });
  });

  it("modality '1' turns transfer off in the embedded panel", async () => {
    const pro = await makeUser(t, { userType: 1, countryId: 42 });
    const found = await t.call('find-user-payment-options', { modality: '1', hideDetails: true }, pro.token);
    expect(found.body).toMatchObject({ payMoney: 0, enabled: { ...all, payMoney: false } });
  });

  it('refuses a flag that is not 0 or 1, writing nothing', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const res = await t.call(
      'update-user-payment-options',
      { payCard: 2, payCash: 0, payMoney: 1, notifyDebt: 1 },
      pro.token,
    );
    expect(res.statusCode).toBe(400);
    const rows = await t.deps.db
      .selectFrom('payment_options')
      .selectAll()
      .where('user_id', '=', pro.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('each professional reads and writes only their own; clients and team members cannot change them', async () => {
    const a = await makeUser(t, { userType: 1 });
    const b = await makeUser(t, { userType: 1 });
    await t.call(
      'update-user-payment-options',
      { payCard: 1, payCash: 1, payMoney: 0, notifyDebt: 0 },
      a.token,
    );
    await t.call(
      'update-user-payment-options',
      { payCard: 0, payCash: 0, payMoney: 1, notifyDebt: 1, dataReceiver: a.ref, balanceOfUser: a.ref },
      b.token,
    );
    expect((await t.call('find-user-payment-options', {}, a.token)).body).toMatchObject({
      payCard: 1,
      payCash: 1,
      payMoney: 0,
      notifyDebt: 0,
    });
    expect((await t.call('find-user-payment-options', { dataReceiver: a.ref }, b.token)).body).toMatchObject({
      payCard: 0,
      payCash: 0,
    });
    const client = await makeUser(t, { userType: 2 });
    expect((await t.call('find-user-payment-options', {}, client.token)).statusCode).toBe(403);
    expect(
      (
        await t.call(
          'update-user-payment-options',
          { payCard: 1, payCash: 1, payMoney: 1, notifyDebt: 1 },
          client.token,
        )
      ).statusCode,
    ).toBe(403);
    const member = await makeUser(t, { userType: 1 });
    const team = await createCorporateSession(t.deps, a.id, member.id, { calendarEdit: true });
    const changed = await t.call(
      'update-user-payment-options',
      { payCard: 0, payCash: 0, payMoney: 1, notifyDebt: 1 },
      team,
    );
    expect(changed.statusCode).toBe(403);
    expect((await t.call('find-user-payment-options', {}, a.token)).body).toMatchObject({
      payCard: 1,
      payCash: 1,
    });
  });
});

describe('the booking checkout offers what the professional saved', () => {
  it('cash and transfer disappear once switched off; cash is then refused', async () => {
    const pro = await makeUser(t, { userType: 1, countryId: 5 });
    const pub = await makePublication(t, pro.id, { modality_id: 2, pay_cash: 1, pay_card: 1, price: 100000 });
    const first = await makeUser(t);
    const before = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: '2026-11-23T13:00:00.000Z' },
      first.token,
    );
    expect(before.body.booking.options).toEqual({ card: true, cash: true, transfer: true });

    await t.call(
      'update-user-payment-options',
      { payCard: 1, payCash: 0, payMoney: 0, notifyDebt: 1 },
      pro.token,
    );
    const second = await makeUser(t);
    const after = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: '2026-11-23T15:00:00.000Z' },
      second.token,
    );
    expect(after.body.booking.options).toEqual({ card: true, cash: false, transfer: false });
    const cash = await t.call(
      'save-booking',
      { ref: after.body.booking.tempBookId, method: 'cash' },
      second.token,
    );
    expect(cash.statusCode).toBe(400);
  });
});

describe("a professional's own gateway keys (find/update-local-payments, find/update-global-payments)", () => {
  const mp = { publicKey: 'APP_USR-public-9f3a', secretKey: 'APP_USR-secret-77c1' };

  it('are stored sealed, answered only masked, and turn on card and transfer where no platform gateway serves', async () => {
    const pro = await makeUser(t, { userType: 1, countryId: 12 });
    const empty = await t.call('find-local-payments', {}, pro.token);
    expect(empty.body).toEqual({
      status: '200',
      pasarela: 3,
      publicKey: '',
      secretKey: '',
      checked: false,
      currency: 'BRL',
      userCountry: 12,
    });
    const saved = await t.call('update-local-payments', mp, pro.token);
    expect(saved.body).toMatchObject({ checked: true, publicKey: '••••9f3a', secretKey: '••••77c1' });
    expect(JSON.stringify(saved.body)).not.toContain('APP_USR');
    const read = await t.call('find-local-payments', {}, pro.token);
    expect(JSON.stringify(read.body)).not.toContain('APP_USR');
    const row = await t.deps.db
      .selectFrom('seller_gateways')
      .selectAll()
      .where('user_id', '=', pro.id)
      .executeTakeFirstOrThrow();
    expect(`${row.public_key_sealed}${row.secret_key_sealed}`).not.toContain('APP_USR');
    expect((await t.call('find-global-payments', {}, pro.token)).body).toMatchObject({
      pasarela: 4,
      checked: false,
      currency: 'USD',
    });
    expect((await t.call('find-user-payment-options', {}, pro.token)).body).toMatchObject({
      hasGatewayKeys: true,
      enabled: all,
    });
  });

  it('refuses empty keys with the field, and only the owner may set them', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const res = await t.call('update-global-payments', { publicKey: 'x', secretKey: ' ' }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'E3', field: 'secretKey' });
    const client = await makeUser(t, { userType: 2 });
    expect((await t.call('update-local-payments', mp, client.token)).statusCode).toBe(403);
    expect((await t.call('find-local-payments', {}, client.token)).statusCode).toBe(403);
    const member = await makeUser(t, { userType: 1 });
    const team = await createCorporateSession(t.deps, pro.id, member.id, { calendarEdit: true });
    expect((await t.call('update-local-payments', mp, team)).statusCode).toBe(403);
    const other = await makeUser(t, { userType: 1 });
    await t.call('update-local-payments', mp, other.token);
    expect((await t.call('find-local-payments', {}, pro.token)).body.checked).toBe(false);
  });
});
