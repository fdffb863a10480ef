import type { DB } from '../../db/database.ts';
import { ActionError } from '../../rpc-errors.ts';
import {
  type CouponRow,
  countCouponUse,
  findCouponById,
  findLiveCouponByCode,
} from './coupons.repository.ts';

export type { CouponRow };
export { findCouponById };

/**
 * my-coupons: a professional's coupon takes a percentage or a fixed amount off, between its
 * validity dates (the professional's calendar days) and up to its usage limit.
 * Answers the coupon and the discount in minor units of `currency`.
 */
export async function couponDiscount(
  db: DB,
  professionalId: number,
  code: string,
  price: { amountMinor: number; currency: string; today: string },
): Promise<{ coupon: CouponRow; discountMinor: number }> {
  const coupon = await findLiveCouponByCode(db, professionalId, code);
  if (!coupon) throw new ActionError('E30');
  if (price.today < coupon.valid_from || price.today > coupon.valid_to) throw new ActionError('E31');
  if (coupon.usage_limit !== null && coupon.used_count >= coupon.usage_limit) throw new ActionError('E32');
  let discountMinor: number;
  if (coupon.kind === 'percent') {
    discountMinor = Math.round((price.amountMinor * Math.min(100, coupon.value)) / 100);
  } else {
    // A fixed amount only applies in its own currency (an international buyer pays in USD).
    if (coupon.currency !== price.currency) throw new ActionError('E30');
    discountMinor = coupon.value;
  }
  return { coupon, discountMinor: Math.min(price.amountMinor, Math.max(0, discountMinor)) };
}

/** Counts the use when the booking is finalised; the limit may have been reached meanwhile. */
export async function useCoupon(db: DB, couponId: number): Promise<void> {
  if (!(await countCouponUse(db, couponId))) throw new ActionError('E32');
}
