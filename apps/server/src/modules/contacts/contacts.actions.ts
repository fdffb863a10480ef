import { psicoNotesPageSize } from '@agendo/contract';
import { type DB, inTransaction } from '../../db/database.ts';
import { newRef } from '../../lib/random.ts';
import { handle, type SignedInContext } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { writeCallerAuditEvent } from '../audit/audit.service.ts';
import { contactImageLink } from './contact-image.route.ts';
import { checkContactInput, hasPermission } from './contact-input.ts';
import {
  type ContactRow,
  findLinkedUserRef,
  findLiveContactByEmail,
  findLiveContactByRef,
  findPsicoNote,
  insertContact,
  insertPsicoNote,
  listContactBookings,
  listLiveContacts,
  listPsicoNotes,
  replacePsicoNote,
  updateContactRow,
} from './contacts.repository.ts';
import { writeContactsWorkbook } from './contacts-export.ts';

/**
 * Contacts hold personal and health-related data (Ley 25.326), and session notes are part of the
 * health record (Ley 26.529): their reads and writes go to the same append-only audit trail as the
 * clinical history.
 */
const audit = writeCallerAuditEvent;

/** The caller's live contact, or E90 for an unknown, deleted or foreign ref (one answer for all). */
async function ownContact(ctx: SignedInContext, ref: string, area?: string): Promise<ContactRow> {
  const contact = await findLiveContactByRef(ctx.deps.db, ctx.user.id, ref);
  if (!contact) {
    if (area) await audit(ctx, { contactId: null, area, action: 'read', entityRef: ref, outcome: 'denied' });
    throw new ActionError('E90', 'consId');
  }
  return contact;
}

/** A change to the contact's row and its audit event, written in the caller's transaction. */
async function changeContact(
  ctx: SignedInContext,
  tx: DB,
  contact: ContactRow,
  action: 'update' | 'delete',
  changes: Parameters<typeof updateContactRow>[2],
) {
  await updateContactRow(tx, contact.id, changes);
  await audit(
    ctx,
    { contactId: contact.id, area: 'contact', action, entityRef: contact.ref, outcome: 'ok' },
    tx,
  );
}

function contactData(c: ContactRow, insurance: boolean) {
  return {
    userFirstName: c.first_name,
    userLastName: c.last_name,
    userMail: c.email,
    userPhone: c.phone,
    userCountry: c.country_id,
    userState: c.state_id,
    userCity: c.city_id,
    userStreet: c.street,
    userFloor: c.floor,
    userDepto: c.depto,
    userPObox: c.pobox,
    userGender: c.gender,
    userBirthYear: c.birth_year,
    userBirthMonth: c.birth_month,
    userBirthDay: c.birth_day,
    obraSocial: insurance ? c.obra_social : null,
    numObraSocial: insurance ? c.num_obra_social : null,
    userIdentify: c.identify,
    userImg: contactImageLink(c),
  };
}

const withheld = {
  userCountry: null,
  userState: null,
  userCity: null,
  userStreet: null,
  userFloor: null,
  userDepto: null,
  userPObox: null,
  userGender: null,
  userBirthYear: null,
  userBirthMonth: null,
  userBirthDay: null,
  obraSocial: null,
  numObraSocial: null,
  userIdentify: null,
};

async function ownerOf(ctx: SignedInContext) {
  const owner = await accountById(ctx.deps.db, ctx.user.id);
  if (!owner) throw new ActionError('E401');
  return owner;
}

