import type { BankDataInput } from '@agendo/contract';
import type { DB } from '../../db/database.ts';

/** The bank data a professional gives when confirming a price; the sales slice's bank form edits the same row. */
export async function upsertBankAccount(
  db: DB,
  userId: number,
  bank: BankDataInput,
  now: string,
): Promise<void> {
  const values = {
    country_id: bank.country,
    first_name: bank.firstName,
    last_name: bank.lastName,
    account_type: bank.accountType ?? null,
    bank_name: bank.bankName,
    // A typed name: any code the bank form chose before no longer describes this bank.
    bank_code: null,
    currency: bank.currency.toUpperCase(),
    account: bank.account,
    alias: bank.alias ?? null,
    updated_at: now,
  };
  await db
    .insertInto('bank_accounts')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
