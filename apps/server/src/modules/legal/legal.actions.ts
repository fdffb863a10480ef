import { DELETION_CONFIRM_WORD, LEGAL_VERSIONS } from '@agendo/contract';
import { asUserType } from '../../lib/flags.ts';
import { handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { confirmPassword } from '../accounts/accounts.service.ts';
import {
  countProfessionalsHoldingRecordsOf,
  findAccountForExport,
  findProfileForExport,
  listAcceptances,
  listBookingsForExport,
  listContactsForExport,
  listNotificationsForExport,
} from './legal.repository.ts';
import { acceptVersions, deleteAccount } from './legal.service.ts';

function asDocument(value: string): 'terms' | 'privacy' {
  return value === 'privacy' ? 'privacy' : 'terms';
}

/**
 * The account holder's own rights (Ley 25.326 arts. 14–16). A corporate session acts for a
 * team member, who may neither read the owner's whole data nor close the owner's account.
 */
function ownerOnly(user: { id: number; actorId: number }) {
  if (user.actorId !== user.id) throw new ActionError('E403');
}

export const legalHandlers = [
  handle('find-legal-acceptances', 'signed-in', async (_input, ctx) => {
    const rows = await listAcceptances(ctx.deps.db, ctx.user.id);
    return {
      acceptances: rows.map((r) => ({
        document: asDocument(r.document),
        version: r.version,
        acceptedAt: r.accepted_at,
      })),
      current: { ...LEGAL_VERSIONS },
    };
  }),

  handle('accept-legal', 'signed-in', async (input, ctx) => {
    ownerOnly(ctx.user);
    if (input.terms !== LEGAL_VERSIONS.terms || input.privacy !== LEGAL_VERSIONS.privacy) {
      throw new ActionError('E52');
    }
    await acceptVersions(ctx.deps.db, ctx.user.id, ctx.deps.now().toISOString(), ctx.ip);
    return {};
  }),

  handle('export-my-data', 'signed-in', async (_input, ctx) => {
    ownerOnly(ctx.user);
    const { db } = ctx.deps;
    const userId = ctx.user.id;
    const user = await findAccountForExport(db, userId);
    if (!user) throw new ActionError('E401');
    const professional = user.user_type === 1;
    const [profile, acceptances, bookings, contacts, notifications, holders] = await Promise.all([
      findProfileForExport(db, userId),
      listAcceptances(db, userId),
      listBookingsForExport(db, userId),
      professional ? listContactsForExport(db, userId) : Promise.resolve([]),
      listNotificationsForExport(db, userId),
      countProfessionalsHoldingRecordsOf(db, userId),
    ]);
    const clinicalNote = professional
      ? 'Los registros clínicos de tus consultantes no se incluyen en esta descarga: son datos sensibles de otras personas y se consultan desde la ficha de cada consultante.'
      : holders > 0
        ? `${holders === 1 ? 'Un profesional lleva' : `${holders} profesionales llevan`} tu historia clínica. Es suya y la custodian por ley: pídeles una copia, tienes derecho a recibirla (Ley 26.529, art. 14).`
        : 'Ningún profesional lleva una historia clínica vinculada a tu cuenta.';
    return {
      exportedAt: ctx.deps.now().toISOString(),
      account: {
        ref: user.ref,
        firstName: user.first_name,
        lastName: user.last_name,
        email: user.email,
        phone: user.phone,
        userType: asUserType(user.user_type),
        countryId: user.country_id,
        timeZone: user.time_zone,
        lang: user.lang,
        createdAt: user.created_at,
        emailVerified: user.email_verified_at !== null,
      },
      profile: profile
        ? { businessName: profile.business_name, nickname: profile.nickname, bio: profile.bio }
        : null,
      acceptances: acceptances.map((r) => ({
        document: asDocument(r.document),
        version: r.version,
        acceptedAt: r.accepted_at,
      })),
      bookings: bookings.map((b) => ({
        ref: b.ref,
        role: b.client_id === userId ? ('client' as const) : ('professional' as const),
        title: b.title,
        startsAt: b.starts_at,
        durationMin: b.duration,
        state: b.state,
        priceMinor: b.price_minor,
        currency: b.currency,
        paid: b.pay === 1,
      })),
      contacts: contacts.map((c) => ({ firstName: c.first_name, lastName: c.last_name, email: c.email })),
      notifications: notifications.map((n) => ({ title: n.title, body: n.body, createdAt: n.created_at })),
      clinicalNote,
    };
  }),

  handle('request-account-deletion', 'signed-in', async (input, ctx) => {
    ownerOnly(ctx.user);
    // The typed word first: a slip there should not count as a failed password.
    if (input.confirmation !== DELETION_CONFIRM_WORD) throw new ActionError('E53');
    const user = await confirmPassword(ctx.deps, ctx.user.id, input.userPassword);
    const retainClinicalUntil = await deleteAccount(ctx.deps, user);
    return { retainClinicalUntil };
  }),
];
