import type { DB } from '../../db/database.ts';

export interface AcceptanceRow {
  document: string;
  version: string;
  accepted_at: string;
}

export function listAcceptances(db: DB, userId: number): Promise<AcceptanceRow[]> {
  return db
    .selectFrom('legal_acceptances')
    .select(['document', 'version', 'accepted_at'])
    .where('user_id', '=', userId)
    .orderBy('accepted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Records one accepted version; accepting the same version again keeps the first date. */
export async function insertAcceptance(
  db: DB,
  row: { user_id: number; document: string; version: string; accepted_at: string; ip: string | null },
) {
  await db
    .insertInto('legal_acceptances')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'document', 'version']).doNothing())
    .execute();
}

export function findAccountForExport(db: DB, userId: number) {
  return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}

export function findProfileForExport(db: DB, userId: number) {
  return db
    .selectFrom('user_profiles')
    .select(['business_name', 'nickname', 'bio'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The caller's appointments from either side, held carts left out. */
export function listBookingsForExport(db: DB, userId: number) {
  return db
    .selectFrom('bookings')
    .select(['ref', 'client_id', 'title', 'starts_at', 'duration', 'state', 'price_minor', 'currency', 'pay'])
    .where((eb) => eb.or([eb('client_id', '=', userId), eb('professional_id', '=', userId)]))
    .where('state', '!=', 'held')
    .orderBy('starts_at', 'desc')
    .execute();
}

export function listContactsForExport(db: DB, professionalId: number) {
  return db
    .selectFrom('contacts')
    .select(['first_name', 'last_name', 'email'])
    .where('professional_id', '=', professionalId)
    .orderBy('last_name')
    .orderBy('first_name')
    .execute();
}

export function listNotificationsForExport(db: DB, userId: number) {
  return db
    .selectFrom('notifications')
    .select(['title', 'body', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** How many professionals keep a contact record linked to this account. */
export async function countProfessionalsHoldingRecordsOf(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('contacts')
    .select((eb) => eb.fn.count<string | number>('professional_id').distinct().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findDeletion(db: DB, userId: number) {
  return db.selectFrom('account_deletions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The account's own picture, read before closeAccount forgets it so its file can go too. */
export async function findAccountImage(db: DB, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('img').where('id', '=', userId).executeTakeFirst();
  return row?.img ?? null;
}

/**
 * Closes an account in the caller's transaction: the deletion row, the personal data of the
 * users row replaced, the public profile removed, publications and workshops taken down,
 * sessions and one-time links ended, devices and in-app notifications forgotten, the bank
 * account, the own fiscal data and the AFIP certificate (sealed key) deleted. Clinical entries,
 * contacts, sales and issued invoices are not touched (Ley 26.529; tax law: each invoice keeps
 * its own copy of the issuer's data).
 */
export async function closeAccount(
  tx: DB,
  user: { id: number; ref: string; user_type: number },
  now: string,
  retainUntil: string,
) {
  await tx
    .insertInto('account_deletions')
    .values({
      user_id: user.id,
      user_ref: user.ref,
      user_type: user.user_type,
      deleted_at: now,
      retain_clinical_until: retainUntil,
    })
    .execute();
  await tx
    .updateTable('users')
    .set({
      // A reserved TLD (RFC 2606): never a real mailbox, and unique through the ref.
      email: `cuenta-eliminada-${user.ref}@agendo.invalid`,
      pending_email: null,
      // Not an Argon2 hash: no password can ever match it.
      password_hash: '!cuenta-eliminada',
      first_name: 'Cuenta',
      last_name: 'eliminada',
      phone: null,
      img: null,
      updated_at: now,
    })
    .where('id', '=', user.id)
    .execute();
  await tx.deleteFrom('user_profiles').where('user_id', '=', user.id).execute();
  await tx
    .updateTable('publications')
    .set({ paused: 1, deleted_at: now })
    .where('user_id', '=', user.id)
    .where('deleted_at', 'is', null)
    .execute();
  await tx
    .updateTable('workshops')
    .set({ paused: 1, deleted_at: now })
    .where('user_id', '=', user.id)
    .where('deleted_at', 'is', null)
    .execute();
  await tx
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', user.id)
    .where('used_at', 'is', null)
    .execute();
  await tx.deleteFrom('bank_accounts').where('user_id', '=', user.id).execute();
  await tx.deleteFrom('fiscal_profiles').where('user_id', '=', user.id).execute();
  await tx.deleteFrom('afip_credentials').where('user_id', '=', user.id).execute();
  await tx.deleteFrom('push_subscriptions').where('user_id', '=', user.id).execute();
  await tx.deleteFrom('notifications').where('user_id', '=', user.id).execute();
}
