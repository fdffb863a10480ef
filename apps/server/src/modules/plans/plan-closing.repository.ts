import type { DB } from '../../db/database.ts';

/**
 * A closed account's plan ends in our books: no card to charge, no charge attempted again, no
 * period that renews. Its charges and their sales stay (they are the ledger).
 */
export async function endPlanOf(tx: DB, userId: number, nowIso: string): Promise<void> {
  await tx.deleteFrom('plan_cards').where('user_id', '=', userId).execute();
  await tx
    .updateTable('plan_charges')
    .set({ state: 'failed', next_attempt_at: null, last_error: 'account closed', updated_at: nowIso })
    .where('user_id', '=', userId)
    .where('state', '=', 'pending')
    .execute();
  await tx.deleteFrom('plan_subscriptions').where('user_id', '=', userId).execute();
  await tx.updateTable('users').set({ card_added: 0 }).where('id', '=', userId).execute();
}
