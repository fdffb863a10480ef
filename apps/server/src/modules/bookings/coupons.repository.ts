import { type Selectable, sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { CouponsTable } from '../../db/tables/bookings.ts';

export type CouponRow = Selectable<CouponsTable>;

export function findLiveCouponByCode(db: DB, userId: number, code: string): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('user_id', '=', userId)
    .where(sql<string>`upper(code)`, '=', code.toUpperCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findCouponById(db: DB, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Counts one use unless the limit is reached; answers whether it was counted. */
export async function countCouponUse(db: DB, id: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used_count', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The professional's live (not deleted) coupons, where both reads of them start. */
function liveCouponsOf(db: DB, userId: number) {
  return db.selectFrom('coupons').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null);
}

export function listCoupons(db: DB, userId: number): Promise<CouponRow[]> {
  return liveCouponsOf(db, userId).orderBy('created_at', 'desc').execute();
}

export async function insertCoupon(db: DB, row: Omit<CouponRow, 'id' | 'used_count'>): Promise<void> {
  await db.insertInto('coupons').values(row).execute();
}

export async function updateCoupon(
  db: DB,
  id: number,
  changes: Partial<Omit<CouponRow, 'id' | 'ref' | 'user_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('coupons').set(changes).where('id', '=', id).execute();
}

export function findOwnCouponByRef(db: DB, userId: number, ref: string): Promise<CouponRow | undefined> {
  return liveCouponsOf(db, userId).where('ref', '=', ref).executeTakeFirst();
}
