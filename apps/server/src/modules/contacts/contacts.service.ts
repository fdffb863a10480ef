import type { DB } from '../../db/database.ts';
import { newRef } from '../../lib/random.ts';
import { accountById } from '../accounts/accounts.service.ts';
import {
  type ContactRow,
  findLiveContactByEmail,
  findLiveContactByRef,
  findLiveContactByUser,
  insertContact,
  listPsicoNotes,
  updateContactRow,
} from './contacts.repository.ts';

/** A contact as other modules see it (clinical history, bookings, sales). */
export interface OwnedContact {
  id: number;
  ref: string;
  professionalId: number;
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  countryId: number | null;
  stateId: number | null;
  cityId: number | null;
  street: string | null;
  floor: string | null;
  depto: string | null;
  pobox: string | null;
  gender: number | null;
  birthYear: number | null;
  birthMonth: number | null;
  birthDay: number | null;
  obraSocial: string | null;
  numObraSocial: string | null;
  identify: string | null;
  img: string | null;
  createdAt: string;
  updatedAt: string;
}

export function toOwnedContact(row: ContactRow): OwnedContact {
  return {
    id: row.id,
    ref: row.ref,
    professionalId: row.professional_id,
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    countryId: row.country_id,
    stateId: row.state_id,
    cityId: row.city_id,
    street: row.street,
    floor: row.floor,
    depto: row.depto,
    pobox: row.pobox,
    gender: row.gender,
    birthYear: row.birth_year,
    birthMonth: row.birth_month,
    birthDay: row.birth_day,
    obraSocial: row.obra_social,
    numObraSocial: row.num_obra_social,
    identify: row.identify,
    img: row.img,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The contact `contactRef` of this professional, or null when it is unknown, deleted or another
 * professional's: callers answer all three the same way, so no existence leaks.
 * `professionalId` is the data owner (`ctx.user.id`, the corporate account in a team session).
 */
export async function findOwnedContact(
  db: DB,
  professionalId: number,
  contactRef: string,
): Promise<OwnedContact | null> {
  const row = await findLiveContactByRef(db, professionalId, contactRef);
  return row ? toOwnedContact(row) : null;
}

/** The form's fields beyond name, e-mail, phone and country: empty until somebody fills them in. */
export const unfilledContactFields = {
  state_id: null,
  city_id: null,
  street: null,
  floor: null,
  depto: null,
  pobox: null,
  gender: null,
  birth_year: null,
  birth_month: null,
  birth_day: null,
  obra_social: null,
  num_obra_social: null,
  identify: null,
};

/**
 * spec 001 §2.1: contacts are also created automatically when a client books. Answers the
 * professional's live contact linked to that account; an unlinked contact with the same e-mail
 * gets linked; otherwise a new contact is made from the account's data.
 */
export async function ensureContactForClient(
  db: DB,
  professionalId: number,
  clientUser: { id: number },
  now: Date = new Date(),
): Promise<OwnedContact> {
  const linked = await findLiveContactByUser(db, professionalId, clientUser.id);
  if (linked) return toOwnedContact(linked);
  const account = await accountById(db, clientUser.id);
  if (!account) throw new Error(`ensureContactForClient: no account ${clientUser.id}`);
  const at = now.toISOString();

  const byEmail = await findLiveContactByEmail(db, professionalId, account.email);
  if (byEmail) {
    if (byEmail.user_id === null) {
      await updateContactRow(db, byEmail.id, { user_id: account.id, updated_at: at });
      return toOwnedContact({ ...byEmail, user_id: account.id, updated_at: at });
    }
    return toOwnedContact(byEmail);
  }

  const row = {
    ref: newRef(),
    professional_id: professionalId,
    user_id: account.id,
    first_name: account.first_name.slice(0, 50),
    last_name: account.last_name.slice(0, 50),
    email: account.email,
    phone: account.phone,
    country_id: account.country_id,
    ...unfilledContactFields,
    img: account.img,
    note: null,
    created_at: at,
    updated_at: at,
    deleted_at: null,
  };
  try {
    const id = await insertContact(db, row);
    return toOwnedContact({ ...row, id });
  } catch (error) {
    // Two bookings at once: the live (professional, e-mail) index lets one insert win.
    const winner = await findLiveContactByEmail(db, professionalId, account.email);
    if (winner) return toOwnedContact(winner);
    throw error;
  }
}

/** Every live session note of a contact, newest first: the printed record includes them. */
export async function sessionNotesOf(
  db: DB,
  contactId: number,
): Promise<{ note: string; createdAt: string }[]> {
  const rows = await listPsicoNotes(db, contactId, 0, 100_000);
  return rows.map((row) => ({ note: row.note, createdAt: row.created_at }));
}
