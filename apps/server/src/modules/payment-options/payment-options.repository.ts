import type { UserPaymentOptions } from '@agendo/contract';
import type { Insertable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { SellerGatewaysTable } from '../../db/tables/bookings.ts';

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

/** The professional's live keys for a pasarela (3 Mercado Pago, 4 PayPal). */
export function findSellerGateway(db: DB, userId: number, pasarela: number) {
  return db
    .selectFrom('seller_gateways')
    .selectAll()
    .where('user_id', '=', userId)
    .where('pasarela', '=', pasarela)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

/** The pasarelas the professional has live keys for. */
export async function livePasarelas(db: DB, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('seller_gateways')
    .select('pasarela')
    .where('user_id', '=', userId)
    .where('retired_at', 'is', null)
    .execute();
  return rows.map((row) => row.pasarela);
}

/** One key row, retired or not: a payment is verified and refunded with the keys that created it. */
export function findSellerGatewayRow(db: DB, where: { id: number } | { ref: string }) {
  const query = db.selectFrom('seller_gateways').selectAll();
  return (
    'id' in where ? query.where('id', '=', where.id) : query.where('ref', '=', where.ref)
  ).executeTakeFirst();
}

/**
 * New keys retire the live row and add another in one transaction: payments made with the
 * old keys keep pointing at the old row (its keys are still needed for their refunds).
 */
export async function saveSellerGateway(db: DB, row: Omit<Insertable<SellerGatewaysTable>, 'retired_at'>) {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('seller_gateways')
      .set({ retired_at: row.created_at })
      .where('user_id', '=', row.user_id)
      .where('pasarela', '=', row.pasarela)
      .where('retired_at', 'is', null)
      .execute();
    await tx.insertInto('seller_gateways').values(row).execute();
  });
}

/** Retires every live key row of the account (a closed account sells nothing more). */
export async function retireSellerGateways(db: DB, userId: number, now: string) {
  await db
    .updateTable('seller_gateways')
    .set({ retired_at: now })
    .where('user_id', '=', userId)
    .where('retired_at', 'is', null)
    .execute();
}
