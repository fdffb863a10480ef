import { countryIdForBrowserCountry } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/random.ts';
import { useTestApp } from '../../test/test-app.ts';
import { findUserByEmail } from '../accounts/accounts.repository.ts';
import { findLiveSessionByHash } from './auth.repository.ts';
import { issueOneTimeToken } from './auth.service.ts';

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;

describe('register', () => {
  it('creates the account, signs in and mails a Spanish verification link', async () => {
    const { token, userMail } = await t.registerUser(1);
    const info = await t.call('find-user-info', {}, token);
    expect(info.body).toMatchObject({
      status: '200',
      userMail,
      userType: 1,
      userFirstName: 'Ana',
      emailVerified: false,
    });
    const mail = await t.lastMailTo(userMail);
    expect(mail?.subject).toBe('Verifica tu email en Agendo');
    expect(mail?.text).toContain('http://agendo.test/ar/es/verify-email/');
  });

  it('gives the new account the country its browserCountry maps to (spec 002 §9)', async () => {
    // The map itself is the contract's (constants/countries.test.ts checks it against the spec).
    for (const browserCountry of ['cl', 'br', 'us']) {
      const { token } = await t.registerUser(2, { browserCountry });
      const info = await t.call('find-user-info', {}, token);
      expect(info.body.userCountry, browserCountry).toBe(countryIdForBrowserCountry(browserCountry));
    }
  });

  it('stores the password with Argon2id, never in clear', async () => {
    const { userMail, userPassword } = await t.registerUser(2);
    const row = await findUserByEmail(t.deps.db, userMail);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password_hash).not.toContain(userPassword);
  });

  it('refuses an address already registered, whatever its case', async () => {
    const { userMail } = await t.registerUser(1);
    const again = await t.call('register', {
      userFirstName: 'Otra',
      userLastName: 'Persona',
      userMail: `  ${userMail.toUpperCase()} `,
      userPassword: 'another password',
      userType: 2,
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toEqual({
      status: '400',
      code: 'E5',
      message: 'El email ingresado ya se encuentra registrado.',
      field: 'userMail',
    });
  });

  it('lets exactly one of two simultaneous sign-ups with the same address through', async () => {
    const body = {
      userFirstName: 'Doble',
      userLastName: 'Alta',
      userMail: 'race@example.com',
      userPassword: 'same time please',
      userType: 2,
    };
    const results = await Promise.all([
      t.call('register', body, null, '198.51.100.1'),
      t.call('register', body, null, '198.51.100.2'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)?.body.code).toBe('E5');
  });

  it('throttles sign-ups from one address', async () => {
    const attempt = (i: number) =>
      t.call(
        'register',
        {
          userFirstName: 'Spam',
          userLastName: 'Bot',
          userMail: `bot${i}@example.com`,
          userPassword: 'whatever123',
          userType: 2,
        },
        null,
        '203.0.113.9',
      );
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(200);
    const blocked = await attempt(10);
    expect(blocked.statusCode).toBe(429);
    expect(await findUserByEmail(t.deps.db, 'bot10@example.com')).toBeUndefined();
  });

  it.each([
    [{ userFirstName: '' }, 'E10', 'userFirstName'],
    [{ userFirstName: 'A' }, 'E11', 'userFirstName'],
    [{ userFirstName: 'R2D2' }, 'E12', 'userFirstName'],
    [{ userLastName: '' }, 'E13', 'userLastName'],
    [{ userMail: '' }, 'E2', 'userMail'],
    [{ userMail: 'no-at-sign' }, 'E3', 'userMail'],
    [{ userPassword: '' }, 'E40', 'userPassword'],
    [{ userPassword: 'short' }, 'E41', 'userPassword'],
    [{ userPassword: 'x'.repeat(129) }, 'E42', 'userPassword'],
    [{ userType: 3 }, 'E50', 'userType'],
  ])('rejects %o with %s', async (change, code, field) => {
    const res = await t.call('register', {
      userFirstName: 'José',
      userLastName: "O'Neill",
      userMail: `valid-${code}@example.com`,
      userPassword: 'long enough',
      userType: 1,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code, field });
    expect(await findUserByEmail(t.deps.db, `valid-${code}@example.com`)).toBeUndefined();
  });
});

describe('sessions', () => {
  it('gives a new 256-bit token at each login and stores only its hash', async () => {
    const { userMail, userPassword } = await t.registerUser(2);
    const a = await t.call('login', { userMail, userPassword });
    const b = await t.call('login', { userMail, userPassword });
    expect(a.body.token).not.toBe(b.body.token);
    expect(Buffer.from(a.body.token, 'base64url').length).toBe(32);
    expect(await findLiveSessionByHash(t.deps.db, a.body.token)).toBeUndefined();
    expect(await findLiveSessionByHash(t.deps.db, hashToken(a.body.token))).toBeDefined();
  });

  it('answers the same E6 for a wrong password and an unknown address', async () => {
    const { userMail } = await t.registerUser(2);
    const wrong = await t.call('login', { userMail, userPassword: 'wrong password' });
    const unknown = await t.call('login', { userMail: 'nobody@example.com', userPassword: 'wrong password' });
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: 'E6', message: 'El email o la contraseña no son correctos.' });
  });

  it('a token acts only as its own user', async () => {
    const ana = await t.registerUser(1);
    const bea = await t.registerUser(2);
    await t.call('change-user-info', { userFirstName: 'Beatriz', userLastName: 'Luna' }, bea.token);
    const anaInfo = await t.call('find-user-info', {}, ana.token);
    const beaInfo = await t.call('find-user-info', {}, bea.token);
    expect(anaInfo.body).toMatchObject({ userMail: ana.userMail, userFirstName: 'Ana' });
    expect(beaInfo.body).toMatchObject({ userMail: bea.userMail, userFirstName: 'Beatriz' });
    // The public lookup by ref answers only professionals' booking flags, nothing private.
    const byRef = await t.call('find-user-data', { ref: anaInfo.body.ref }, bea.token);
    expect(Object.keys(byRef.body).sort()).toEqual([
      'blockUse',
      'card_added',
      'ref',
      'status',
      'userPlan',
      'userType',
    ]);
    const clientByRef = await t.call('find-user-data', { ref: beaInfo.body.ref }, ana.token);
    expect(clientByRef.body.code).toBe('E7');
  });

  it('a logged-out token is refused', async () => {
    const { token } = await t.registerUser(2);
    expect((await t.call('logout', {}, token)).statusCode).toBe(200);
    expect((await t.call('find-user-info', {}, token)).statusCode).toBe(401);
  });

  it('expires after the idle window without use', async () => {
    const { token } = await t.registerUser(2);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + t.config.sessions.idleMs - 60_000);
      expect((await t.call('find-user-info', {}, token)).statusCode).toBe(200);
      // That call refreshed the idle timer; a second idle window later it is gone.
      t.clock.now = new Date(t.clock.now.getTime() + t.config.sessions.idleMs + 1);
      expect((await t.call('find-user-info', {}, token)).statusCode).toBe(401);
    } finally {
      t.clock.now = start;
    }
  });

  it('expires at its absolute limit even when used every day', async () => {
    const { token } = await t.registerUser(2);
    const start = t.clock.now;
    try {
      let day = 0;
      for (; day * DAY < t.config.sessions.absoluteMs; day += 7) {
        t.clock.now = new Date(start.getTime() + day * DAY);
        expect((await t.call('find-user-info', {}, token)).statusCode, `day ${day}`).toBe(200);
      }
      t.clock.now = new Date(start.getTime() + t.config.sessions.absoluteMs + 1);
      expect((await t.call('find-user-info', {}, token)).statusCode).toBe(401);
    } finally {
      t.clock.now = start;
    }
  });

  it('throttles login after repeated failures, even with the right password', async () => {
    const { userMail, userPassword } = await t.registerUser(2);
    for (let i = 0; i < 5; i++) {
      expect((await t.call('login', { userMail, userPassword: `guess ${i}` })).body.code).toBe('E6');
    }
    const blocked = await t.call('login', { userMail, userPassword });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toMatchObject({ status: '429', code: 'E429' });
  });
});

