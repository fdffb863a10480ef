import type { DB } from '../../db/database.ts';
import type { NewUser, UserChanges } from '../../db/schema.ts';
import { emailTaken, findUserByEmail, findUserById, insertUser, updateUser } from './accounts.repository.ts';

/**
 * What other modules may do with account records. The repository stays private to this
 * module (ARCHITECTURE §6), so its queries can change without touching auth or bookings.
 */
export type Account = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export function accountById(db: DB, id: number): Promise<Account | undefined> {
  return findUserById(db, id);
}

export function accountByEmail(db: DB, email: string): Promise<Account | undefined> {
  return findUserByEmail(db, email);
}

/** True when the address belongs to an account, or is waiting to replace one's address. */
export async function isEmailInUse(db: DB, email: string, exceptUserId?: number): Promise<boolean> {
  const owner = await emailTaken(db, email);
  return owner !== undefined && owner.id !== exceptUserId;
}

export function createAccount(db: DB, row: NewUser): Promise<number> {
  return insertUser(db, row);
}

export function updateAccount(db: DB, id: number, changes: UserChanges): Promise<void> {
  return updateUser(db, id, changes);
}
