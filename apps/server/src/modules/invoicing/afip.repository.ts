import type { Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { AfipCredentialsTable, AfipEnvironment, AfipRequestsTable } from '../../db/tables/afip.ts';

export type AfipCredentialsRow = Selectable<AfipCredentialsTable>;
export type AfipRequestRow = Selectable<AfipRequestsTable>;

export interface SequenceKey {
  environment: AfipEnvironment;
  cuit: string;
  pointOfSale: number;
  voucherType: number;
}

export function findAfipCredentials(db: DB, userId: number) {
  return db.selectFrom('afip_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** A new link replaces the previous key: its certificate is useless without that key. */
export async function saveAfipLinkStart(
  db: DB,
  row: {
    userId: number;
    environment: AfipEnvironment;
    cuit: string;
    privateKeySealed: string;
    csrPem: string;
    now: string;
  },
) {
  const values = {
    environment: row.environment,
    cuit: row.cuit,
    private_key_sealed: row.privateKeySealed,
    csr_pem: row.csrPem,
    certificate_sealed: null,
    certificate_expires_at: null,
    updated_at: row.now,
  };
  await db
    .insertInto('afip_credentials')
    .values({ user_id: row.userId, created_at: row.now, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Unlinking: the key and certificate go (a certificate names one CUIT and is useless for another). */
export async function deleteAfipCredentials(db: DB, userId: number) {
  await db.deleteFrom('afip_credentials').where('user_id', '=', userId).execute();
}

export async function saveAfipCertificate(
  db: DB,
  userId: number,
  certificate: { sealed: string; expiresAt: string; now: string },
) {
  await db
    .updateTable('afip_credentials')
    .set({
      certificate_sealed: certificate.sealed,
      certificate_expires_at: certificate.expiresAt,
      updated_at: certificate.now,
    })
    .where('user_id', '=', userId)
    .execute();
}

export function readAfipTicket(db: DB, environment: AfipEnvironment, cuit: string, service: string) {
  return db
    .selectFrom('afip_tickets')
    .select(['token', 'sign', 'expires_at as expiresAt'])
    .where('environment', '=', environment)
    .where('cuit', '=', cuit)
    .where('service', '=', service)
    .executeTakeFirst();
}

export async function saveAfipTicket(
  db: DB,
  row: {
    environment: AfipEnvironment;
    cuit: string;
    service: string;
    token: string;
    sign: string;
    expiresAt: string;
  },
) {
  const values = { token: row.token, sign: row.sign, expires_at: row.expiresAt };
  await db
    .insertInto('afip_tickets')
    .values({ environment: row.environment, cuit: row.cuit, service: row.service, ...values })
    .onConflict((oc) => oc.columns(['environment', 'cuit', 'service']).doUpdateSet(values))
    .execute();
}

export async function ensureAfipSequence(db: DB, key: SequenceKey) {
  await db
    .insertInto('afip_sequences')
    .values({
      environment: key.environment,
      cuit: key.cuit,
      point_of_sale: key.pointOfSale,
      voucher_type: key.voucherType,
    })
    .onConflict((oc) => oc.columns(['environment', 'cuit', 'point_of_sale', 'voucher_type']).doNothing())
    .execute();
}

function whereSequence<Q>(query: Q, key: SequenceKey): Q {
  // biome-ignore lint/suspicious/noExplicitAny: the same four conditions on select and update builders
  const q = query as any;
  return q
    .where('environment', '=', key.environment)
    .where('cuit', '=', key.cuit)
    .where('point_of_sale', '=', key.pointOfSale)
    .where('voucher_type', '=', key.voucherType);
}

/**
 * Takes the sequence's lease when it is free or expired: one conditional UPDATE, atomic on both
 * databases (PostgreSQL re-checks the condition after a concurrent update commits).
 */
export async function takeAfipLease(
  db: DB,
  key: SequenceKey,
  token: string,
  nowIso: string,
  untilIso: string,
) {
  const result = await whereSequence(
    db.updateTable('afip_sequences').set({ lease_token: token, lease_expires_at: untilIso }),
    key,
  )
    .where((eb) => eb.or([eb('lease_token', 'is', null), eb('lease_expires_at', '<', nowIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Releases only our own lease (a lease that expired may already be someone else's). */
export async function releaseAfipLease(db: DB, key: SequenceKey, token: string) {
  await whereSequence(
    db.updateTable('afip_sequences').set({ lease_token: null, lease_expires_at: null }),
    key,
  )
    .where('lease_token', '=', token)
    .execute();
}

export function findAfipRequest(db: DB, ref: string) {
  return db.selectFrom('afip_requests').selectAll().where('ref', '=', ref).executeTakeFirst();
}

export function listPendingAfipRequests(db: DB, key: SequenceKey) {
  return whereSequence(db.selectFrom('afip_requests').selectAll(), key)
    .where('state', '=', 'pending')
    .orderBy('number')
    .execute();
}

export async function insertAfipRequest(
  db: DB,
  row: SequenceKey & { ref: string; number: number; totalCents: number; documentNumber: string; now: string },
) {
  await db
    .insertInto('afip_requests')
    .values({
      ref: row.ref,
      environment: row.environment,
      cuit: row.cuit,
      point_of_sale: row.pointOfSale,
      voucher_type: row.voucherType,
      number: row.number,
      state: 'pending',
      total_cents: row.totalCents,
      document_number: row.documentNumber,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

export async function markAfipRequestAuthorised(
  db: DB,
  id: number,
  cae: string,
  caeExpiry: string,
  now: string,
) {
  await db
    .updateTable('afip_requests')
    .set({ state: 'authorised', cae, cae_expiry: caeExpiry, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A request AFIP did not authorise leaves no trace: its ref may ask again. */
export async function deleteAfipRequest(db: DB, id: number) {
  await db.deleteFrom('afip_requests').where('id', '=', id).where('state', '=', 'pending').execute();
}
