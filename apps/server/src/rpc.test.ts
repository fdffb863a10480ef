import { actions } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { allHandlers } from './app.ts';
import { buildHandlerTable, type Handler } from './rpc.ts';
import { useTestApp } from './test/test-app.ts';

const t = useTestApp();

describe('action registry', () => {
  it('gives every contract action exactly one handler with a declared policy', () => {
    const table = buildHandlerTable(allHandlers);
    expect([...table.keys()].sort()).toEqual(Object.keys(actions).sort());
    for (const handler of table.values()) {
      expect(handler.policy).toMatch(
        /^(public|signed-in|participant|professional|client|admin)$|^professional:\w+$/,
      );
    }
  });

  it('refuses to start when an action has no handler', () => {
    const withoutLogin = allHandlers.filter((h) => h.action !== 'login');
    expect(() => buildHandlerTable(withoutLogin)).toThrow(/login/);
  });

  it('refuses to start when a handler has no valid policy', () => {
    const broken = allHandlers.map((h) =>
      h.action === 'login' ? ({ ...h, policy: undefined } as unknown as Handler) : h,
    );
    expect(() => buildHandlerTable(broken)).toThrow(/policy/);
  });

  it('refuses a permission policy that names no corporate permission', () => {
    for (const policy of ['professional:bogus', 'client:contactsInfo', 'professional:contactsInfo:x']) {
      const broken = allHandlers.map((h) =>
        h.action === 'login' ? ({ ...h, policy } as unknown as Handler) : h,
      );
      expect(() => buildHandlerTable(broken)).toThrow(/policy/);
    }
  });
});

describe('bad input answers 400 with a code, never a 500', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/index.php', headers: { 'content-type': contentType }, payload });

  it('malformed JSON', async () => {
    const res = await post('{"action": "login", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: '400', code: 'E400', message: 'La solicitud no es válida.' });
  });

  it('a body that is not an object, or has no action', async () => {
    for (const payload of ['[]', 'null', '42', '"login"', '{}', '{"action": 7}']) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code, payload).toBe('E400');
    }
  });

  it('a content type other than JSON', async () => {
    const res = await post('action=login', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('E400');
  });

  it('an unknown action', async () => {
    const res = await t.call('drop-all-tables' as never, {});
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      status: '400',
      code: 'E404',
      message: 'La acción solicitada no existe.',
    });
  });

  it('wrong field types get the field and a code', async () => {
    const res = await t.call('login', { userMail: 12345, userPassword: ['x'] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ status: '400', code: 'E2', field: 'userMail' });
    const states = await t.call('find-states', { userCountry: 'Argentina' });
    expect(states.body).toMatchObject({
      code: 'E20',
      field: 'userCountry',
      message: 'Debes seleccionar el país.',
    });
  });

  it('answers in English on /en/ requests', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/index.php',
      payload: { action: 'login', userLang: 'en', userMail: '', userPassword: 'x' },
    });
    expect(res.json()).toMatchObject({ code: 'E2', message: 'Enter your e-mail.' });
  });

  it('survives garbage in every field of every action', async () => {
    const garbage: unknown[] = [
      null,
      true,
      -1,
      1e308,
      '',
      'x'.repeat(5000),
      [],
      {},
      { $ne: 1 },
      "' OR 1=1 --",
    ];
    for (const name of Object.keys(actions)) {
      for (const value of garbage) {
        const payload = Object.fromEntries(
          [
            'ref',
            'userMail',
            'userPassword',
            'userType',
            'userCountry',
            'userState',
            'ip',
            'userPhone',
            'userFirstName',
          ].map((k) => [k, value]),
        );
        const res = await t.call(name as never, payload);
        expect(res.statusCode, `${name} ${JSON.stringify(value)?.slice(0, 40)}`).toBeLessThan(500);
        expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+|stack/i);
      }
    }
  });
});

describe('access policy', () => {
  it('refuses signed-in actions without a token', async () => {
    const res = await t.call('find-user-info', {});
    expect(res.statusCode).toBe(401);
    expect(res.body).toMatchObject({ status: '401', code: 'E401' });
  });

  it('refuses a made-up token', async () => {
    const res = await t.call('find-user-info', {}, 'x'.repeat(43));
    expect(res.statusCode).toBe(401);
  });
});
