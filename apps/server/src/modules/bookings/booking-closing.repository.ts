import type { DB } from '../../db/database.ts';

/** The refs of an account's bookings still to come, as the professional or as the client. */
export async function listUpcomingBookingRefsOf(db: DB, userId: number, nowIso: string): Promise<string[]> {
  const rows = await db
    .selectFrom('bookings')
    .select('ref')
    .where((eb) => eb.or([eb('professional_id', '=', userId), eb('client_id', '=', userId)]))
    .where('state', 'in', ['pending', 'confirmed'])
    .where('starts_at', '>', nowIso)
    .orderBy('starts_at')
    .execute();
  return rows.map((r) => r.ref);
}
