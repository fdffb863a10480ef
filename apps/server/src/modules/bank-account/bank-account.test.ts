import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { bankAccountInput } from '../../test/payment-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createCorporateSession } from '../auth/auth.service.ts';

const t = useTestApp();

const lucia = bankAccountInput;
const aliasRule =
  'El alias debe tener entre 6 y 20 caracteres: letras, números, puntos y guiones, sin espacios.';

describe('find-banks-names (spec 002 §7)', () => {
  it("answers the country's banks from the reference list, and none where no list exists", async () => {
    const ar = await t.call('find-banks-names', { userCountry: 5 }, null);
    expect(ar.statusCode).toBe(200);
    expect(ar.body.banks).toContainEqual({ id: '011', name: 'BANCO DE LA NACION ARGENTINA' });
    expect(ar.body.banks).toHaveLength(58);
    const mx = await t.call('find-banks-names', { userCountry: '42' }, null);
    expect(mx.body.banks.find((b: { id: string }) => b.id === '012')?.name).toMatch(/BBVA/i);
    const uy = await t.call('find-banks-names', { userCountry: 111 }, null);
    expect(uy.body.banks).toEqual([]);
  });
});

describe('update-user-bank and find-user-bank', () => {
  it('saves the account with the bank name of its code and reads it back', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const before = await t.call('find-user-bank', {}, pro.token);
    expect(before.body).toEqual({ status: '200', bank: null, userCountry: 5 });
    const saved = await t.call('update-user-bank', lucia, pro.token);
    expect(saved.statusCode).toBe(200);
    const read = await t.call('find-user-bank', {}, pro.token);
    expect(read.body.bank).toEqual({
      country: 5,
      bankCode: '011',
      bankName: 'BANCO DE LA NACION ARGENTINA',
      accountType: null,
      currency: 'ARS',
      account: '0110599520000001234569',
      name: 'Lucía',
      lastname: 'Fernández',
      userAliasBank: 'lucia.consultorio',
    });
  });

  it.each([
    ['E10', { userFirstName: '' }, 'userFirstName', 'Debes ingresar el nombre del titular de la cuenta'],
    ['E11', { userFirstName: 'L' }, 'userFirstName', 'El nombre debe tener entre 2 y 100 caracteres.'],
    [
      'E12',
      { userFirstName: 'L4' },
      'userFirstName',
      'El nombre no puede tener números ni caracteres extraños.',
    ],
    ['E13', { userLastName: '' }, 'userLastName', 'Debes ingresar el apellido del titular de la cuenta'],
    ['E14', { userLastName: 'F' }, 'userLastName', 'El apellido debe tener entre 2 y 100 caracteres.'],
    [
      'E15',
      { userLastName: 'F%z' },
      'userLastName',
      'El apellido no puede tener números ni caracteres extraños.',
    ],
    ['E20', { userCountry: undefined }, 'userCountry', 'Debes seleccionar el país de la cuenta bancaria.'],
    ['E21', { userCountry: 5.5 }, 'userCountry', 'Debes seleccionar el país de la cuenta bancaria.'],
    ['E22', { userCountry: 55 }, 'userCountry', 'Debes seleccionar el país de la cuenta bancaria.'],
    [
      'E30',
      { userCurrencyBank: '' },
      'userCurrencyBank',
      'Moneda invalida para el país de la cuenta bancaria.',
    ],
    [
      'E31',
      { userCurrencyBank: 'EUR' },
      'userCurrencyBank',
      'Moneda invalida para el país de la cuenta bancaria.',
    ],
    [
      'E41',
      { userBankName: 'Banco Inventado', userCBU: '0000003100012345678907' },
      'userBankName',
      'Banco invalido para el país de la cuenta bancaria.',
    ],
    ['E55', { userCBU: '' }, 'userCBU', 'Debes ingresar el número de cuenta'],
    ['E56', { userCBU: '011059952000000123456X' }, 'userCBU', 'El número de cuenta no es correcto.'],
    ['E57', { userCBU: '0110599520000001234567' }, 'userCBU', 'El número de cuenta no es correcto.'],
    [
      'E59',
      { userCountry: 81, userCurrencyBank: 'CLP', userBankName: '012', userCBU: '00012345678' },
      'userTypeBank',
      'Debes elegir el tipo de cuenta.',
    ],
    ['E70', { userAliasBank: 'ab' }, 'userAliasBank', aliasRule],
    ['E70', { userAliasBank: 'mi alias con espacios' }, 'userAliasBank', aliasRule],
    [
      'E40',
      { userBankName: '', userCBU: '0000003100012345678907' },
      'userBankName',
      'Banco invalido para el país de la cuenta bancaria.',
    ],
  ])('%s: 400 with the spec text on %s, nothing written', async (code, over, field, message) => {
    const pro = await makeUser(t, { userType: 1 });
    const res = await t.call('update-user-bank', { ...lucia, ...over }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: '400', code, message, field });
    const stored = await t.deps.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('user_id', '=', pro.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('takes the bank from the CBU: a Macro CBU saved with Nación preselected is Macro (issue 34)', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const res = await t.call('update-user-bank', { ...lucia, userCBU: '2850590940090418135201' }, pro.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.bank).toMatchObject({ bankCode: '285', bankName: 'BANCO MACRO SOCIEDAD ANONIMA' });
    const none = await t.call('update-user-bank', { ...lucia, userBankName: '' }, pro.token);
    expect(none.body.bank).toMatchObject({ bankCode: '011', bankName: 'BANCO DE LA NACION ARGENTINA' });
  });

  it('a Chilean account with its type and a Spanish IBAN are taken', async () => {
    const pro = await makeUser(t, { userType: 1, countryId: 81 });
    const cl = await t.call(
      'update-user-bank',
      {
        ...lucia,
        userCountry: 81,
        userCurrencyBank: 'CLP',
        userBankName: '012',
        userCBU: '00012345678',
        userTypeBank: 'C',
      },
      pro.token,
    );
    expect(cl.statusCode).toBe(200);
    expect(cl.body.bank).toMatchObject({ accountType: 'C', bankCode: '012', currency: 'CLP' });
    const es = await t.call(
      'update-user-bank',
      {
        ...lucia,
        userCountry: 28,
        userCurrencyBank: 'EUR',
        userBankName: '2100',
        userCBU: 'ES91 2100 0418 4502 0005 1332',
      },
      pro.token,
    );
    expect(es.body.bank).toMatchObject({ account: 'ES9121000418450200051332', bankCode: '2100' });
  });
});

