import type { UserPaymentOptions } from '@agendo/contract';
import type { DB } from '../../db/database.ts';

const flag = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

export async function findSavedPaymentOptions(db: DB, userId: number): Promise<UserPaymentOptions | null> {
  const row = await db
    .selectFrom('payment_options')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? {
        payCard: flag(row.pay_card),
        payCash: flag(row.pay_cash),
        payMoney: flag(row.pay_money),
        notifyDebt: flag(row.notify_debt),
      }
    : null;
}

export async function savePaymentOptions(db: DB, userId: number, options: UserPaymentOptions, now: string) {
  const values = {
    pay_card: options.payCard,
    pay_cash: options.payCash,
    pay_money: options.payMoney,
    notify_debt: options.notifyDebt,
    updated_at: now,
  };
  await db
    .insertInto('payment_options')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export function professionalCountry(db: DB, userId: number) {
  return db.selectFrom('users').select('country_id').where('id', '=', userId).executeTakeFirst();
}

export function findSellerGateway(db: DB, userId: number, pasarela: number) {
  return db
    .selectFrom('seller_gateways')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pasarela', '=', pasarela)
    .executeTakeFirst();
}

export async function hasSellerGateway(db: DB, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('seller_gateways')
    .select('pasarela')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveSellerGateway(
  db: DB,
  row: {
    user_id: number;
    pasarela: number;
    public_key_sealed: string;
    secret_key_sealed: string;
    updated_at: string;
  },
) {
  const { user_id: _u, pasarela: _p, ...values } = row;
  await db
    .insertInto('seller_gateways')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'pasarela']).doUpdateSet(values))
    .execute();
}
