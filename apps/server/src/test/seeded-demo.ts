import { afterAll, beforeAll } from 'vitest';
import { createSession } from '../modules/auth/auth.service.ts';
import { seedDemo } from '../seed/seed.ts';
import { startTestApp, type TestApp } from './test-app.ts';

export interface SeededDemo {
  t: TestApp;
  /** A session of the demo professional (profesional@agendo.test). */
  proToken: string;
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
    const pro = await demo.t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'profesional@agendo.test')
      .executeTakeFirstOrThrow();
    demo.proToken = await createSession(demo.t.deps, pro.id, { ip: null, userAgent: 'test' });
  }, 180_000);
  afterAll(async () => {
    await demo.t?.close();
  });
  return demo;
}
