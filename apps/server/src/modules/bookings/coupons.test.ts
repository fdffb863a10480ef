import { describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const valid = {
  code: 'otono10',
  kind: 'amount',
  value: 1500,
  validFrom: '2026-11-01',
  validTo: '2026-12-31',
  usageLimit: 2,
};

describe('my-coupons', () => {
  it('validates every field on the server with its Spanish message and writes nothing', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'a b' }, 'E40', 'El código debe tener entre 3 y 20 letras o números, sin espacios.'],
      [{ kind: 'gift' }, 'E41', 'Elige si el descuento es un porcentaje o un monto.'],
      [
        { kind: 'percent', value: 150 },
        'E42',
        'El descuento debe ser un porcentaje entre 1 y 100 o un monto mayor a cero.',
      ],
      [{ value: 0 }, 'E42', 'El descuento debe ser un porcentaje entre 1 y 100 o un monto mayor a cero.'],
      [{ validFrom: '' }, 'E43', 'Debes ingresar las fechas de vigencia.'],
      [{ validTo: '2026-10-01' }, 'E44', 'La fecha de fin no puede ser anterior a la de inicio.'],
      [{ usageLimit: 0 }, 'E45', 'El límite de usos debe ser entre 1 y 100000.'],
    ];
    for (const [over, code, message] of cases) {
      const res = await t.call('save-coupon', { ...valid, ...over }, pro.token);
      expect(res.statusCode, code).toBe(400);
      expect(res.body).toMatchObject({ code, message });
    }
    expect((await t.call('find-coupons', {}, pro.token)).body.coupons).toEqual([]);
  });

  it('saves, lists, edits, refuses a duplicate code, deletes; another professional sees none of it', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const other = await makeUser(t, { userType: 1 });
    const saved = await t.call('save-coupon', valid, pro.token);
    expect(saved.body.coupon).toMatchObject({
      code: 'OTONO10',
      kind: 'amount',
      value: 1500,
      currency: 'ARS',
      usedCount: 0,
    });
    const dup = await t.call('save-coupon', { ...valid, code: 'Otono10' }, pro.token);
    expect(dup.body).toMatchObject({ code: 'E46', message: 'Ya tienes un cupón con ese código.' });
    const edited = await t.call(
      'save-coupon',
      { ...valid, ref: saved.body.coupon.ref, kind: 'percent', value: 15 },
      pro.token,
    );
    expect(edited.body.coupon).toMatchObject({ kind: 'percent', value: 15, currency: null });
    expect((await t.call('find-coupons', {}, other.token)).body.coupons).toEqual([]);
    expect((await t.call('delete-coupon', { ref: saved.body.coupon.ref }, other.token)).body.code).toBe(
      'E47',
    );
    expect(
      (await t.call('save-coupon', { ...valid, ref: saved.body.coupon.ref }, other.token)).body.code,
    ).toBe('E47');

    // A client uses it on a booking of this professional.
    const pub = await makePublication(t, pro.id, { price: 100000 });
    const client = await makeUser(t);
    const held = await t.call(
      'save-temp-booking',
      { ref: pub.ref, startsAt: '2026-11-24T13:00:00.000Z', coupon: 'otono10' },
      client.token,
    );
    expect(held.body.booking).toMatchObject({ price: 850, discount: 150 });

    expect((await t.call('delete-coupon', { ref: saved.body.coupon.ref }, pro.token)).statusCode).toBe(200);
    expect((await t.call('find-coupons', {}, pro.token)).body.coupons).toEqual([]);
    const after = await t.call(
      'apply-coupon',
      { ref: held.body.booking.tempBookId, code: 'OTONO10' },
      client.token,
    );
    expect(after.body.code).toBe('E30');
  });
});