describe('mailed links', () => {
  it('verifies the address once', async () => {
    const { token, userMail } = await t.registerUser(1);
    const ref = await t.linkTokenFrom(userMail, 'verify-email');
    const ok = await t.call('verify-email', { ref });
    expect(ok.body).toEqual({ status: '200', userMail });
    expect((await t.call('find-user-data', {}, token)).body).toMatchObject({ emailVerified: true });
    const again = await t.call('verify-email', { ref });
    expect(again.body).toMatchObject({ code: 'E60' });
  });

  it('answers recovery the same for known and unknown addresses, mailing only the known', async () => {
    const { userMail } = await t.registerUser(2);
    const known = await t.call('recovery-account', { userMail });
    const unknown = await t.call('recovery-account', { userMail: 'ghost@example.com' });
    expect(known.body).toEqual({ status: '200' });
    expect(unknown.body).toEqual({ status: '200' });
    expect((await t.lastMailTo(userMail))?.subject).toBe('Recupera tu contraseña de Agendo');
    expect(await t.lastMailTo('ghost@example.com')).toBeUndefined();
  });

  it('changes the password through the link and revokes every other session', async () => {
    const { token: oldToken, userMail, userPassword } = await t.registerUser(2);
    await t.call('recovery-account', { userMail });
    const ref = await t.linkTokenFrom(userMail, 'change-password');
    const changed = await t.call('change-password', { ref, userPassword: 'a brand new secret' });
    expect(changed.statusCode).toBe(200);
    expect((await t.call('find-user-info', {}, oldToken)).statusCode).toBe(401);
    expect((await t.call('find-user-info', {}, changed.body.token)).statusCode).toBe(200);
    expect((await t.call('login', { userMail, userPassword })).body.code).toBe('E6');
    expect((await t.call('login', { userMail, userPassword: 'a brand new secret' })).statusCode).toBe(200);
    expect((await t.call('change-password', { ref, userPassword: 'yet another one' })).body.code).toBe('E60');
  });

  it('refuses an expired recovery link with E61', async () => {
    const { userMail } = await t.registerUser(2);
    await t.call('recovery-account', { userMail });
    const ref = await t.linkTokenFrom(userMail, 'change-password');
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + 61 * 60_000);
      const res = await t.call('change-password', { ref, userPassword: 'too late now' });
      expect(res.body).toMatchObject({ code: 'E61', message: 'El enlace expiró. Solicita uno nuevo.' });
    } finally {
      t.clock.now = start;
    }
  });

  it('update-password needs the current one and ends the other sessions', async () => {
    const { token, userMail, userPassword } = await t.registerUser(1);
    const other = await t.call('login', { userMail, userPassword });
    const wrong = await t.call(
      'update-password',
      { currentPassword: 'nope nope', userPassword: 'new secret 123' },
      token,
    );
    expect(wrong.body).toMatchObject({ code: 'E43', field: 'currentPassword' });
    const ok = await t.call(
      'update-password',
      { currentPassword: userPassword, userPassword: 'new secret 123' },
      token,
    );
    expect(ok.statusCode).toBe(200);
    expect((await t.call('find-user-info', {}, other.body.token)).statusCode).toBe(401);
    expect((await t.call('find-user-info', {}, token)).statusCode).toBe(401);
    expect((await t.call('find-user-info', {}, ok.body.token)).statusCode).toBe(200);
  });
});

describe('autologin links', () => {
  it('sign the user in once', async () => {
    const { token: first, userMail } = await t.registerUser(2);
    const me = await t.call('find-user-info', {}, first);
    const user = await findUserByEmail(t.deps.db, userMail);
    const ref = await issueOneTimeToken(t.deps, user?.id ?? -1, 'autologin');
    const res = await t.call('autologin', { ref });
    expect(res.body).toMatchObject({ status: '200', userType: 2 });
    expect((await t.call('find-user-info', {}, res.body.token)).body.ref).toBe(me.body.ref);
    expect((await t.call('autologin', { ref })).body.code).toBe('E60');
  });
});
