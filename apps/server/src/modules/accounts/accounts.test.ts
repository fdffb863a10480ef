import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

describe('profile', () => {
  it('updates names, time zone, language and country', async () => {
    const { token } = await t.registerUser(1);
    const res = await t.call(
      'change-user-info',
      {
        userFirstName: 'María José',
        userLastName: 'Núñez',
        userTimeZone: 'America/Santiago',
        userLang: 'en',
        userCountry: 81,
      },
      token,
    );
    expect(res.body).toEqual({ status: '200' });
    const info = await t.call('find-user-info', {}, token);
    expect(info.body).toMatchObject({
      userFirstName: 'María José',
      userLastName: 'Núñez',
      userTimeZone: 'America/Santiago',
      userLang: 'en',
      userCountry: 81,
    });
  });

  it('rejects an unknown time zone or country and writes nothing', async () => {
    const { token } = await t.registerUser(1);
    const zone = await t.call(
      'change-user-info',
      { userFirstName: 'Zoe', userLastName: 'Paz', userTimeZone: 'Mars/Olympus' },
      token,
    );
    expect(zone.body).toMatchObject({ code: 'E1', field: 'userTimeZone' });
    const country = await t.call(
      'change-user-info',
      { userFirstName: 'Zoe', userLastName: 'Paz', userCountry: 999_999 },
      token,
    );
    expect(country.body).toMatchObject({ code: 'E20', message: 'Debes seleccionar el país.' });
    expect((await t.call('find-user-info', {}, token)).body.userFirstName).toBe('Ana');
  });

  it.each([
    ['ar', '011 15 5555-0101', '+5491155550101'],
    ['co', '321 1234567', '+573211234567'],
    ['mx', '+52 1 55 1234 5678', '+525512345678'],
    ['br', '(11) 91234-5678', '+5511912345678'],
  ])('reads the number as a user of %s writes it: %s → %s', async (browserCountry, userPhone, stored) => {
    const { token } = await t.registerUser(2, { browserCountry });
    const res = await t.call('change-user-phone', { userPhone }, token);
    expect(res.body).toEqual({ status: '200', userPhone: stored });
    expect((await t.call('find-user-info', {}, token)).body.userPhone).toBe(stored);
  });

  it("refuses a number that is not valid in the user's country instead of moving it to another", async () => {
    const { token } = await t.registerUser(2, { browserCountry: 'ar' });
    const res = await t.call('change-user-phone', { userPhone: '(201) 555-0123' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      status: '400',
      code: 'E71',
      message: 'El teléfono ingresado no es valido.',
      field: 'userPhone',
    });
    // After moving to the United States the same spelling is a number there.
    await t.call('change-user-info', { userFirstName: 'Ana', userLastName: 'Pérez', userCountry: 55 }, token);
    const moved = await t.call('change-user-phone', { userPhone: '(201) 555-0123' }, token);
    expect(moved.body).toEqual({ status: '200', userPhone: '+12015550123' });
  });

  it('keeps a valid phone in international form and refuses an invalid one (spec 002 §8)', async () => {
    const { token } = await t.registerUser(2);
    const ok = await t.call('change-user-phone', { userPhone: '+54 9 11 5555-0101' }, token);
    expect(ok.body).toEqual({ status: '200', userPhone: '+5491155550101' });
    const bad = await t.call('change-user-phone', { userPhone: '+54 123' }, token);
    expect(bad.body).toMatchObject({
      code: 'E71',
      message: 'El teléfono ingresado no es valido.',
      field: 'userPhone',
    });
    const empty = await t.call('change-user-phone', { userPhone: '' }, token);
    expect(empty.body).toMatchObject({ code: 'E70' });
    expect((await t.call('find-user-info', {}, token)).body.userPhone).toBe('+5491155550101');
  });
});

describe('change of e-mail', () => {
  it('asks for the password and switches only when the new address confirms', async () => {
    const { token, userMail, userPassword } = await t.registerUser(2);
    const newMail = `nuevo-${Date.now()}@example.com`;
    const wrong = await t.call(
      'change-user-email',
      { userMail: newMail, userPassword: 'not it at all' },
      token,
    );
    expect(wrong.body).toMatchObject({ code: 'E43' });
    const same = await t.call('change-user-email', { userMail, userPassword }, token);
    expect(same.body).toMatchObject({ code: 'E4' });

    expect((await t.call('change-user-email', { userMail: newMail, userPassword }, token)).statusCode).toBe(
      200,
    );
    expect((await t.call('find-user-info', {}, token)).body).toMatchObject({
      userMail,
      pendingMail: newMail,
    });
    expect((await t.lastMailTo(newMail))?.subject).toBe('Confirma tu nuevo email en Agendo');

    const ref = await t.linkTokenFrom(newMail, 'verify-email');
    expect((await t.call('verify-email', { ref })).body).toEqual({ status: '200', userMail: newMail });
    expect((await t.call('find-user-info', {}, token)).body).toMatchObject({
      userMail: newMail,
      pendingMail: null,
    });
    expect((await t.call('login', { userMail: newMail, userPassword })).statusCode).toBe(200);
  });

  it('refuses an address another account uses', async () => {
    const a = await t.registerUser(1);
    const b = await t.registerUser(2);
    const res = await t.call(
      'change-user-email',
      { userMail: a.userMail, userPassword: b.userPassword },
      b.token,
    );
    expect(res.body).toMatchObject({ code: 'E5', field: 'userMail' });
  });
});

describe('avatar upload', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  function multipart(name: string, bytes: Buffer, type: string) {
    const boundary = '----agendo-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const upload = (token: string | null, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: '/upload/avatar',
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('stores an image checked by its bytes, re-encoded as webp, and serves it', async () => {
    const { token } = await t.registerUser(1);
    const res = await upload(token, multipart('cara.png', png, 'image/png'));
    expect(res.statusCode).toBe(200);
    const { userImg } = res.json();
    expect(userImg).toMatch(/^\/files\/avatars\/[A-Za-z0-9_-]+\.webp$/);
    expect((await t.call('find-user-info', {}, token)).body.userImg).toBe(userImg);
    const served = await t.app.inject({ method: 'GET', url: userImg });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('refuses a file whose name lies about its content', async () => {
    const { token } = await t.registerUser(1);
    const res = await upload(
      token,
      multipart('foto.png', Buffer.from('<script>alert(1)</script>'), 'image/png'),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'E415' });
    expect((await t.call('find-user-info', {}, token)).body.userImg).toBeNull();
  });

  it('refuses a file over 5 MB and a caller without a session', async () => {
    const { token } = await t.registerUser(1);
    const big = Buffer.concat([png, Buffer.alloc(5_100_000)]);
    expect((await upload(token, multipart('big.png', big, 'image/png'))).statusCode).toBe(413);
    expect((await upload(null, multipart('cara.png', png, 'image/png'))).statusCode).toBe(401);
  });
});
