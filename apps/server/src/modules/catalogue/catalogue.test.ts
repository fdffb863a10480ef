import { actions } from '@agendo/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/booking-fixtures.ts';
import { multipartBody } from '../../test/multipart.ts';
import { inPersonPublishInput } from '../../test/publish-input.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

/** A complete, valid in-person-and-online publication of an Argentine professional. */
const validInput = inPersonPublishInput;

async function professional() {
  const { token } = await t.registerUser(1);
  return token;
}

async function createPublication(token: string, extra: Record<string, unknown> = {}) {
  const res = await t.call('save-publish', validInput(extra), token);
  expect(res.body).toMatchObject({ status: '200' });
  return res.body.ref as string;
}

async function myPublications(token: string) {
  const res = await t.call('find-my-publications', {}, token);
  expect(res.statusCode).toBe(200);
  return res.body.publications as { ref: string; title: string; paused: number }[];
}

describe('save-publish and get-publish', () => {
  it('creates a publication and answers it with the spec fields', async () => {
    const token = await professional();
    const ref = await createPublication(token, {
      promo: true,
      promoPriceLocal: 15000,
      promoPriceInter: 20,
      promoStartDate: '2026-11-20',
      promoFinishDate: '2026-11-30',
      praConsulta: true,
      firstPriceLocal: 12000.5,
      firstPriceInter: 15,
      langEn: 1,
      video: 'https://www.youtube.com/watch?v=abc123',
      linkVideoCall: 'https://example.com/sala',
    });
    expect(ref).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    const own = await t.call('get-publish', { ref, mode: 'noencrypt' }, token);
    expect(own.statusCode).toBe(200);
    const p = own.body.publication;
    expect(p).toMatchObject({
      ref,
      admin: true,
      title: 'Sesión de psicología online y presencial',
      therapyId: 1,
      therapy: 'Psicología',
      therapyOther: null,
      symptoms: [
        { id: 1, name: 'Ansiedad' },
        { id: 2, name: 'Estrés' },
      ],
      modalityId: 3,
      modality: 'Online y presencial',
      address: 'Av. Corrientes 1234, CABA',
      countryId: 5,
      duration: 50,
      maxRes: 2,
      days: 60,
      typeTurn: 1,
      qtySessions: 1,
      groupCapacity: 1,
      noticeMin: 60,
      profCurrency: 'ARS',
      realPriceLocal: 20000,
      realPriceInter: 25,
      promo: 1,
      promoPriceLocal: 15000,
      promoPriceInter: 20,
      promoStartDate: '2026-11-20',
      promoFinishDate: '2026-11-30',
      promoActive: true,
      // End of 30 Nov in Buenos Aires (UTC−3).
      promoEndsAt: '2026-12-01T03:00:00.000Z',
      praConsulta: 1,
      firstPriceLocal: 12000.5,
      firstPriceInter: 15,
      payCash: 1,
      payCard: 1,
      langEs: 1,
      langEn: 1,
      langPo: 0,
      imagesBig: [],
      video: 'https://www.youtube.com/watch?v=abc123',
      platformVideoCall: 1,
      isAgendo: 1,
      linkVideoCall: 'https://example.com/sala',
      paused: 0,
      profName: 'Ana',
      profLastName: 'Pérez',
      profCountry: 5,
      userCountry: 5,
      userCurrency: 'ARS',
      userPrice: 15000,
      userOldPrice: 20000,
      international: false,
      priceState: 'price',
      fistPrice: 12000.5,
      promoPrice: 15000,
    });
  });

  it('shows a logged-out visitor from another country the USD prices and hides the video-call link', async () => {
    const token = await professional();
    const ref = await createPublication(token, {
      linkVideoCall: 'https://example.com/sala',
      passVideoCall: '1234',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/index.php',
      payload: { action: 'get-publish', browserCountry: 'cl', userLang: 'es', ref },
    });
    const p = res.json().publication;
    expect(p).toMatchObject({
      admin: false,
      userCountry: 81,
      userCurrency: 'USD',
      userPrice: 25,
      userOldPrice: null,
      international: true,
      linkVideoCall: null,
      passVideoCall: null,
      roomIdLink: null,
    });
  });

  it('updates an own publication, replacing its symptoms and clearing fields of a modality it no longer has', async () => {
    const token = await professional();
    const ref = await createPublication(token);
    const res = await t.call(
      'save-publish',
      validInput({
        ref,
        title: 'Yoga online',
        therapyId: 16,
        symptoms: [4],
        modalityId: 1,
        payCash: false,
        address: 'ignorada',
        platformVideoCall: 2,
      }),
      token,
    );
    expect(res.body).toEqual({ status: '200', ref });
    const p = (await t.call('get-publish', { ref }, token)).body.publication;
    expect(p).toMatchObject({
      title: 'Yoga online',
      therapy: 'Yoga',
      symptoms: [{ id: 4, name: 'Insomnio' }],
      modalityId: 1,
      address: null,
      payCash: 0,
      platformVideoCall: 2,
    });
    expect((await myPublications(token)).length).toBe(1);
  });

  it('keeps the name of an «Otra» therapy', async () => {
    const token = await professional();
    const ref = await createPublication(token, { therapyId: 99, therapyOther: 'Biodecodificación' });
    const p = (await t.call('get-publish', { ref }, token)).body.publication;
    expect(p).toMatchObject({
      therapyId: 99,
      therapy: 'Biodecodificación',
      therapyOther: 'Biodecodificación',
    });
  });

  it('stores a free service without prices or payment methods', async () => {
    const token = await professional();
    const ref = await createPublication(token, {
      free: true,
      realPriceLocal: null,
      realPriceInter: null,
      payCard: false,
      payCash: false,
    });
    const p = (await t.call('get-publish', { ref }, token)).body.publication;
    expect(p).toMatchObject({ free: 1, priceState: 'free', userPrice: 0, payCard: 0, payCash: 0 });
  });

  it('answers E7 for an unknown ref', async () => {
    const res = await t.call('get-publish', { ref: 'noexiste12345678' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'E7', message: 'No encontramos el servicio.' });
  });
});

