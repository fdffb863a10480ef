import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { demoPassword, seedDemo } from './seed.ts';

// issue 12: even when asked for in production (SEED_DEMO=1), the seed creates no administrator
// with the published demo password.
describe('demo seed in production', () => {
  const t = useTestApp({
    env: 'production',
    payments: { sandboxSecret: 's'.repeat(40), sandboxOptIn: true },
  });
  beforeAll(async () => {
    await seedDemo(t.deps);
  }, 120_000);

  it('gives the administrator a password nobody knows', async () => {
    const admin = await t.deps.db
      .selectFrom('users')
      .select('is_admin')
      .where('email', '=', 'admin@agendo.test')
      .executeTakeFirstOrThrow();
    expect(admin.is_admin).toBe(1);
    const login = await t.call('login', { userMail: 'admin@agendo.test', userPassword: demoPassword });
    expect(login.statusCode).toBe(400);
    expect(login.body.token).toBeUndefined();
  });

  it('keeps the demo marketplace usable with its published logins (they are not administrators)', async () => {
    const login = await t.call('login', { userMail: 'profesional@agendo.test', userPassword: demoPassword });
    expect(login.statusCode).toBe(200);
  });
});
