import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TestApp } from './test-app.ts';

type TableWithUserId = {
  [T in keyof Database]: Database[T] extends { user_id: unknown } ? T : never;
}[keyof Database];

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

/** How many rows of `table` belong to the user: a refused or undone action must leave none. */
export async function countRowsOfUser(t: TestApp, table: TableWithUserId, userId: number): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from ${sql.table(table)} where user_id = ${userId}`.execute(t.deps.db);
  return Number(rows[0]?.n);
}
