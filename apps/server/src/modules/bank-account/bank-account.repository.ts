import type { DB } from '../../db/database.ts';

export interface BankAccountValues {
  country_id: number;
  first_name: string;
  last_name: string;
  account_type: string | null;
  bank_code: string | null;
  bank_name: string;
  currency: string;
  account: string;
  alias: string | null;
}

export function findOwnBankAccount(db: DB, userId: number) {
  return db.selectFrom('bank_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** One account per professional: update-user-bank replaces it. */
export async function saveBankAccount(db: DB, userId: number, values: BankAccountValues, now: string) {
  const row = { ...values, updated_at: now };
  await db
    .insertInto('bank_accounts')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

export function userCountryOf(db: DB, userId: number) {
  return db.selectFrom('users').select('country_id').where('id', '=', userId).executeTakeFirst();
}
