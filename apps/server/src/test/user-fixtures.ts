import type { TestApp } from './test-app.ts';

/** The id of the account with this e-mail (registerUser answers the mail and token only). */
export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const row = await t.deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An account registered over HTTP, as a person signs up, with its id. */
export async function registeredUser(t: TestApp, kind: 1 | 2 = 1, extra: Record<string, unknown> = {}) {
  const user = await t.registerUser(kind, extra);
  return { ...user, id: await userIdOf(t, user.userMail) };
}
