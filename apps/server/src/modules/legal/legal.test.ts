import fs from 'node:fs/promises';
import path from 'node:path';
import { LEGAL_VERSIONS } from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { startCardPayment } from '../../test/booking-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { findUserByEmail } from '../accounts/accounts.repository.ts';
import { createCorporateSession } from '../auth/auth.service.ts';
import { saveProfile } from '../profile/profile.repository.ts';

const t = useTestApp();

async function userId(mail: string) {
  const row = await findUserByEmail(t.deps.db, mail);
  if (!row) throw new Error('user not found');
  return row;
}

/** A professional and a team member signed in to the professional's account (a corporate session). */
async function memberSessionOnOwner() {
  const owner = await t.registerUser(1);
  const member = await t.registerUser(1);
  const token = await createCorporateSession(
    t.deps,
    (await userId(owner.userMail)).id,
    (await userId(member.userMail)).id,
    { contactsInfo: true, contactsClinic: true },
  );
  return { owner, token };
}

describe('acceptance of the legal texts', () => {
  it('registration records the terms and privacy versions in force with the date', async () => {
    const { token } = await t.registerUser(2, { termsVersion: LEGAL_VERSIONS.terms });
    const res = await t.call('find-legal-acceptances', {}, token);
    expect(res.statusCode).toBe(200);
    expect(res.body.current).toEqual(LEGAL_VERSIONS);
    expect(res.body.acceptances).toHaveLength(2);
    expect(res.body.acceptances).toEqual(
      expect.arrayContaining([
        { document: 'terms', version: LEGAL_VERSIONS.terms, acceptedAt: '2026-11-22T12:00:00.000Z' },
        { document: 'privacy', version: LEGAL_VERSIONS.privacy, acceptedAt: '2026-11-22T12:00:00.000Z' },
      ]),
    );
  });

  it('a form that showed an older version is refused and no account is created', async () => {
    const mail = `old-terms-${Date.now()}@example.com`;
    const res = await t.call('register', {
      userFirstName: 'Ana',
      userLastName: 'Pérez',
      userMail: mail,
      userPassword: 'correct horse battery',
      userType: 2,
      termsVersion: '2020-01-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      code: 'E52',
      message: 'Los términos y condiciones cambiaron. Recarga la página para leer la versión vigente.',
    });
    expect(await findUserByEmail(t.deps.db, mail)).toBeUndefined();
  });

  it('accept-legal takes only the versions in force, and accepting twice keeps one row each', async () => {
    const { token } = await t.registerUser(1);
    const stale = await t.call(
      'accept-legal',
      { terms: '2020-01-01', privacy: LEGAL_VERSIONS.privacy },
      token,
    );
    expect(stale.body).toMatchObject({ status: '400', code: 'E52' });
    const ok = await t.call('accept-legal', { ...LEGAL_VERSIONS }, token);
    expect(ok.body).toEqual({ status: '200' });
    const list = await t.call('find-legal-acceptances', {}, token);
    expect(list.body.acceptances).toHaveLength(2);
  });

  it('needs a session', async () => {
    for (const action of ['find-legal-acceptances', 'export-my-data'] as const) {
      const res = await t.call(action, {});
      expect(res.statusCode, action).toBe(401);
    }
  });
});

describe('export of one’s own data', () => {
  it('answers the caller’s own account and nobody else’s', async () => {
    const a = await t.registerUser(2);
    const b = await t.registerUser(2);
    const res = await t.call('export-my-data', {}, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.account).toMatchObject({ email: a.userMail, firstName: 'Ana', userType: 2 });
    expect(JSON.stringify(res.body)).not.toContain(b.userMail);
    expect(res.body.acceptances).toHaveLength(2);
    expect(res.body.clinicalNote).toBe(
      'Ningún profesional lleva una historia clínica vinculada a tu cuenta.',
    );
  });

  it('lists appointments from the side the caller was on, and leaves carts out', async () => {
    const { pro, client, bookingRef } = await startCardPayment(t);
    const held = await t.call('export-my-data', {}, client.token);
    expect(held.body.bookings).toEqual([]);
    // The provider's confirmation, as the payment webhook would write it.
    await t.deps.db
      .updateTable('bookings')
      .set({ state: 'confirmed', pay: 1 })
      .where('ref', '=', bookingRef)
      .execute();
    const mine = await t.call('export-my-data', {}, client.token);
    expect(mine.body.bookings).toEqual([
      expect.objectContaining({ ref: bookingRef, role: 'client', state: 'confirmed', paid: true }),
    ]);
    const theirs = await t.call('export-my-data', {}, pro.token);
    expect(theirs.body.bookings).toEqual([
      expect.objectContaining({ ref: bookingRef, role: 'professional' }),
    ]);
  });

  it('a team member in a corporate session cannot export the owner’s data', async () => {
    const { token } = await memberSessionOnOwner();
    const res = await t.call('export-my-data', {}, token);
    expect(res.statusCode).toBe(403);
  });
});

