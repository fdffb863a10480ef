import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type { NewUser, UserChanges } from '../../db/schema.ts';

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: DB, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByRef(db: DB, ref: string) {
  return db.selectFrom('users').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export function emailTaken(db: DB, email: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', email), eb('pending_email', '=', email)]))
    .executeTakeFirst();
}

export async function insertUser(db: DB, row: NewUser): Promise<number> {
  return insertReturningId(db, 'users', row);
}

export async function updateUser(db: DB, id: number, changes: UserChanges) {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}
