import { type Coupon, currencyForCountryId, minorUnitsOf } from '@agendo/contract';
import { newRef } from '../../lib/random.ts';
import { handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import {
  type CouponRow,
  findLiveCouponByCode,
  findOwnCouponByRef,
  insertCoupon,
  listCoupons,
  updateCoupon,
} from './coupons.repository.ts';

function toCoupon(row: CouponRow): Coupon {
  return {
    ref: row.ref,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'amount' ? row.value / minorUnitsOf(row.currency ?? 'USD') : row.value,
    currency: row.currency,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    usageLimit: row.usage_limit,
    usedCount: row.used_count,
  };
}

export const couponsHandlers = [
  handle('find-coupons', 'professional', async (_input, ctx) => ({
    coupons: (await listCoupons(ctx.deps.db, ctx.user.id)).map(toCoupon),
  })),

  handle('save-coupon', 'professional', async (input, ctx) => {
    const db = ctx.deps.db;
    const code = input.code.toUpperCase();
    const existing = input.ref ? await findOwnCouponByRef(db, ctx.user.id, input.ref) : undefined;
    if (input.ref && !existing) throw new ActionError('E47');
    const clash = await findLiveCouponByCode(db, ctx.user.id, code);
    if (clash && clash.ref !== existing?.ref) throw new ActionError('E46');
    // An amount is in the professional's own currency (a buyer abroad pays in USD: it does not apply).
    const owner = await accountById(db, ctx.user.id);
    const currency = input.kind === 'amount' ? currencyForCountryId(owner?.country_id ?? 5) : null;
    const value =
      input.kind === 'amount' ? Math.round(input.value * minorUnitsOf(currency ?? 'USD')) : input.value;
    const fields = {
      code,
      kind: input.kind,
      value,
      currency,
      valid_from: input.validFrom,
      valid_to: input.validTo,
      usage_limit: input.usageLimit,
    };
    if (existing) {
      await updateCoupon(db, existing.id, fields);
      return { coupon: toCoupon({ ...existing, ...fields }) };
    }
    const row = {
      ref: newRef(),
      user_id: ctx.user.id,
      ...fields,
      created_at: ctx.deps.now().toISOString(),
      deleted_at: null,
    };
    await insertCoupon(db, row);
    const saved = await findOwnCouponByRef(db, ctx.user.id, row.ref);
    if (!saved) throw new ActionError('E47');
    return { coupon: toCoupon(saved) };
  }),

  handle('delete-coupon', 'professional', async (input, ctx) => {
    const existing = await findOwnCouponByRef(ctx.deps.db, ctx.user.id, input.ref);
    if (!existing) throw new ActionError('E47');
    // Soft: bookings that used it keep pointing at it.
    await updateCoupon(ctx.deps.db, existing.id, { deleted_at: ctx.deps.now().toISOString() });
    return {};
  }),
];
