import { type BankData, bankCodeInAccount, type UpdateUserBankInput, type UserBank } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findOwnBankAccount, saveBankAccount, userCountryOf } from './bank-account.repository.ts';
import { banksOf } from './banks.ts';

type BankRow = NonNullable<Awaited<ReturnType<typeof findOwnBankAccount>>>;

function userBankView(row: BankRow): UserBank {
  return {
    country: row.country_id,
    bankCode: row.bank_code ?? '',
    bankName: row.bank_name,
    accountType: row.account_type,
    currency: row.currency,
    account: row.account,
    name: row.first_name,
    lastname: row.last_name,
    userAliasBank: row.alias,
  };
}

/** spec 002 §7 find-user-bank: only ever the caller's own account. */
export async function findUserBank(deps: AppDeps, userId: number) {
  const [row, user] = await Promise.all([
    findOwnBankAccount(deps.db, userId),
    userCountryOf(deps.db, userId),
  ]);
  return { bank: row ? userBankView(row) : null, userCountry: user?.country_id ?? null };
}

/**
 * The account as someone who pays the professional by transfer needs it: holder, bank, type,
 * currency, number and alias (never the document number). Callers check first that the reader
 * is a client of this professional.
 */
export async function payeeBankData(deps: AppDeps, professionalId: number): Promise<BankData | null> {
  const row = await findOwnBankAccount(deps.db, professionalId);
  if (!row) return null;
  return {
    country: row.country_id,
    firstName: row.first_name,
    lastName: row.last_name,
    accountType: row.account_type,
    bankName: row.bank_name,
    currency: row.currency,
    account: row.account,
    alias: row.alias,
  };
}

/**
 * spec 002 §7 update-user-bank. The contract has checked the fields (UpdateUserBankInput); the
 * bank must also be one of the country's list (E41) where the country has a list; countries
 * without one (CO, UY) keep the name as typed. A CBU or CLABE names its bank in its first three
 * digits: that bank is saved, whatever was chosen (issue 34).
 */
export async function updateUserBank(deps: AppDeps, userId: number, input: UpdateUserBankInput) {
  const list = banksOf(input.userCountry);
  let code: string | null = null;
  let name = input.userBankName;
  if (list.length > 0) {
    const fromAccount = bankCodeInAccount(input.userCountry, input.userCBU);
    const bank = list.find((b) => b.code === fromAccount) ?? list.find((b) => b.code === input.userBankName);
    if (!bank) throw new ActionError(input.userBankName ? 'E41' : 'E40');
    code = bank.code;
    name = bank.name;
  }
  await saveBankAccount(
    deps.db,
    userId,
    {
      country_id: input.userCountry,
      first_name: input.userFirstName,
      last_name: input.userLastName,
      account_type: input.userTypeBank || null,
      bank_code: code,
      bank_name: name,
      currency: input.userCurrencyBank.toUpperCase(),
      account: input.userCBU.replace(/\s/g, '').toUpperCase(),
      alias: input.userAliasBank || null,
    },
    deps.now().toISOString(),
  );
  const row = await findOwnBankAccount(deps.db, userId);
  if (!row) throw new Error('bank account vanished');
  return { bank: userBankView(row) };
}