describe('save-publish validation (spec: every rejected field answers its code and writes nothing)', () => {
  const errors = actions['save-publish'].errors as Record<string, { es: string; field?: string }>;
  const cases: [string, Record<string, unknown>][] = [
    ['E10', { title: '' }],
    ['E11', { title: 'ab' }],
    ['E11', { title: 'x'.repeat(121) }],
    ['E12', { therapyId: 1234 }],
    ['E12', { therapyId: undefined }],
    ['E13', { therapyId: 99, therapyOther: '' }],
    ['E14', { therapyId: 99, therapyOther: 'x'.repeat(81) }],
    ['E15', { description: '   ' }],
    ['E16', { description: 'muy corta' }],
    ['E17', { symptoms: [999] }],
    ['E17', { symptoms: [1, 1] }],
    ['E17', { symptoms: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }],
    ['E20', { modalityId: 7 }],
    ['E21', { modalityId: 2, address: '' }],
    ['E22', { address: 'x'.repeat(201) }],
    ['E23', { stateId: 999_999_999 }],
    ['E25', { duration: 10 }],
    ['E25', { duration: 605 }],
    ['E26', { duration: 52 }],
    ['E30', { realPriceLocal: null }],
    ['E31', { realPriceLocal: -1 }],
    ['E31', { realPriceLocal: 100.555 }],
    ['E32', { realPriceInter: undefined }],
    ['E33', { realPriceInter: -5 }],
    ['E33', { realPriceInter: 10.001 }],
    ...(
      [
        ['E34', { promoPriceLocal: null }],
        ['E35', { promoPriceLocal: 20000 }],
        ['E36', { promoPriceInter: null }],
        ['E37', { promoPriceInter: 30 }],
        ['E38', { promoStartDate: null }],
        ['E38', { promoStartDate: '2026-13-01' }],
        ['E39', { promoFinishDate: null }],
        ['E40', { promoStartDate: '2026-11-25', promoFinishDate: '2026-11-24' }],
        ['E41', { promoStartDate: '2026-11-01', promoFinishDate: '2026-11-21' }],
      ] as [string, Record<string, unknown>][]
    ).map(([code, extra]): [string, Record<string, unknown>] => [
      code,
      {
        promo: true,
        promoPriceLocal: 15000,
        promoPriceInter: 20,
        promoStartDate: '2026-11-22',
        promoFinishDate: '2026-11-30',
        ...extra,
      },
    ]),
    ['E42', { praConsulta: true, firstPriceLocal: null, firstPriceInter: 10 }],
    ['E43', { praConsulta: true, firstPriceLocal: 10000, firstPriceInter: null }],
    ['E44', { payCard: false, payCash: false }],
    ['E45', { modalityId: 1, payCash: true }],
    ['E46', { free: true, noPrice: true }],
    ['E50', { qtySessions: 0 }],
    ['E50', { qtySessions: 51 }],
    ['E51', { maxRes: 11 }],
    ['E52', { typeTurn: 3 }],
    ['E53', { groupCapacity: 0 }],
    ['E53', { groupCapacity: 101 }],
    ['E54', { noticeMin: -1 }],
    ['E55', { langEs: false }],
    ['E60', { video: 'javascript:alert(1)' }],
    ['E61', { platformVideoCall: null }],
    ['E61', { platformVideoCall: 9 }],
    ['E62', { linkVideoCall: 'no es un enlace' }],
    ['E63', { platformVideoCall: 5, linkVideoCall: '' }],
    ['E64', { passVideoCall: 'x'.repeat(65) }],
    ['E65', { roomIdLink: 'x'.repeat(65) }],
  ];

  let token: string;
  let ref: string;
  beforeAll(async () => {
    token = await professional();
    ref = await createPublication(token);
  });

  it.each(cases)('%s on create %j', async (code, extra) => {
    const res = await t.call('save-publish', validInput(extra), token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ status: '400', code, message: errors[code]?.es });
    if (errors[code]?.field) expect(res.body.field).toBe(errors[code]?.field);
    expect((await myPublications(token)).length).toBe(1);
  });

  it.each(cases.slice(0, 12))('%s on update %j leaves the publication as it was', async (code, extra) => {
    const res = await t.call('save-publish', validInput({ ref, ...extra }), token);
    expect(res.body).toMatchObject({ code });
    const p = (await t.call('get-publish', { ref }, token)).body.publication;
    expect(p.title).toBe('Sesión de psicología online y presencial');
    expect(p.symptoms).toHaveLength(2);
  });

  it('uses the spec voice for the messages', async () => {
    const res = await t.call('save-publish', validInput({ title: '' }), token);
    expect(res.body).toEqual({
      status: '400',
      code: 'E10',
      message: 'Debes ingresar el título del servicio.',
      field: 'title',
    });
  });

  it('checks state and city against the reference data', async () => {
    const states = (await t.call('find-states', { userCountry: 5 })).body.states as { id: number }[];
    const state = states[0]?.id as number;
    const cities = (await t.call('find-cities', { userState: state })).body.cities as { id: number }[];
    const bad = await t.call('save-publish', validInput({ stateId: state, cityId: 999_999_999 }), token);
    expect(bad.body).toMatchObject({ code: 'E24', message: 'La ciudad seleccionada no es válida.' });
    const good = await t.call('save-publish', validInput({ stateId: state, cityId: cities[0]?.id }), token);
    expect(good.statusCode).toBe(200);
    const p = (await t.call('get-publish', { ref: good.body.ref }, token)).body.publication;
    expect(p).toMatchObject({ stateId: state, cityId: cities[0]?.id });
  });

  it('takes whole pesos only for Chile (CLP has no minor unit)', async () => {
    const { token: chilean } = await t.registerUser(1, { browserCountry: 'cl' });
    const bad = await t.call('save-publish', validInput({ realPriceLocal: 25000.5 }), chilean);
    expect(bad.body).toMatchObject({ code: 'E31' });
    const ok = await t.call('save-publish', validInput({ realPriceLocal: 25000 }), chilean);
    const p = (await t.call('get-publish', { ref: ok.body.ref }, chilean)).body.publication;
    expect(p).toMatchObject({ profCurrency: 'CLP', realPriceLocal: 25000, countryId: 81 });
  });
});

