import type { DB } from '../../db/database.ts';

export async function insertRating(
  db: DB,
  row: {
    bookingId: number;
    authorId: number;
    role: 'client' | 'professional';
    stars: number;
    comment: string | null;
    now: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('booking_ratings')
    .values({
      booking_id: row.bookingId,
      author_id: row.authorId,
      role: row.role,
      stars: row.stars,
      comment: row.comment,
      created_at: row.now,
    })
    // One rating per side: a second one (or a double click) is refused, never written twice.
    .onConflict((oc) => oc.columns(['booking_id', 'role']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Who wrote a rating or a remark (`r`, joined to its author `u`), and when. */
const authorColumns = [
  'r.role',
  'r.created_at as createdAt',
  'u.first_name as firstName',
  'u.last_name as lastName',
] as const;

export function listRatings(db: DB, bookingId: number) {
  return db
    .selectFrom('booking_ratings as r')
    .innerJoin('users as u', 'u.id', 'r.author_id')
    .select([...authorColumns, 'r.stars', 'r.comment'])
    .where('r.booking_id', '=', bookingId)
    .orderBy('r.id')
    .execute();
}

export async function insertRemark(
  db: DB,
  row: { bookingId: number; authorId: number; role: 'client' | 'professional'; text: string; now: string },
): Promise<void> {
  await db
    .insertInto('booking_remarks')
    .values({
      booking_id: row.bookingId,
      author_id: row.authorId,
      role: row.role,
      text: row.text,
      created_at: row.now,
    })
    .execute();
}

export function listRemarks(db: DB, bookingId: number) {
  return db
    .selectFrom('booking_remarks as r')
    .innerJoin('users as u', 'u.id', 'r.author_id')
    .select([...authorColumns, 'r.text'])
    .where('r.booking_id', '=', bookingId)
    .orderBy('r.id')
    .limit(200)
    .execute();
}
