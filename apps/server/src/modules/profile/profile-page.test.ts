import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../../test/booking-fixtures.ts';
import { multipartBody } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';
import { builtWebDist } from '../../test/web-dist.ts';
import { createCorporateSession } from '../auth/auth.service.ts';

const webDist = builtWebDist();

let jpeg: Buffer;
let png: Buffer;
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const t = useTestApp({ webDist });
beforeAll(async () => {
  // A photo that carries EXIF (camera and place): the stored copy must not.
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'CamaraSecreta', Model: 'X1' } } })
    .toBuffer();
  png = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#a37' } })
    .png()
    .toBuffer();
});

function form(
  fields: Record<string, string>,
  file?: { field: string; name: string; bytes: Buffer; type: string },
) {
  return multipartBody(fields, file ? [file] : []);
}

function post(url: string, token: string | null, body: ReturnType<typeof form>) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

const uploadImage = (token: string | null, kind: string, bytes: Buffer, name = 'logo.jpg') =>
  post('/upload/profile-image', token, form({ kind }, { field: 'image', name, bytes, type: 'image/jpeg' }));
const uploadCertificate = (token: string | null, title: string, bytes: Buffer, name = 'titulo.pdf') =>
  post(
    '/upload/user-certificate',
    token,
    form({ title }, { field: 'file', name, bytes, type: 'application/pdf' }),
  );
const profileOf = async (token: string) => (await t.call('find-user-profile', {}, token)).body;
const publicPage = async (ref: string) => (await t.call('find-professional-profile', { ref }, null)).body;

describe('logos (change-logo-square, change-logo-rectangle)', () => {
  it('stores a re-encoded webp without the camera metadata, public, and shows it on the public page', async () => {
    const prof = await makeUser(t, { userType: 1 });
    const res = await uploadImage(prof.token, 'logo-square', jpeg);
    expect(res.statusCode).toBe(200);
    const { img } = res.json();
    expect(img).toMatch(/^\/files\/profile\/[A-Za-z0-9_-]+-logo-square-[A-Za-z0-9_-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: img });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('CamaraSecreta'))).toBe(false);

    expect((await profileOf(prof.token)).logoSquare).toBe(img);
    expect((await publicPage(prof.ref)).logoSquare).toBe(img);

    const wide = await uploadImage(prof.token, 'logo-rectangle', png, 'banner.png');
    expect(wide.statusCode).toBe(200);
    expect((await publicPage(prof.ref)).logoRectangle).toBe(wide.json().img);
  });

  it('replacing a logo removes the old file', async () => {
    const prof = await makeUser(t, { userType: 1 });
    const first = (await uploadImage(prof.token, 'logo-square', jpeg)).json().img as string;
    const second = (await uploadImage(prof.token, 'logo-square', png)).json().img as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await profileOf(prof.token)).logoSquare).toBe(second);
  });

  it('refuses a file that is not an image, an unknown kind and a missing file, writing nothing', async () => {
    const prof = await makeUser(t, { userType: 1 });
    const fake = await uploadImage(
      prof.token,
      'logo-square',
      Buffer.from('<svg onload="x()"></svg>'),
      'a.jpg',
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ code: 'E415', message: 'La imagen debe ser JPG, PNG o WEBP.' });
    const kind = await uploadImage(prof.token, 'banner', jpeg);
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toMatchObject({ code: 'E416', field: 'kind' });
    const none = await post('/upload/profile-image', prof.token, form({ kind: 'logo-square' }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'E400', message: 'Debes elegir una imagen.' });
    expect(await profileOf(prof.token)).toMatchObject({ logoSquare: null, logoRectangle: null, sign: null });
  });

  it('only the professional themselves: not a client, not a team session, not without a session', async () => {
    const owner = await makeUser(t, { userType: 1 });
    const member = await makeUser(t, { userType: 1 });
    const client = await makeUser(t, { userType: 2 });
    const team = await createCorporateSession(t.deps, owner.id, member.id, { calendarEdit: true });
    expect((await uploadImage(client.token, 'logo-square', jpeg)).statusCode).toBe(403);
    expect((await uploadImage(team, 'logo-square', jpeg)).statusCode).toBe(403);
    expect((await uploadImage(null, 'logo-square', jpeg)).statusCode).toBe(401);
    expect((await uploadCertificate(team, 'Licenciada en Psicología', pdf)).statusCode).toBe(403);
    expect((await t.call('delete-profile-image', { kind: 'logo-square' }, team)).statusCode).toBe(403);
    expect((await profileOf(owner.token)).logoSquare).toBeNull();
  });
});