describe('account deletion', () => {
  it('asks for the typed word and the password, and writes nothing when either is wrong', async () => {
    const { token, userMail, userPassword } = await t.registerUser(2);
    const noWord = await t.call('request-account-deletion', { userPassword, confirmation: 'borrar' }, token);
    expect(noWord.body).toMatchObject({
      code: 'E53',
      message: 'Escribe ELIMINAR para confirmar.',
      field: 'confirmation',
    });
    const badPassword = await t.call(
      'request-account-deletion',
      { userPassword: 'not the password', confirmation: 'ELIMINAR' },
      token,
    );
    expect(badPassword.body).toMatchObject({ code: 'E43', field: 'userPassword' });
    const missing = await t.call('request-account-deletion', { confirmation: 'ELIMINAR' } as never, token);
    expect(missing.statusCode).toBe(400);
    expect((await t.call('find-user-info', {}, token)).body.userMail).toBe(userMail);
  });

  it('confirms by mail what was deleted, what is kept and until when (issue 34)', async () => {
    const { token, userMail, userPassword } = await t.registerUser(1);
    const res = await t.call('request-account-deletion', { userPassword, confirmation: 'ELIMINAR' }, token);
    expect(res.statusCode).toBe(200);
    const mail = await t.lastMailTo(userMail);
    expect(mail?.subject).toBe('Tu cuenta de Agendo fue eliminada');
    expect(mail?.text).toContain('Eliminamos tu cuenta de Agendo como pediste');
    expect(mail?.text).toContain('Conservamos las historias clínicas y notas de sesión hasta el 22/11/2036');
    expect(mail?.text).toContain('Ley 26.529');
  });

  it('a refused deletion sends no mail', async () => {
    const { token, userMail } = await t.registerUser(1);
    const before = await t.lastMailTo(userMail);
    await t.call('request-account-deletion', { userPassword: 'not it', confirmation: 'ELIMINAR' }, token);
    expect((await t.lastMailTo(userMail))?.subject).toBe(before?.subject);
  });

  it('closes the account: personal data gone, sessions ended, login refused, clinical retention stated', async () => {
    const { token, userMail, userPassword } = await t.registerUser(1);
    const before = await userId(userMail);
    const res = await t.call('request-account-deletion', { userPassword, confirmation: 'ELIMINAR' }, token);
    expect(res.body).toEqual({ status: '200', retainClinicalUntil: '2036-11-22' });
    expect((await t.call('find-user-info', {}, token)).statusCode).toBe(401);
    const login = await t.call('login', { userMail, userPassword });
    expect(login.statusCode).toBe(400);
    expect(await findUserByEmail(t.deps.db, userMail)).toBeUndefined();
    const row = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Cuenta', last_name: 'eliminada', phone: null, img: null });
    // The address is free again for a new account.
    const again = await t.call('register', {
      userFirstName: 'Ana',
      userLastName: 'Pérez',
      userMail,
      userPassword,
      userType: 2,
    });
    expect(again.statusCode).toBe(200);
  });

  it('removes the bank account, the own fiscal data, the AFIP certificate and the image files', async () => {
    const prof = await t.registerUser(1);
    const { id, ref } = await userId(prof.userMail);
    const now = t.deps.now().toISOString();
    const db = t.deps.db;
    await db
      .insertInto('bank_accounts')
      .values({
        user_id: id,
        country_id: 5,
        first_name: 'Ana',
        last_name: 'Pérez',
        account_type: null,
        bank_name: 'Banco Nación',
        currency: 'ARS',
        account: '0110599520000001234567',
        alias: null,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('fiscal_profiles')
      .values({
        user_id: id,
        razon_social: 'Ana Pérez',
        domicilio_fiscal: 'Av. Corrientes 1234',
        condicion_iva: 6,
        doc_tipo: 80,
        cuit: '27284561231',
        punto_venta: 1,
        fecha_inicio: '2019-03-01',
        updated_at: now,
      })
      .execute();
    const logo = await t.deps.storage.put('profile', `${ref}-logo-square-x.webp`, Buffer.from('webp'));
    const certificate = await t.deps.storage.put('certificates', `${ref}-x.pdf`, Buffer.from('%PDF-1.4'));
    const avatar = await t.deps.storage.put('avatars', `${ref}.webp`, Buffer.from('webp'));
    await saveProfile(
      db,
      id,
      { logo_square: logo, certificate_path: certificate, certificate_kind: 'pdf' },
      now,
    );
    await db.updateTable('users').set({ img: avatar }).where('id', '=', id).execute();
    const onDisk = (publicPath: string) =>
      fs
        .access(path.join(t.deps.storage.root, publicPath.slice('/files/'.length)))
        .then(() => true)
        .catch(() => false);
    expect(await onDisk(logo)).toBe(true);

    const res = await t.call(
      'request-account-deletion',
      { userPassword: prof.userPassword, confirmation: 'ELIMINAR' },
      prof.token,
    );
    expect(res.statusCode).toBe(200);
    const left = async (table: 'bank_accounts' | 'fiscal_profiles' | 'afip_credentials') =>
      (await db.selectFrom(table).select('user_id').where('user_id', '=', id).execute()).length;
    expect(await left('bank_accounts')).toBe(0);
    expect(await left('fiscal_profiles')).toBe(0);
    expect(await left('afip_credentials')).toBe(0);
    for (const file of [logo, certificate, avatar]) expect(await onDisk(file)).toBe(false);
  });

  it('keeps the clinical records of a closed professional account', async () => {
    const prof = await t.registerUser(1);
    const added = await t.call(
      'add-contact',
      {
        userFirstName: 'Lucía',
        userLastName: 'Gómez',
        userPhone: '+54 9 11 5555-0101',
        userMail: `lucia-${Date.now()}@example.com`,
        userCountry: 5,
        userState: (await t.deps.reference.listStates(5))[0]?.id,
      },
      prof.token,
    );
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
    const note = await t.call(
      'save-psico-notes',
      { consId: added.body.ref, note: 'Primera sesión.' },
      prof.token,
    );
    expect(note.statusCode).toBe(200);
    const id = (await userId(prof.userMail)).id;
    const notesOf = () =>
      t.deps.db
        .selectFrom('psico_notes')
        .innerJoin('contacts', 'contacts.id', 'psico_notes.contact_id')
        .select('psico_notes.id')
        .where('contacts.professional_id', '=', id)
        .execute();
    const before = await notesOf();
    expect(before).toHaveLength(1);
    const res = await t.call(
      'request-account-deletion',
      { userPassword: prof.userPassword, confirmation: 'ELIMINAR' },
      prof.token,
    );
    expect(res.statusCode).toBe(200);
    expect(await notesOf()).toEqual(before);
    const kept = await t.deps.db
      .selectFrom('account_deletions')
      .select('retain_clinical_until')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(kept.retain_clinical_until).toBe('2036-11-22');
  });

  it('nobody closes another account: a corporate session is refused', async () => {
    const { owner, token } = await memberSessionOnOwner();
    const res = await t.call(
      'request-account-deletion',
      { userPassword: owner.userPassword, confirmation: 'ELIMINAR' },
      token,
    );
    expect(res.statusCode).toBe(403);
    expect(await findUserByEmail(t.deps.db, owner.userMail)).toBeDefined();
  });
});

describe('the first-time tour', () => {
  it('clear-new-user clears the caller’s own flag only', async () => {
    const a = await t.registerUser(1);
    const b = await t.registerUser(1);
    expect((await t.call('find-user-data', {}, a.token)).body.newUser).toBe(true);
    expect((await t.call('clear-new-user', {}, a.token)).body).toEqual({ status: '200' });
    expect((await t.call('find-user-data', {}, a.token)).body.newUser).toBe(false);
    expect((await t.call('find-user-data', {}, b.token)).body.newUser).toBe(true);
    expect((await t.call('clear-new-user', {})).statusCode).toBe(401);
  });
});
