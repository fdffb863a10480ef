import { actions } from '@agendo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishInput } from '../../test/publish-input.ts';
import { useTestApp } from '../../test/test-app.ts';

// The clock starts on Sunday 2026-11-22 12:00 UTC (09:00 in Buenos Aires, 06:00 in Mexico City).

interface Pro {
  token: string;
  mail: string;
}

const refs: Record<string, string> = {};
let arState = 0;
let arCity = 0;
let mxClient = '';
let adminToken = '';
let plainToken = '';
let sofiaToken = '';

function publication(extra: Record<string, unknown> = {}) {
  return publishInput({ symptoms: [1], ...extra });
}

async function publish(
  pro: Pro,
  extra: Record<string, unknown>,
  rules = [{ weekday: 7, start: '14:00', end: '18:00' }],
) {
  const res = await t.call('save-publish', publication(extra), pro.token);
  expect(res.body).toMatchObject({ status: '200' });
  const ref = res.body.ref as string;
  const turns = await t.call('save-turns-recurrent', { ref, rules }, pro.token);
  expect(turns.body).toMatchObject({ status: '200' });
  return ref;
}

async function professional(browserCountry: string, names: Record<string, string>, gender: number | null) {
  const { token, userMail } = await t.registerUser(1, { browserCountry, ...names });
  await t.deps.db.updateTable('users').set({ gender }).where('email', '=', userMail).execute();
  return { token, mail: userMail };
}

const t = useTestApp();
beforeAll(async () => {
  const states = await t.call('find-states', { userCountry: 5 });
  arState = states.body.states.find((s: { name: string }) => s.name === 'Córdoba').id;
  const cities = await t.call('find-cities', { userState: arState });
  arCity = cities.body.cities[0].id;

  const lucia = await professional('ar', { userFirstName: 'Lucía', userLastName: 'Fernández' }, 2);
  refs.online = await publish(lucia, { title: 'Psicoterapia online para adultos' });
  refs.inPerson = await publish(lucia, {
    title: 'Kinesiología deportiva en Córdoba',
    therapyId: 10,
    symptoms: [5, 20],
    modalityId: 2,
    address: 'Bv. San Juan 100',
    stateId: arState,
    cityId: arCity,
    langEn: true,
    payCash: true,
    platformVideoCall: null,
  });
  refs.paused = await publish(lucia, { title: 'Servicio pausado de psicología' });
  expect((await t.call('pause-publish', { ref: refs.paused, paused: 1 }, lucia.token)).body).toMatchObject({
    status: '200',
  });
  refs.promo = await publish(lucia, {
    title: 'Mindfulness con promo',
    therapyId: 17,
    symptoms: [2],
    promo: true,
    promoPriceLocal: 15000,
    promoPriceInter: 18,
    promoStartDate: '2026-11-20',
    promoFinishDate: '2026-12-10',
  });

  const diego = await professional('mx', { userFirstName: 'Diego', userLastName: 'Ramírez' }, 1);
  // Wednesdays only: nothing today.
  refs.yoga = await publish(
    diego,
    {
      title: 'Yoga terapéutico',
      therapyId: 16,
      symptoms: [2, 4],
      modalityId: 3,
      address: 'Av. Reforma 222, CDMX',
      langEs: false,
      langEn: true,
      langPo: true,
      realPriceLocal: 600,
      realPriceInter: 35,
      payCash: true,
    },
    [{ weekday: 3, start: '09:00', end: '13:00' }],
  );

  const blocked = await professional('ar', { userFirstName: 'Bruno', userLastName: 'Bloqueado' }, 1);
  refs.blocked = await publish(blocked, { title: 'Psicología de un profesional bloqueado' });
  await t.deps.db.updateTable('users').set({ block_use: 1 }).where('email', '=', blocked.mail).execute();

  const many = await professional('cl', { userFirstName: 'Carla', userLastName: 'Muñoz' }, 3);
  for (let i = 1; i <= 14; i++) {
    refs[`reiki${i}`] = await publish(many, {
      title: `Reiki paginado ${String(i).padStart(2, '0')}`,
      therapyId: 18,
      symptoms: [23],
      realPriceLocal: 30000,
      realPriceInter: 32,
    });
  }

  const sofia = await professional('uy', { userFirstName: 'Sofía', userLastName: 'Pereira' }, null);
  sofiaToken = sofia.token;
  for (const [key, title, date] of [
    ['datedToday', 'Taller con fecha hoy', '2026-11-22'],
    ['datedLater', 'Taller en diez días', '2026-12-02'],
  ] as const) {
    const res = await t.call(
      'save-publish',
      publication({ title, typeTurn: 2, groupCapacity: 8 }),
      sofia.token,
    );
    refs[key] = res.body.ref;
    const turns = await t.call(
      'save-turns',
      { ref: res.body.ref, turns: [{ date, hStart: '16:00' }] },
      sofia.token,
    );
    expect(turns.body).toMatchObject({ status: '200' });
  }

  mxClient = (await t.registerUser(2, { browserCountry: 'mx' })).token;
  const admin = await t.registerUser(2);
  await t.deps.db.updateTable('users').set({ is_admin: 1 }).where('email', '=', admin.userMail).execute();
  adminToken = admin.token;
  plainToken = (await t.registerUser(1)).token;
}, 60_000);

