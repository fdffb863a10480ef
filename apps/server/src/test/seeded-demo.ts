import { afterAll, beforeAll } from 'vitest';
import { createSession } from '../modules/auth/auth.service.ts';
import { seedDemo } from '../seed/seed.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export interface SeededDemo {
  t: TestApp;
  /** A session of the demo professional (profesional@agendo.test). */
  proToken: string;
}

/** A seeded user, found by e-mail, with a fresh session. */
export async function signedInAs(t: TestApp, email: string) {
  const user = await t.deps.db
    .selectFrom('users')
    .select(['id', 'ref'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { ...user, token: await createSession(t.deps, user.id, { ip: null, userAgent: 'test' }) };
}

/**
 * The whole demo seeded once for a test file (the seed tests read what it left), with the demo
 * professional signed in. Its fields are filled in beforeAll; read them inside the tests.
 */
export function useSeededDemo(): SeededDemo {
  const demo = {} as SeededDemo;
  beforeAll(async () => {
    demo.t = await startTestApp({ seedDemo: true });
    await seedDemo(demo.t.deps);
    demo.proToken = (await signedInAs(demo.t, 'profesional@agendo.test')).token;
  }, 180_000);
  afterAll(async () => {
    await demo.t?.close();
  });
  return demo;
}