describe('signature (change-sign): private to its owner', () => {
  it('is stored outside the public folder and served only to its owner', async () => {
    const prof = await makeUser(t, { userType: 1 });
    const other = await makeUser(t, { userType: 1 });
    const res = await uploadImage(prof.token, 'sign', png, 'firma.png');
    expect(res.statusCode).toBe(200);
    expect(res.json().img).toBe('/profile-files/sign');
    expect((await profileOf(prof.token)).sign).toBe('/profile-files/sign');

    const own = await t.app.inject({
      method: 'GET',
      url: '/profile-files/sign',
      headers: { authorization: `Bearer ${prof.token}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, no-store');

    // Another professional reaches only their own (none); no session reaches nothing.
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/profile-files/sign',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/profile-files/sign' })).statusCode).toBe(404);

    // Nothing of it under the public folder, nor on the public page.
    const publicFiles = fs.readdirSync(t.deps.storage.root, { recursive: true }).map(String);
    expect(publicFiles.some((f) => f.includes('firma') || f.includes('sign'))).toBe(false);
    expect(JSON.stringify(await publicPage(prof.ref))).not.toContain('sign');
  });

  it('delete-profile-image removes it', async () => {
    const prof = await makeUser(t, { userType: 1 });
    await uploadImage(prof.token, 'sign', png);
    expect((await t.call('delete-profile-image', { kind: 'sign' }, prof.token)).statusCode).toBe(200);
    expect((await profileOf(prof.token)).sign).toBeNull();
    const gone = await t.app.inject({
      method: 'GET',
      url: '/profile-files/sign',
      headers: { authorization: `Bearer ${prof.token}` },
    });
    expect(gone.statusCode).toBe(404);
    const bad = await t.call('delete-profile-image', { kind: 'avatar' }, prof.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ code: 'E1', field: 'kind' });
  });
});

describe('change-user-certificate', () => {
  it('keeps a PDF with its title and shows it on the public page', async () => {
    const prof = await makeUser(t, { userType: 1 });
    const res = await uploadCertificate(prof.token, '  Licenciada en Psicología (UBA) ', pdf);
    expect(res.statusCode).toBe(200);
    const { certificate } = res.json();
    expect(certificate).toMatchObject({ kind: 'pdf', title: 'Licenciada en Psicología (UBA)' });
    expect(certificate.link).toMatch(/^\/files\/certificates\/.+\.pdf$/);
    const served = await t.app.inject({ method: 'GET', url: certificate.link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('application/pdf');
    expect((await publicPage(prof.ref)).certificate).toEqual(certificate);
  });

  it('re-encodes an image certificate', async () => {
    const prof = await makeUser(t, { userType: 1 });
    const res = await uploadCertificate(prof.token, 'Matrícula profesional', jpeg, 'matricula.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.json().certificate).toMatchObject({ kind: 'image' });
    expect(res.json().certificate.link).toMatch(/\.webp$/);
  });

  it.each([
    ['', 'E420', 'Debes ingresar el título del certificado.'],
    ['ab', 'E421', 'El título del certificado debe tener entre 3 y 120 caracteres.'],
    ['x'.repeat(121), 'E421', 'El título del certificado debe tener entre 3 y 120 caracteres.'],
    ['<b>Título</b>', 'E422', 'El título del certificado no puede contener los signos < y >.'],
  ])('refuses the title %j (%s) and stores nothing', async (title, code, message) => {
    const prof = await makeUser(t, { userType: 1 });
    const res = await uploadCertificate(prof.token, title, pdf);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, message, field: 'title' });
    expect((await profileOf(prof.token)).certificate).toBeNull();
  });

  it('refuses a file that is neither an image nor a PDF, and one over 10 MB', async () => {
    const prof = await makeUser(t, { userType: 1 });
    const word = await uploadCertificate(
      prof.token,
      'Diploma',
      Buffer.from('PK\u0003\u0004not really'),
      'a.pdf',
    );
    expect(word.statusCode).toBe(415);
    expect(word.json()).toMatchObject({
      code: 'E415',
      message: 'El certificado debe ser una imagen JPG, PNG o WEBP, o un PDF.',
    });
    const big = await uploadCertificate(
      prof.token,
      'Diploma',
      Buffer.concat([pdf, Buffer.alloc(10_500_000)]),
    );
    expect(big.statusCode).toBe(413);
    expect((await profileOf(prof.token)).certificate).toBeNull();
  });
});

describe('find-my-business', () => {
  it("summarises the professional's own services and figures, and nobody else's", async () => {
    const prof = await makeUser(t, { userType: 1 });
    const other = await makeUser(t, { userType: 1 });
    await makePublication(t, prof.id, { title: 'Terapia individual' });
    await makePublication(t, other.id, { title: 'Ajeno' });
    const res = await t.call('find-my-business', {}, prof.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.services).toEqual([
      expect.objectContaining({ title: 'Terapia individual', paused: false }),
    ]);
    expect(res.body.workshops).toEqual([]);
    expect(res.body.figures).toEqual({
      upcomingBookings: 0,
      bookingsLast30Days: 0,
      contacts: 0,
      incomeLast30Days: [],
      ratingAverage: null,
      ratingCount: 0,
      unansweredQuestions: 0,
      students: 0,
    });
  });

  it('is for professionals only', async () => {
    const client = await makeUser(t, { userType: 2 });
    expect((await t.call('find-my-business', {}, client.token)).statusCode).toBe(403);
    expect((await t.call('find-my-business', {}, null)).statusCode).toBe(401);
  });
});

describe('the public page shows only public fields', () => {
  it('answers bio, business, networks and nickname, never the address, signature, e-mail or phone', async () => {
    const prof = await makeUser(t, { userType: 1, phone: '+5491155554444' });
    await t.call('change-user-bio', { userBio: '<p>Psicóloga clínica.</p>' }, prof.token);
    await t.call('change-business-name', { businessName: 'Consultorio Sur' }, prof.token);
    await t.call('change-social-networks', { instagram: 'consultoriosur' }, prof.token);
    await t.call(
      'change-user-address',
      { userCountry: 5, userState: null, userCity: null, userStreet: 'Calle Secreta 123' },
      prof.token,
    );
    await uploadImage(prof.token, 'sign', png);
    const page = await publicPage(prof.ref);
    expect(page).toMatchObject({
      businessName: 'Consultorio Sur',
      userBio: '<p>Psicóloga clínica.</p>',
      socialNetworks: expect.objectContaining({ instagram: 'https://www.instagram.com/consultoriosur' }),
    });
    const text = JSON.stringify(page);
    for (const secret of ['Calle Secreta', prof.email, '5555', 'profile-files'])
      expect(text).not.toContain(secret);
  });
});

describe('server-rendered card and the short link', () => {
  it('puts title, description, image and url in the HTML of professional/{ref}, escaped', async () => {
    const prof = await makeUser(t, { userType: 1, firstName: 'Ana' });
    await t.call('change-business-name', { businessName: 'Consultorio "Sur" & Cía' }, prof.token);
    await t.call(
      'change-user-bio',
      { userBio: '<p>Acompaño a <strong>adultos</strong> y parejas.</p>' },
      prof.token,
    );
    const logo = (await uploadImage(prof.token, 'logo-square', jpeg)).json().img as string;
    const res = await t.app.inject({ method: 'GET', url: `/ar/es/professional/${prof.ref}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Consultorio &quot;Sur&quot; &amp; Cía · Ana Prueba · Agendo</title>');
    expect(html).toContain('<meta name="description" content="Acompaño a adultos y parejas." />');
    expect(html).toContain(
      '<meta property="og:title" content="Consultorio &quot;Sur&quot; &amp; Cía · Ana Prueba · Agendo" />',
    );
    expect(html).toContain('<meta property="og:description" content="Acompaño a adultos y parejas." />');
    expect(html).toContain(`<meta property="og:image" content="${t.config.publicUrl}${logo}" />`);
    expect(html).toContain(
      `<meta property="og:url" content="${t.config.publicUrl}/ar/es/professional/${prof.ref}" />`,
    );
    expect(html).toContain('<div id="root"></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);

    const themed = await t.app.inject({ method: 'GET', url: `/ar/es/getSellerPublish/${prof.ref}/0/violet` });
    expect(themed.body).toContain('<meta property="og:title" content="Consultorio');
  });

  it('leaves other pages and unknown professionals with the built head', async () => {
    const client = await makeUser(t, { userType: 2 });
    for (const url of [
      '/ar/es/search',
      '/ar/es/professional/NoExisteNadie',
      `/ar/es/professional/${client.ref}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Agendo</title>');
      expect(res.body, url).not.toContain('og:title');
    }
  });

  it('/go/{nickname} leads to the public page whatever the case, and the page carries the card', async () => {
    const prof = await makeUser(t, { userType: 1, firstName: 'Lucía' });
    expect((await t.call('change-nickname', { nickname: 'lucia.terapia' }, prof.token)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/go/Lucia.Terapia' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/ar/es/professional/${prof.ref}`);
    const page = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(page.body).toContain('<meta property="og:title" content="Lucía Prueba · Agendo" />');
    expect(page.body).toContain('content="Lucía Prueba en Agendo: reserva tu turno en línea."');
    expect((await t.app.inject({ method: 'GET', url: '/go/nadie-con-este-nombre' })).headers.location).toBe(
      '/la/es/404',
    );
  });
});

describe('find-professionals-list (professionals-list/{ref}/{listType})', () => {
  it('lists professionals with a live service of that therapy, with public fields only', async () => {
    const yoga = await makeUser(t, { userType: 1, firstName: 'Yolanda' });
    const paused = await makeUser(t, { userType: 1, firstName: 'Pausada' });
    const other = await makeUser(t, { userType: 1, firstName: 'Otra' });
    await makePublication(t, yoga.id, { therapy_id: 16 });
    await makePublication(t, yoga.id, { therapy_id: 16 });
    await makePublication(t, paused.id, { therapy_id: 16, paused: 1 });
    await makePublication(t, other.id, { therapy_id: 18 });
    await t.call('change-business-name', { businessName: 'Yoga Norte' }, yoga.token);

    const res = await t.call('find-professionals-list', { ref: '16', listType: 'recent' }, null);
    expect(res.statusCode).toBe(200);
    expect(res.body.therapy).toBe('Yoga');
    const refs = res.body.professionals.map((p: { profRef: string }) => p.profRef);
    expect(refs).toContain(yoga.ref);
    expect(refs).not.toContain(paused.ref);
    expect(refs).not.toContain(other.ref);
    expect(res.body.professionals.find((p: { profRef: string }) => p.profRef === yoga.ref)).toEqual({
      profRef: yoga.ref,
      profName: 'Yolanda',
      profLastName: 'Prueba',
      businessName: 'Yoga Norte',
      img: null,
      services: 2,
      ratingAverage: null,
      ratingCount: 0,
    });
    expect(JSON.stringify(res.body)).not.toContain(yoga.email);

    const all = await t.call('find-professionals-list', { ref: '0', listType: 'rating' }, null);
    const allRefs = all.body.professionals.map((p: { profRef: string }) => p.profRef);
    expect(allRefs).toEqual(expect.arrayContaining([yoga.ref, other.ref]));
    expect(all.body.therapy).toBeNull();
  });

  it.each([
    [{ ref: '77', listType: 'recent' }, 'E1', 'No encontramos esa especialidad.'],
    [{ ref: 'yoga', listType: 'recent' }, 'E1', 'No encontramos esa especialidad.'],
    [{ ref: '16', listType: 'best' }, 'E2', 'El tipo de lista no es válido.'],
  ])('refuses %j with %s', async (input, code, message) => {
    const res = await t.call('find-professionals-list', input, null);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code, message });
  });
});
