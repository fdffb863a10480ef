import type { Insertable } from 'kysely';
import type { ContactsTable } from '../db/tables/contacts.ts';
import { newRef } from '../lib/random.ts';
import { unfilledContactFields } from '../modules/contacts/contacts.service.ts';
import type { TestApp } from './test-app.ts';

type ContactFields = Omit<
  Insertable<ContactsTable>,
  'id' | 'ref' | 'professional_id' | 'created_at' | 'updated_at'
>;

/**
 * A contact row of this professional, written directly: the contacts slice owns the form and its
 * own tests; money, invoicing and clinical tests only need someone to bill or write about. Each
 * test passes the fields its assertions read (names, address, obra social); the rest are empty.
 */
export async function makeContact(
  t: TestApp,
  professionalId: number,
  over: Partial<ContactFields> = {},
): Promise<{ id: number; ref: string }> {
  const now = t.clock.now.toISOString();
  const ref = newRef();
  const row = await t.deps.db
    .insertInto('contacts')
    .values({
      ref,
      professional_id: professionalId,
      user_id: null,
      first_name: 'Martín',
      last_name: 'Gómez',
      email: `${ref.toLowerCase()}@example.com`,
      phone: null,
      country_id: 5,
      ...unfilledContactFields,
      img: null,
      note: null,
      deleted_at: null,
      ...over,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ref };
}
