import type { DB } from '../../db/database.ts';
import type { ContactFiscalDataTable, FiscalProfilesTable } from '../../db/tables/fiscal.ts';

export type FiscalProfileValues = Omit<FiscalProfilesTable, 'user_id' | 'updated_at'>;
export type ContactFiscalValues = Omit<ContactFiscalDataTable, 'contact_id' | 'updated_at'>;

/** The professional's own fiscal data (mode 1); also what issuing an invoice reads as the issuer. */
export function findFiscalProfile(db: DB, userId: number) {
  return db.selectFrom('fiscal_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** One row per professional: update-afip-data mode 1 replaces it. */
export async function saveFiscalProfile(db: DB, userId: number, values: FiscalProfileValues, now: string) {
  const row = { ...values, updated_at: now };
  await db
    .insertInto('fiscal_profiles')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

/**
 * A live contact of this professional by ref, with what prefills its fiscal data and the
 * invoice (name, address, document, e-mail, health insurance); undefined for anyone else's.
 */
export function findOwnContactForFiscal(db: DB, professionalId: number, ref: string) {
  return db
    .selectFrom('contacts')
    .select([
      'id',
      'ref',
      'first_name',
      'last_name',
      'email',
      'street',
      'floor',
      'depto',
      'identify',
      'obra_social',
      'num_obra_social',
    ])
    .where('professional_id', '=', professionalId)
    .where('ref', '=', ref)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findContactFiscalData(db: DB, contactId: number) {
  return db
    .selectFrom('contact_fiscal_data')
    .selectAll()
    .where('contact_id', '=', contactId)
    .executeTakeFirst();
}

/** One row per contact: the client's data as last saved from the invoice popup. */
export async function saveContactFiscalData(
  db: DB,
  contactId: number,
  values: ContactFiscalValues,
  now: string,
) {
  const row = { ...values, updated_at: now };
  await db
    .insertInto('contact_fiscal_data')
    .values({ contact_id: contactId, ...row })
    .onConflict((oc) => oc.column('contact_id').doUpdateSet(row))
    .execute();
}
