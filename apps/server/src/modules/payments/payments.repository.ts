import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type { PaymentsTable } from '../../db/tables/bookings.ts';

export type PaymentRow = Selectable<PaymentsTable>;

export async function insertPayment(db: DB, row: Insertable<PaymentsTable>): Promise<number> {
  return insertReturningId(db, 'payments', row);
}

export function findPaymentById(db: DB, id: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPaymentByRef(db: DB, ref: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('ref', '=', ref).executeTakeFirst();
}

/** A payment by the provider's id, among those one account created (null: the platform's keys). */
export function findPaymentByProviderId(
  db: DB,
  provider: string,
  providerPaymentId: string,
  sellerGatewayId: number | null,
) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_payment_id', '=', providerPaymentId)
    .where('seller_gateway_id', sellerGatewayId === null ? 'is' : '=', sellerGatewayId)
    .executeTakeFirst();
}

export function findApprovedPaymentOfSale(db: DB, saleId: number): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('sale_id', '=', saleId)
    .where('state', '=', 'approved')
    .executeTakeFirst();
}

export async function updatePayment(
  db: DB,
  id: number,
  changes: Partial<Pick<PaymentRow, 'state' | 'provider_payment_id' | 'checkout_url' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('payments').set(changes).where('id', '=', id).execute();
}

/**
 * Records a webhook event once (unique provider + event id). Answers false for a replay, in
 * which case the caller changes nothing. ON CONFLICT DO NOTHING keeps a PostgreSQL transaction
 * usable where a failed insert would abort it.
 */
export async function recordEventOnce(
  db: DB,
  event: { provider: string; eventId: string; paymentId: number | null; type: string; now: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_events')
    .values({
      provider: event.provider,
      event_id: event.eventId,
      payment_id: event.paymentId,
      type: event.type,
      received_at: event.now,
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The course a module purchase belongs to, for the card return page (pay-workshop). */
export async function courseRefOfModulePurchase(db: DB, purchaseId: number): Promise<string | null> {
  const row = await db
    .selectFrom('module_purchases as p')
    .innerJoin('workshop_modules as m', 'm.id', 'p.module_id')
    .innerJoin('workshops as w', 'w.id', 'm.workshop_id')
    .select('w.ref')
    .where('p.id', '=', purchaseId)
    .executeTakeFirst();
  return row?.ref ?? null;
}