async function search(input: Record<string, unknown> = {}, token?: string) {
  const res = await t.call(
    'search-publications',
    { userTime: 'America/Argentina/Buenos_Aires', ...input },
    token,
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    next: number | null;
    publications: (Record<string, unknown> & { ref: string; title: string })[];
  };
}
const titles = async (input: Record<string, unknown>) =>
  (await search(input)).publications.map((p) => p.title).sort();

describe('search-publications filters (spec 000 §2.2)', () => {
  it('never shows paused publications nor blocked professionals', async () => {
    const all = [...(await search()).publications, ...(await search({ next: 12 })).publications];
    const shown = all.map((p) => p.ref);
    expect(shown).not.toContain(refs.paused);
    expect(shown).not.toContain(refs.blocked);
    expect(shown).toContain(refs.online);
    expect(shown).toContain(refs.yoga);
    expect(shown).toHaveLength(20);
  });

  it('type terapias with a ref: publications of that therapy', async () => {
    expect(await titles({ type: 'terapias', ref: 16 })).toEqual(['Yoga terapéutico']);
    // A ref without a type is a therapy.
    expect(await titles({ ref: 10 })).toEqual(['Kinesiología deportiva en Córdoba']);
  });

  it('type sintomas with a ref: publications listing that symptom', async () => {
    expect(await titles({ type: 'sintomas', ref: 2 })).toEqual(['Mindfulness con promo', 'Yoga terapéutico']);
    expect(await titles({ type: 'sintomas', ref: 20 })).toEqual(['Kinesiología deportiva en Córdoba']);
  });

  it('text matches title, therapy and symptom names without accents, and the professional', async () => {
    expect(await titles({ text: 'psicoterapia' })).toEqual(['Psicoterapia online para adultos']);
    expect(await titles({ text: 'kinesiologia' })).toEqual(['Kinesiología deportiva en Córdoba']);
    expect(await titles({ text: 'insomnio' })).toEqual(['Yoga terapéutico']);
    expect(await titles({ text: 'ramírez' })).toEqual(['Yoga terapéutico']);
    expect(await titles({ text: '100%_' })).toEqual([]);
  });

  it('country, state and city', async () => {
    expect(await titles({ country: 42 })).toEqual(['Yoga terapéutico']);
    expect(await titles({ country: 5, state: arState })).toEqual(['Kinesiología deportiva en Córdoba']);
    expect(await titles({ country: 5, state: arState, city: arCity })).toEqual([
      'Kinesiología deportiva en Córdoba',
    ]);
    expect(await titles({ country: 5, state: arState, city: arCity + 100000 })).toEqual([]);
  });

  it('languages: a publication offered in any chosen language matches', async () => {
    expect(await titles({ langPo: true })).toEqual(['Yoga terapéutico']);
    expect(await titles({ langEn: '1' })).toEqual(['Kinesiología deportiva en Córdoba', 'Yoga terapéutico']);
    expect(await titles({ langFr: true })).toEqual([]);
    expect(await titles({ langFr: true, langPo: 1 })).toEqual(['Yoga terapéutico']);
  });

  it('gender of the professional', async () => {
    expect(await titles({ gender: 1 })).toEqual(['Yoga terapéutico']);
    expect((await search({ gender: 3 })).publications).toHaveLength(12);
    expect(await titles({ gender: 2 })).toEqual([
      'Kinesiología deportiva en Córdoba',
      'Mindfulness con promo',
      'Psicoterapia online para adultos',
    ]);
  });

  it('modality: online and in person include the publications offering both', async () => {
    expect(await titles({ modality: 2 })).toEqual(['Kinesiología deportiva en Córdoba', 'Yoga terapéutico']);
    expect(await titles({ modality: 3 })).toEqual(['Yoga terapéutico']);
    expect(await titles({ modality: 1, gender: 2 })).toEqual([
      'Mindfulness con promo',
      'Psicoterapia online para adultos',
    ]);
  });

  it('today: only publications with a free slot today in the viewer’s zone', async () => {
    expect(await titles({ today: true, gender: 2 })).toEqual([
      'Kinesiología deportiva en Córdoba',
      'Mindfulness con promo',
      'Psicoterapia online para adultos',
    ]);
    expect(await titles({ today: true, country: 42 })).toEqual([]);
    // Dated turns: one today (16:00 in Montevideo), one in ten days.
    expect(await titles({ today: true, country: 111 })).toEqual(['Taller con fecha hoy']);
    expect(await titles({ country: 111 })).toEqual(['Taller con fecha hoy', 'Taller en diez días']);
    // Paging through 14 matches with `today`: 12, then the 2 left.
    const first = await search({ today: true, ref: 18 });
    expect(first.publications).toHaveLength(12);
    expect(first.next).not.toBeNull();
    const second = await search({ today: true, ref: 18, next: first.next });
    expect(second.publications.map((p) => p.title)).toEqual(['Reiki paginado 02', 'Reiki paginado 01']);
    expect(second.next).toBeNull();
  });

  it('pages of 12, newest first, with the next offset', async () => {
    const first = await search({ ref: 18 });
    expect(first.publications).toHaveLength(12);
    expect(first.publications[0]?.title).toBe('Reiki paginado 14');
    expect(first.next).toBe(12);
    const second = await search({ ref: 18, next: 12 });
    expect(second.publications.map((p) => p.title)).toEqual(['Reiki paginado 02', 'Reiki paginado 01']);
    expect(second.next).toBeNull();
  });

  it('a deleted publication disappears from search', async () => {
    const res = await t.call('delete-publish', { ref: refs.datedLater }, sofiaToken);
    expect(res.body).toMatchObject({ status: '200' });
    expect(await titles({ country: 111 })).toEqual(['Taller con fecha hoy']);
  });

  it('rejects bad filters with their code', async () => {
    const long = await t.call('search-publications', { text: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatchObject({
      code: 'E2',
      message: 'La búsqueda puede tener hasta 100 caracteres.',
      field: 'text',
    });
    const zone = await t.call('search-publications', { userTime: 'Mars/Olympus' });
    expect(zone.body).toMatchObject({ status: '400', code: 'E1' });
    const gender = await t.call('search-publications', { gender: 4 });
    expect(gender.body).toMatchObject({ status: '400', code: 'E1' });
  });
});

describe('each result: price in the viewer’s currency and the next free slot', () => {
  const find = async (ref: string, input: Record<string, unknown>, token?: string) => {
    const found = (await search({ text: 'psicoterapia', ...input }, token)).publications.find(
      (p) => p.ref === ref,
    );
    expect(found).toBeDefined();
    return found as Record<string, unknown>;
  };

  it('an Argentine viewer of an Argentine professional sees pesos', async () => {
    const result = await find(refs.online as string, { browserCountry: 'ar' });
    expect(result).toMatchObject({
      title: 'Psicoterapia online para adultos',
      therapy: 'Psicología',
      profName: 'Lucía',
      profLastName: 'Fernández',
      profCountry: 5,
      modalityId: 1,
      duration: 50,
      currency: 'ARS',
      price: 20000,
      priceText: '$\u00a020.000,00',
      oldPrice: null,
      promo: false,
    });
  });

  it('a Mexican viewer of an Argentine professional sees USD (spec 000 §9)', async () => {
    expect(await find(refs.online as string, { browserCountry: 'mx' })).toMatchObject({
      currency: 'USD',
      price: 25,
      priceText: 'US$\u00a025,00',
    });
    // A signed-in viewer's own country wins over the route's.
    expect(await find(refs.online as string, { browserCountry: 'ar' }, mxClient)).toMatchObject({
      currency: 'USD',
      price: 25,
    });
    // spec 002 §9: en-US formatting for country 55.
    expect(await find(refs.online as string, { browserCountry: 'us' })).toMatchObject({
      priceText: '$25.00',
    });
  });

  it('a live promo shows the promo price with the old price', async () => {
    const [promo] = (await search({ text: 'mindfulness', browserCountry: 'ar' })).publications;
    expect(promo).toMatchObject({
      price: 15000,
      oldPrice: 20000,
      promo: true,
      oldPriceText: '$\u00a020.000,00',
    });
    const [usd] = (await search({ text: 'mindfulness', browserCountry: 'cl' })).publications;
    expect(usd).toMatchObject({ currency: 'USD', price: 18, oldPrice: 25, promo: true });
  });

  it('the next free slot is given in the viewer’s zone', async () => {
    const ar = await find(refs.online as string, {});
    expect(ar.nextSlot).toEqual({
      start: '2026-11-22T17:00:00.000Z',
      date: '2026-11-22',
      hour: '14:00',
      timeZone: 'America/Argentina/Buenos_Aires',
    });
    const mx = await find(refs.online as string, { userTime: 'America/Mexico_City' });
    expect(mx.nextSlot).toMatchObject({ date: '2026-11-22', hour: '11:00', timeZone: 'America/Mexico_City' });
    const [yoga] = (await search({ ref: 16 })).publications;
    // Diego works Wednesdays 09:00 in Mexico City: 12:00 in Buenos Aires.
    expect(yoga?.nextSlot).toMatchObject({ date: '2026-11-25', hour: '12:00' });
  });
});

describe('convert-price (spec 000 §7)', () => {
  it('converts USD into the viewer’s currency and formats it for their country', async () => {
    const res = await t.call('convert-price', {
      userCountryId: 5,
      userCurrency: 'ARS',
      profCurrency: 'USD',
      price: 25,
    });
    expect(res.body).toEqual({ status: '200', price: '$\u00a036.250,00', amount: 36250, currency: 'ARS' });
    const clp = await t.call('convert-price', { userCountryId: 81, userCurrency: 'clp', price: 10.5 });
    expect(clp.body).toMatchObject({ amount: 9870, price: 'CLP\u00a09.870' });
    const back = await t.call('convert-price', {
      userCountryId: 55,
      userCurrency: 'USD',
      profCurrency: 'MXN',
      price: 920,
    });
    expect(back.body).toMatchObject({ amount: 50, price: '$50.00' });
  });

  it('onlyFormat formats without converting', async () => {
    const res = await t.call('convert-price', {
      userCountryId: 5,
      userCurrency: 'ARS',
      onlyFormat: 1,
      price: 1234.5,
    });
    expect(res.body).toMatchObject({ price: '$\u00a01.234,50', amount: 1234.5 });
  });

  it.each([
    [{ userCurrency: 'ARS', price: 1 }, 'E2', 'Debes seleccionar el país.', 'userCountryId'],
    [{ userCountryId: 5, userCurrency: 'XYZ', price: 1 }, 'E3', 'La moneda no es válida.', 'userCurrency'],
    [
      { userCountryId: 5, userCurrency: 'ARS', price: -1 },
      'E4',
      'El importe ingresado no es correcto.',
      'price',
    ],
    [
      { userCountryId: 5, userCurrency: 'JPY', price: 1 },
      'E5',
      'No tenemos la cotización de esta moneda.',
      'userCurrency',
    ],
  ])('%j → %s', async (input, code, message, field) => {
    const res = await t.call('convert-price', input);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: '400', code, message, field });
  });
});