describe('my publications, pause and delete', () => {
  it("lists own publications newest first with paused ones, never others' or deleted ones", async () => {
    const a = await professional();
    const b = await professional();
    const first = await createPublication(a, { title: 'Primera sesión' });
    t.clock.now = new Date('2026-11-22T12:05:00Z');
    const second = await createPublication(a, { title: 'Segunda sesión' });
    await createPublication(b, { title: 'De otra persona' });
    await t.call('pause-publish', { ref: first, paused: true }, a);
    const list = await myPublications(a);
    expect(list.map((p) => [p.ref, p.paused])).toEqual([
      [second, 0],
      [first, 1],
    ]);
    expect(list[0]).toMatchObject({
      title: 'Segunda sesión',
      realPriceLocal: 20000,
      profCurrency: 'ARS',
      image: null,
    });
    await t.call('delete-publish', { ref: second }, a);
    expect((await myPublications(a)).map((p) => p.ref)).toEqual([first]);
    t.clock.now = new Date('2026-11-22T12:00:00Z');
  });

  it('pauses and resumes; a paused publication stays readable with paused 1', async () => {
    const token = await professional();
    const ref = await createPublication(token);
    expect((await t.call('pause-publish', { ref, paused: true }, token)).body).toEqual({
      status: '200',
      paused: 1,
    });
    const visitor = await t.call('get-publish', { ref });
    expect(visitor.body.publication).toMatchObject({ paused: 1, admin: false });
    expect((await t.call('pause-publish', { ref, paused: 0 }, token)).body).toEqual({
      status: '200',
      paused: 0,
    });
  });

  it('deletes softly: the page answers not found afterwards', async () => {
    const token = await professional();
    const ref = await createPublication(token);
    expect((await t.call('delete-publish', { ref }, token)).body).toEqual({ status: '200' });
    expect((await t.call('get-publish', { ref })).body).toMatchObject({ code: 'E7' });
    expect((await t.call('pause-publish', { ref, paused: true }, token)).body).toMatchObject({ code: 'E7' });
    expect((await t.call('save-publish', validInput({ ref }), token)).body).toMatchObject({ code: 'E7' });
  });

  it('refuses to delete while a booking is still to happen, and allows it once it is past or cancelled', async () => {
    const token = await professional();
    const ref = await createPublication(token);
    const pub = await t.deps.db
      .selectFrom('publications')
      .select(['id', 'user_id'])
      .where('ref', '=', ref)
      .executeTakeFirstOrThrow();
    const at = {
      publicationId: pub.id,
      professionalId: pub.user_id,
      startsAt: '2026-11-25T15:00:00.000Z',
      minutes: 50,
      now: '2026-11-22T12:00:00.000Z',
    };
    const booking = (overrides: Record<string, unknown>) => bookingRow(at, overrides);
    // A hold that expired and a cancelled or past booking do not count.
    await t.deps.db
      .insertInto('bookings')
      .values([
        booking({ state: 'held', hold_expires_at: '2026-11-22T11:50:00.000Z' }),
        booking({ state: 'cancelled' }),
        booking({
          starts_at: '2026-11-20T15:00:00.000Z',
          ends_at: '2026-11-20T15:50:00.000Z',
          state: 'done',
        }),
      ])
      .execute();
    const live = booking({});
    await t.deps.db.insertInto('bookings').values(live).execute();

    const refused = await t.call('delete-publish', { ref }, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({ code: 'E8', message: actions['delete-publish'].errors.E8?.es });
    expect((await t.call('get-publish', { ref })).statusCode).toBe(200);

    // A hold that has not expired yet still counts.
    await t.deps.db
      .updateTable('bookings')
      .set({ state: 'held', hold_expires_at: '2026-11-22T12:10:00.000Z' })
      .where('ref', '=', live.ref)
      .execute();
    expect((await t.call('delete-publish', { ref }, token)).body).toMatchObject({ code: 'E8' });

    t.clock.now = new Date('2026-11-22T12:11:00Z');
    expect((await t.call('delete-publish', { ref }, token)).body).toEqual({ status: '200' });
    t.clock.now = new Date('2026-11-22T12:00:00Z');
  });
});

describe('authorization', () => {
  it("a professional cannot save, pause, delete or read the private fields of another one's publication", async () => {
    const a = await professional();
    const b = await professional();
    const ref = await createPublication(a, { linkVideoCall: 'https://example.com/privada' });
    const save = await t.call('save-publish', validInput({ ref, title: 'Robado' }), b);
    expect(save.body).toMatchObject({ code: 'E7', message: 'No encontramos el servicio.' });
    expect((await t.call('pause-publish', { ref, paused: true }, b)).body).toMatchObject({ code: 'E7' });
    expect((await t.call('delete-publish', { ref }, b)).body).toMatchObject({ code: 'E7' });
    const seen = (await t.call('get-publish', { ref }, b)).body.publication;
    expect(seen).toMatchObject({
      admin: false,
      title: 'Sesión de psicología online y presencial',
      paused: 0,
      linkVideoCall: null,
    });
    expect(await myPublications(b)).toEqual([]);
  });

  it('answers E401 to a caller without a session and E403 to a client', async () => {
    const noSession = await t.call('save-publish', validInput(), null);
    expect(noSession.statusCode).toBe(401);
    expect(noSession.body).toMatchObject({ code: 'E401' });
    for (const action of ['find-my-publications', 'pause-publish', 'delete-publish'] as const) {
      expect((await t.call(action, { ref: 'abcdefgh12345678', paused: true }, null)).statusCode).toBe(401);
    }
    const { token: client } = await t.registerUser(2);
    const asClient = await t.call('save-publish', validInput(), client);
    expect(asClient.statusCode).toBe(403);
    expect(asClient.body).toMatchObject({ code: 'E403' });
  });
});

describe('publication images', () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3db8c3' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
      .toBuffer();
  });

  // The shared form builder; this route reads its file from the field 'image'.
  const multipart = (fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) =>
    multipartBody(fields, file ? [{ field: 'image', ...file }] : []);
  const upload = (token: string | null, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/upload/publication-image',
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('stores a re-encoded webp without metadata, serves it publicly and lists it in imagesBig', async () => {
    const token = await professional();
    const ref = await createPublication(token);
    const res = await upload(
      token,
      multipart({ ref }, { name: 'consultorio.png', bytes: png, type: 'image/png' }),
    );
    expect(res.statusCode).toBe(200);
    const { image } = res.json();
    expect(image.link).toMatch(/^\/files\/publications\/[A-Za-z0-9_-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: image.link });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-camera'))).toBe(false);
    const p = (await t.call('get-publish', { ref })).body.publication;
    expect(p.imagesBig).toEqual([image]);
    expect((await myPublications(token))[0]).toMatchObject({ image: image.link });
  });

  it('refuses a file whose bytes are not an image, one over 5 MB, and a seventh image', async () => {
    const token = await professional();
    const ref = await createPublication(token);
    const fake = await upload(
      token,
      multipart(
        { ref },
        { name: 'foto.png', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/png' },
      ),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ code: 'E415', message: 'La imagen debe ser JPG, PNG o WEBP.' });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    expect(
      (await upload(token, multipart({ ref }, { name: 'a.gif', bytes: gif, type: 'image/gif' }))).statusCode,
    ).toBe(415);
    const big = Buffer.concat([png, Buffer.alloc(5_100_000)]);
    const tooBig = await upload(
      token,
      multipart({ ref }, { name: 'big.png', bytes: big, type: 'image/png' }),
    );
    expect(tooBig.statusCode).toBe(413);
    expect((await t.call('get-publish', { ref })).body.publication.imagesBig).toEqual([]);

    for (let i = 0; i < 6; i += 1) {
      expect(
        (await upload(token, multipart({ ref }, { name: `${i}.png`, bytes: png, type: 'image/png' })))
          .statusCode,
      ).toBe(200);
    }
    const seventh = await upload(token, multipart({ ref }, { name: '7.png', bytes: png, type: 'image/png' }));
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json()).toMatchObject({
      code: 'E9',
      message: 'Puedes subir hasta 6 imágenes por servicio.',
    });
  });

  it('only the owner adds, sorts or deletes images', async () => {
    const a = await professional();
    const b = await professional();
    const ref = await createPublication(a);
    const file = { name: 'x.png', bytes: png, type: 'image/png' };
    const foreign = await upload(b, multipart({ ref }, file));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'E7' });
    expect((await upload(null, multipart({ ref }, file))).statusCode).toBe(401);
    const { token: client } = await t.registerUser(2);
    expect((await upload(client, multipart({ ref }, file))).statusCode).toBe(403);

    const one = (await upload(a, multipart({ ref }, file))).json().image;
    const two = (await upload(a, multipart({ ref }, file))).json().image;
    expect(
      (await t.call('sort-publication-images', { ref, images: [two.id, one.id] }, b)).body,
    ).toMatchObject({ code: 'E7' });
    expect((await t.call('sort-publication-images', { ref, images: [two.id, one.id] }, a)).body).toEqual({
      status: '200',
    });
    expect((await t.call('get-publish', { ref })).body.publication.imagesBig).toEqual([two, one]);

    expect((await t.call('delete-publication-image', { ref: two.id }, b)).body).toMatchObject({ code: 'E7' });
    expect((await t.call('delete-publication-image', { ref: two.id }, a)).body).toEqual({ status: '200' });
    expect((await t.call('get-publish', { ref })).body.publication.imagesBig).toEqual([one]);
    expect((await t.app.inject({ method: 'GET', url: two.link })).statusCode).toBe(404);
  });
});
