import { payoutHoldingDays } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { claimPayout, listReleasedGroups } from './payouts.repository.ts';

/** Seller-currency groups handled per pass; the next pass takes the rest. */
const batch = 200;

/**
 * Timed work (lib/timed-work.ts): paid card sales older than the holding period are released to
 * their seller, one payout per seller and currency per pass. Cash and transfer sales are the
 * professional's own money and never enter a payout, nor do card sales paid into their own
 * gateway account (their keys: the money went straight to them). Driven from the database and
 * claimed with a conditional update inside a transaction, so a restart, a repeated pass or a
 * second instance never pays a sale twice.
 */
export async function runDuePayouts(deps: AppDeps): Promise<{ payouts: number; sales: number }> {
  const now = deps.now();
  const nowIso = now.toISOString();
  const cutoffIso = new Date(now.getTime() - payoutHoldingDays * 86_400_000).toISOString();
  const result = { payouts: 0, sales: 0 };
  for (const group of await listReleasedGroups(deps.db, cutoffIso, batch)) {
    const claimed = await deps.db
      .transaction()
      .execute((tx) => claimPayout(tx, { ...group, cutoffIso, ref: newRef(), nowIso }));
    if (!claimed) continue;
    result.payouts += 1;
    result.sales += claimed.salesCount;
  }
  return result;
}
