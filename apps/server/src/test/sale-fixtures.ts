import { createSale } from '../modules/sales/sales.service.ts';
import { makeUser } from './booking-fixtures.ts';
import type { TestApp } from './test-app.ts';

type SaleInput = Parameters<typeof createSale>[1];

/**
 * A pending balance sale of `sellerId`, written straight to the ledger with test values; each
 * test overrides what it checks.
 */
export function pendingSale(t: TestApp, sellerId: number, over: Partial<SaleInput> = {}) {
  return createSale(t.deps.db, {
    kind: 'balance',
    sellerId,
    buyerId: null,
    contactId: null,
    bookingId: null,
    description: 'Sesión',
    amountMinor: 10_000,
    discountMinor: 0,
    currency: 'ARS',
    method: 'cash',
    state: 'pending',
    provider: null,
    couponId: null,
    now: t.clock.now.toISOString(),
    ...over,
  });
}

/** What the client account owes the professional: a pending session to be paid by transfer. */
export function debtOf(
  t: TestApp,
  seller: { id: number },
  buyer: { id: number },
  amountMinor: number,
  over: { currency?: string; at?: string } = {},
) {
  return pendingSale(t, seller.id, {
    buyerId: buyer.id,
    description: 'Sesión adeudada',
    amountMinor,
    currency: over.currency ?? 'ARS',
    method: 'transfer',
    now: over.at ?? t.clock.now.toISOString(),
  });
}

export const saleRow = (t: TestApp, id: number) =>
  t.deps.db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A professional and a client account: the two sides of a balance. */
export async function sellerAndClient(t: TestApp, over: { firstName?: string } = {}) {
  const pro = await makeUser(t, { userType: 1, ...over });
  const client = await makeUser(t);
  return { pro, client };
}