describe('exchange rates (administrators only)', () => {
  const rateOf = async (currency: string) =>
    (
      await t.deps.db
        .selectFrom('exchange_rates')
        .selectAll()
        .where('currency', '=', currency)
        .executeTakeFirst()
    )?.units_per_usd;

  it('the migration seeds the served currencies', async () => {
    const res = await t.call('find-exchange-rates', {}, adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.body.rates.map((r: { currency: string }) => r.currency)).toEqual([
      'ARS',
      'BRL',
      'CLP',
      'COP',
      'EUR',
      'MXN',
      'PEN',
      'USD',
      'UYU',
    ]);
    expect(res.body.rates[0]).toMatchObject({ unitsPerUsd: '1450', updatedBy: null });
  });

  it('answers E403 to anyone else and E401 without a session', async () => {
    for (const action of ['find-exchange-rates', 'save-exchange-rate'] as const) {
      const other = await t.call(action, { currency: 'ARS', unitsPerUsd: '1' }, plainToken);
      expect(other.statusCode).toBe(403);
      expect(other.body).toMatchObject({
        code: 'E403',
        message: 'No tienes permisos para realizar esta acción.',
      });
      const anonymous = await t.call(action, { currency: 'ARS', unitsPerUsd: '1' });
      expect(anonymous.statusCode).toBe(401);
    }
    expect(await rateOf('ARS')).toBe('1450');
  });

  it.each([
    [{ unitsPerUsd: '10' }, 'E2'],
    [{ currency: '', unitsPerUsd: '10' }, 'E2'],
    [{ currency: 'PESO', unitsPerUsd: '10' }, 'E3'],
    [{ currency: 'XYZ', unitsPerUsd: '10' }, 'E3'],
    [{ currency: 'BRL', unitsPerUsd: '' }, 'E4'],
    [{ currency: 'BRL', unitsPerUsd: '0' }, 'E5'],
    [{ currency: 'BRL', unitsPerUsd: '-5' }, 'E5'],
    [{ currency: 'BRL', unitsPerUsd: '5.1234567' }, 'E5'],
    [{ currency: 'BRL', unitsPerUsd: '5.3.1' }, 'E5'],
    [{ currency: 'BRL', unitsPerUsd: '5,3,1' }, 'E5'],
    [{ currency: 'USD', unitsPerUsd: '2' }, 'E6'],
  ])('%j → %s, nothing written', async (input, code) => {
    const entry = (actions['save-exchange-rate'].errors as Record<string, { es: string; field?: string }>)[
      code
    ];
    const res = await t.call('save-exchange-rate', input, adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: '400', code, message: entry?.es, field: entry?.field });
    expect(await rateOf('BRL')).toBe('5.35');
    expect(await rateOf('USD')).toBe('1');
  });

  it('saves a rate (canonical text, who and when) and convert-price uses it at once', async () => {
    t.clock.now = new Date('2026-11-22T15:00:00Z');
    const res = await t.call('save-exchange-rate', { currency: 'ars', unitsPerUsd: '1500.50' }, adminToken);
    expect(res.body).toEqual({
      status: '200',
      rate: {
        currency: 'ARS',
        unitsPerUsd: '1500.5',
        updatedAt: '2026-11-22T15:00:00.000Z',
        updatedBy: 'Ana Pérez',
      },
    });
    const converted = await t.call('convert-price', { userCountryId: 5, userCurrency: 'ARS', price: 10 });
    expect(converted.body).toMatchObject({ amount: 15005 });

    const added = await t.call('save-exchange-rate', { currency: 'JPY', unitsPerUsd: '155,25' }, adminToken);
    expect(added.body.rate).toMatchObject({ currency: 'JPY', unitsPerUsd: '155.25' });
    t.clock.now = new Date('2026-11-22T12:00:00Z');
  });
});