describe('bank data is the professional’s own', () => {
  it('each professional reads and writes only their own account', async () => {
    const a = await makeUser(t, { userType: 1 });
    const b = await makeUser(t, { userType: 1 });
    await t.call('update-user-bank', lucia, a.token);
    const seenByB = await t.call('find-user-bank', { ref: a.ref, dataReceiver: a.ref }, b.token);
    expect(seenByB.body.bank).toBeNull();
    await t.call(
      'update-user-bank',
      {
        ...lucia,
        userFirstName: 'Intruso',
        userCBU: '2850590940090418135201',
        userBankName: '285',
        dataReceiver: a.ref,
      },
      b.token,
    );
    const mine = await t.call('find-user-bank', {}, a.token);
    expect(mine.body.bank).toMatchObject({ name: 'Lucía', account: '0110599520000001234569' });
  });

  it('clients and visitors cannot use it; a team member may read but not change it', async () => {
    const client = await makeUser(t, { userType: 2 });
    expect((await t.call('find-user-bank', {}, client.token)).statusCode).toBe(403);
    expect((await t.call('update-user-bank', lucia, client.token)).statusCode).toBe(403);
    expect((await t.call('find-user-bank', {}, null)).statusCode).toBe(401);
    const owner = await makeUser(t, { userType: 1 });
    const member = await makeUser(t, { userType: 1 });
    await t.call('update-user-bank', lucia, owner.token);
    const team = await createCorporateSession(t.deps, owner.id, member.id, { calendarEdit: true });
    expect((await t.call('find-user-bank', {}, team)).body.bank).toMatchObject({ name: 'Lucía' });
    const changed = await t.call('update-user-bank', { ...lucia, userFirstName: 'Otra' }, team);
    expect(changed.statusCode).toBe(403);
    expect((await t.call('find-user-bank', {}, owner.token)).body.bank.name).toBe('Lucía');
  });
});