export const contactsHandlers = [
  // spec 000 §6: contactsView gates the contacts list; the data fields need contactsInfo too.
  handle('find-contacts', 'professional:contactsView', async (input, ctx) => {
    const owner = await ownerOf(ctx);
    const showData = hasPermission(ctx, 'contactsInfo');
    const rows = await listLiveContacts(ctx.deps.db, ctx.user.id, input.ref);
    return {
      contacts: rows.map((c) => {
        const data = contactData(c, owner.country_id === 5 && c.country_id === 5);
        return {
          idSeller: c.ref,
          imgSeller: contactImageLink(c),
          sellerName: `${c.first_name} ${c.last_name}`,
          idChat: c.userRef,
          ...data,
          ...(showData ? {} : withheld),
          createdAt: c.created_at,
        };
      }),
    };
  }),

  handle('find-user-info-contact', 'professional:contactsInfo', async (input, ctx) => {
    const c = await ownContact(ctx, input.ref);
    const owner = await ownerOf(ctx);
    const insurance = owner.country_id === 5 && c.country_id === 5;
    const { reference } = ctx.deps;
    const country = c.country_id === null ? null : await reference.countryById(c.country_id, ctx.lang);
    const state =
      c.country_id === null || c.state_id === null
        ? undefined
        : (await reference.listStates(c.country_id)).find((s) => s.id === c.state_id);
    const city =
      c.state_id === null || c.city_id === null
        ? undefined
        : (await reference.listCities(c.state_id)).find((s) => s.id === c.city_id);
    return {
      ref: c.ref,
      idChat: c.user_id === null ? null : await findLinkedUserRef(ctx.deps.db, c.user_id),
      ...contactData(c, insurance),
      userCountryName: country?.name ?? null,
      userStateName: state?.name ?? null,
      userCityName: city?.name ?? null,
      insurance,
      createdAt: c.created_at,
      updatedAt: c.updated_at,
    };
  }),

  handle('add-contact', 'professional:contactsInfo', async (input, ctx) => {
    const columns = await checkContactInput(ctx, input, 'add');
    const now = ctx.deps.now().toISOString();
    const ref = newRef();
    await inTransaction(ctx.deps.db, async (tx) => {
      // spec 001 §8 E30: the e-mail is already one of your contacts.
      if (await findLiveContactByEmail(tx, ctx.user.id, input.userMail)) throw new ActionError('E30');
      const id = await insertContact(tx, {
        ...columns,
        first_name: input.userFirstName,
        last_name: input.userLastName,
        email: input.userMail,
        ref,
        professional_id: ctx.user.id,
        // Linked to an account only when that client books (ensureContactForClient): typing an
        // address must not reveal whether it has an account here.
        user_id: null,
        img: null,
        note: input.note?.trim() ? input.note : null,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      await audit(
        ctx,
        { contactId: id, area: 'contact', action: 'create', entityRef: ref, outcome: 'ok' },
        tx,
      );
    });
    return { ref };
  }),

  handle('update-contact', 'professional:contactsInfo', async (input, ctx) => {
    const contact = await ownContact(ctx, input.ref);
    const columns = await checkContactInput(ctx, input, 'update');
    await inTransaction(ctx.deps.db, async (tx) => {
      const sameMail = await findLiveContactByEmail(tx, ctx.user.id, input.userMail);
      if (sameMail && sameMail.id !== contact.id) throw new ActionError('E5');
      await changeContact(ctx, tx, contact, 'update', {
        ...columns,
        updated_at: ctx.deps.now().toISOString(),
      });
    });
    return {};
  }),

  // A soft delete: the contact leaves the list but its clinical history and notes are kept.
  handle('delete-contact', 'professional:contactsInfo', async (input, ctx) => {
    const contact = await ownContact(ctx, input.ref);
    const now = ctx.deps.now().toISOString();
    await inTransaction(ctx.deps.db, async (tx) => {
      await changeContact(ctx, tx, contact, 'delete', { deleted_at: now, updated_at: now });
    });
    return {};
  }),

  handle('find-contact-bookings', 'professional:contactsView', async (input, ctx) => {
    const contact = await ownContact(ctx, input.ref);
    const rows = await listContactBookings(ctx.deps.db, ctx.user.id, contact.id, contact.user_id);
    return {
      bookings: rows.map((b) => ({
        id: b.ref,
        title: b.title,
        startsAt: b.starts_at,
        endsAt: b.ends_at,
        state: b.state,
      })),
    };
  }),

  handle('find-notes', 'professional:contactsNotes', async (input, ctx) => {
    const contact = await ownContact(ctx, input.ref, 'notes');
    await audit(ctx, { contactId: contact.id, area: 'notes', action: 'read', outcome: 'ok' });
    return { note: contact.note ?? '' };
  }),

  handle('update-notes', 'professional:contactsNotes', async (input, ctx) => {
    const contact = await ownContact(ctx, input.ref, 'notes');
    await inTransaction(ctx.deps.db, async (tx) => {
      await updateContactRow(tx, contact.id, {
        note: input.note.trim() ? input.note : null,
        updated_at: ctx.deps.now().toISOString(),
      });
      await audit(ctx, { contactId: contact.id, area: 'notes', action: 'update', outcome: 'ok' }, tx);
    });
    return {};
  }),

  handle('find-psico-notes', 'professional:contactsNotes', async (input, ctx) => {
    const contact = await ownContact(ctx, input.consId, 'notes');
    const rows = await listPsicoNotes(ctx.deps.db, contact.id, input.next, psicoNotesPageSize + 1);
    await audit(ctx, { contactId: contact.id, area: 'notes', action: 'read', outcome: 'ok' });
    return {
      notes: rows.slice(0, psicoNotesPageSize).map((n) => ({
        id: n.ref,
        date: n.created_at,
        note: n.note,
        editedAt: n.updated_at === n.created_at ? null : n.updated_at,
      })),
      hasMore: rows.length > psicoNotesPageSize,
    };
  }),

  handle('save-psico-notes', 'professional:contactsNotes', async (input, ctx) => {
    const contact = await ownContact(ctx, input.consId, 'notes');
    const now = ctx.deps.now().toISOString();
    return inTransaction(ctx.deps.db, async (tx) => {
      if (input.ref) {
        const note = await findPsicoNote(tx, contact.id, input.ref);
        if (!note) throw new ActionError('E91');
        // Session notes are part of the record: the previous text is kept as a version.
        if (note.note !== input.note) await replacePsicoNote(tx, note, input.note, ctx.user.actorId, now);
        await audit(
          ctx,
          { contactId: contact.id, area: 'notes', action: 'update', entityRef: note.ref, outcome: 'ok' },
          tx,
        );
        return { id: note.ref };
      }
      const ref = newRef();
      await insertPsicoNote(tx, {
        ref,
        contact_id: contact.id,
        professional_id: ctx.user.id,
        author_id: ctx.user.actorId,
        note: input.note,
        created_at: now,
        updated_at: now,
        deleted_at: null,
      });
      await audit(
        ctx,
        { contactId: contact.id, area: 'notes', action: 'create', entityRef: ref, outcome: 'ok' },
        tx,
      );
      return { id: ref };
    });
  }),

  // Exports every contact's personal data, so it needs contactsInfo like the Info tab.
  handle('download-excel-contacts', 'professional:contactsInfo', async (input, ctx) => {
    const owner = await ownerOf(ctx);
    const rows = await listLiveContacts(ctx.deps.db, ctx.user.id);
    const file = await writeContactsWorkbook(
      ctx.deps,
      { ref: owner.ref, countryId: owner.country_id, timeZone: owner.time_zone },
      rows,
      input.timezone ?? owner.time_zone,
    );
    await audit(ctx, { contactId: null, area: 'contacts', action: 'export', outcome: 'ok' });
    return { file };
  }),
];
