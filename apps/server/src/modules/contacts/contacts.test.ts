import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/booking-fixtures.ts';
import { publicationRow } from '../../test/publication-row.ts';
import { useTestApp } from '../../test/test-app.ts';
import { registeredUser, userIdOf } from '../../test/user-fixtures.ts';
import { createCorporateSession } from '../auth/auth.service.ts';
import { ensureContactForClient, findOwnedContact } from './contacts.service.ts';

let buenosAires: number;
let laPlata: number;
let otherCountryState: number;

function firstId(list: { id: number }[]): number {
  const [first] = list;
  if (!first) throw new Error('reference data without places');
  return first.id;
}

const t = useTestApp();
beforeAll(async () => {
  const states = await t.deps.reference.listStates(5);
  buenosAires = states.find((s) => s.name === 'Buenos Aires')?.id ?? firstId(states);
  laPlata = firstId(await t.deps.reference.listCities(buenosAires));
  otherCountryState = firstId(await t.deps.reference.listStates(55));
});

const professional = () => registeredUser(t);

let mailSeq = 0;
function contactInput(extra: Record<string, unknown> = {}) {
  mailSeq += 1;
  return {
    userFirstName: 'Sofía',
    userLastName: 'Martínez',
    // A phone from another country than the professional's (spec: phones from any country).
    userPhone: '+34 612 34 56 78',
    userMail: `sofia${mailSeq}@example.com`,
    userCountry: 5,
    userState: buenosAires,
    ...extra,
  };
}

/** Every optional field of a contact, as sent and as read back (laPlata is known once the app runs). */
const fullFields = () => ({
  userCity: laPlata,
  userStreet: 'Av. Siempreviva 742',
  userFloor: '3',
  userDepto: 'B',
  userPObox: 'B1900',
  userGender: 2,
  userBirthYear: 1990,
  userBirthMonth: 5,
  userBirthDay: 17,
  userIdentify: '30.123.456',
  obraSocial: 'OSDE',
  numObraSocial: '123-456',
});

function fullInput(extra: Record<string, unknown> = {}) {
  return contactInput({ ...fullFields(), ...extra });
}

async function contactRows(professionalId: number) {
  return t.deps.db.selectFrom('contacts').selectAll().where('professional_id', '=', professionalId).execute();
}

async function addContact(token: string, extra: Record<string, unknown> = {}) {
  const res = await t.call('add-contact', fullInput(extra), token);
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.ref as string;
}

describe('add-contact', () => {
  it('creates a contact with every field, the phone in E.164, and lists it', async () => {
    const prof = await professional();
    const ref = await addContact(prof.token, { note: 'Derivada por su médica.' });
    const info = await t.call('find-user-info-contact', { ref }, prof.token);
    expect(info.body).toMatchObject({
      status: '200',
      ref,
      userFirstName: 'Sofía',
      userLastName: 'Martínez',
      userPhone: '+34612345678',
      userCountry: 5,
      userState: buenosAires,
      ...fullFields(),
      insurance: true,
      userCountryName: 'Argentina',
      idChat: null,
    });
    expect(info.body.userStateName).toBeTruthy();
    const list = await t.call('find-contacts', { mode: 1 }, prof.token);
    expect(list.body.contacts).toHaveLength(1);
    expect(list.body.contacts[0]).toMatchObject({
      idSeller: ref,
      sellerName: 'Sofía Martínez',
      imgSeller: null,
      idChat: null,
      userPhone: '+34612345678',
    });
    expect((await t.call('find-notes', { ref }, prof.token)).body.note).toBe('Derivada por su médica.');
    expect((await t.call('find-contact-bookings', { ref }, prof.token)).body).toEqual({
      status: '200',
      bookings: [],
    });
  });

  it('keeps the insurance fields only when both countries are 5 (spec 001 §2.2)', async () => {
    const prof = await professional();
    const ref = await addContact(prof.token, {
      userCountry: 55,
      userState: otherCountryState,
      userCity: null,
    });
    const info = await t.call('find-user-info-contact', { ref }, prof.token);
    expect(info.body).toMatchObject({ insurance: false, obraSocial: null, numObraSocial: null });
    const row = (await contactRows(prof.id))[0];
    expect(row?.obra_social).toBeNull();
  });

  it('accepts the short form of the spec (names, phone, mail, country, state)', async () => {
    const prof = await professional();
    const res = await t.call('add-contact', contactInput({ userIdentify: '' }), prof.token);
    expect(res.statusCode).toBe(200);
    const row = (await contactRows(prof.id))[0];
    expect(row).toMatchObject({ street: null, birth_year: null, identify: null, gender: null });
  });
});

const long = (n: number) => 'a'.repeat(n);

// spec 001 §5 and §8: every contact code answers 400 with its message and writes nothing.
const addCases: [string, Record<string, unknown>, string, string, string][] = [
  ['mail missing', { userMail: '' }, 'E2', 'Debes ingresar el email del consultante.', 'userMail'],
  ['mail invalid', { userMail: 'sofia@' }, 'E3', 'El email ingresado no es válido.', 'userMail'],
  ['disposable mail', { userMail: 'sofia@yopmail.com' }, 'E4', 'No puedes utilizar ese email.', 'userMail'],
  [
    'first name missing',
    { userFirstName: ' ' },
    'E10',
    'Debes ingresar el nombre del consultante.',
    'userFirstName',
  ],
  [
    'first name long',
    { userFirstName: long(51) },
    'E11',
    'El nombre debe tener entre 1 y 50 caracteres.',
    'userFirstName',
  ],
  [
    'first name digits',
    { userFirstName: 'Sofía2' },
    'E12',
    'El nombre solo puede contener letras.',
    'userFirstName',
  ],
  [
    'last name missing',
    { userLastName: '' },
    'E13',
    'Debes ingresar el apellido del consultante.',
    'userLastName',
  ],
  [
    'last name long',
    { userLastName: long(51) },
    'E14',
    'El apellido debe tener entre 1 y 50 caracteres.',
    'userLastName',
  ],
  [
    'last name symbols',
    { userLastName: 'Pérez$' },
    'E15',
    'El apellido solo puede contener letras.',
    'userLastName',
  ],
  [
    'birth date incomplete',
    { userBirthDay: null },
    'E16',
    'Debes ingresar la fecha de nacimiento.',
    'userBirthDay',
  ],
  [
    'birth date 31 February',
    { userBirthMonth: 2, userBirthDay: 31 },
    'E17',
    'La fecha de nacimiento ingresada no es válida.',
    'userBirthDay',
  ],
  [
    'birth date in the future',
    { userBirthYear: 2027 },
    'E18',
    'La fecha de nacimiento ingresada no es posible.',
    'userBirthYear',
  ],
  ['a minor', { userBirthYear: 2010 }, 'E19', 'El consultante debe ser mayor de edad.', 'userBirthYear'],
  ['country missing', { userCountry: undefined }, 'E20', 'Debes seleccionar el país.', 'userCountry'],
  ['country unknown', { userCountry: 999_999 }, 'E20', 'Debes seleccionar el país.', 'userCountry'],
  [
    'state missing',
    { userState: null, userCity: null },
    'E23',
    'Debes seleccionar la provincia.',
    'userState',
  ],
  [
    'state malformed',
    { userState: -4, userCity: null },
    'E24',
    'La provincia seleccionada no es válida.',
    'userState',
  ],
  [
    'state of another country',
    { userState: -1, userCity: null },
    'E25',
    'La provincia seleccionada no corresponde al país.',
    'userState',
  ],
  ['city of another state', { userCity: 1 }, 'E26', 'La ciudad seleccionada no es válida.', 'userCity'],
  [
    'address short',
    { userStreet: 'ab' },
    'E30a',
    'La dirección debe tener entre 3 y 250 caracteres.',
    'userStreet',
  ],
  [
    'address long',
    { userStreet: long(251) },
    'E30a',
    'La dirección debe tener entre 3 y 250 caracteres.',
    'userStreet',
  ],
  [
    'address symbols',
    { userStreet: 'Calle <b>1</b>' },
    'E31',
    'La dirección solo puede contener letras, números y los signos . , # / º -',
    'userStreet',
  ],
  ['floor long', { userFloor: '1234' }, 'E33', 'El piso debe tener entre 1 y 3 caracteres.', 'userFloor'],
  ['floor symbols', { userFloor: '1°' }, 'E34', 'El piso solo puede contener letras y números.', 'userFloor'],
  [
    'apartment long',
    { userDepto: '123456789' },
    'E36',
    'El departamento debe tener entre 1 y 8 caracteres.',
    'userDepto',
  ],
  [
    'apartment symbols',
    { userDepto: 'B#2' },
    'E37',
    'El departamento solo puede contener letras y números.',
    'userDepto',
  ],
  [
    'postal code',
    { userPObox: 'B1900-CABA-1' },
    'E38',
    'El código postal solo puede tener hasta 10 letras y números.',
    'userPObox',
  ],
  ['gender', { userGender: 4 }, 'E39', 'Debes seleccionar un género válido.', 'userGender'],
  [
    'id number',
    { userIdentify: '30<123>' },
    'E40',
    'El documento solo puede tener hasta 20 letras, números, puntos o guiones.',
    'userIdentify',
  ],
  ['note long', { note: long(10_001) }, 'E41', 'La nota es demasiado larga.', 'note'],
  [
    'insurance name long',
    { obraSocial: long(151) },
    'E50',
    'La obra social no puede superar los 150 caracteres.',
    'obraSocial',
  ],
  [
    'insurance number long',
    { numObraSocial: long(151) },
    'E51',
    'El número de afiliado no puede superar los 150 caracteres.',
    'numObraSocial',
  ],
  ['phone missing', { userPhone: '' }, 'E70', 'Debes ingresar el teléfono del consultante.', 'userPhone'],
  ['phone invalid', { userPhone: '+54 123' }, 'E71', 'El teléfono ingresado no es valido.', 'userPhone'],
];

describe('add-contact rules (spec 001 §5, §8)', () => {
  let prof: Awaited<ReturnType<typeof professional>>;
  beforeAll(async () => {
    prof = await professional();
  });

  it.each(addCases)('%s → %s', async (_label, change, code, message, field) => {
    const input = fullInput(change);
    // The E25 case needs a real state of another country; -1 stands for it in the table.
    if (change.userState === -1) input.userState = otherCountryState;
    const res = await t.call('add-contact', input, prof.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: '400', code, message, field });
    expect(await contactRows(prof.id)).toHaveLength(0);
  });

  it('E4: the professional cannot add their own e-mail', async () => {
    const res = await t.call('add-contact', fullInput({ userMail: prof.userMail }), prof.token);
    expect(res.body).toMatchObject({ status: '400', code: 'E4', message: 'No puedes utilizar ese email.' });
    expect(await contactRows(prof.id)).toHaveLength(0);
  });

  it('E30: an e-mail already in the contacts is refused, and a deleted one frees it', async () => {
    const other = await professional();
    const ref = await addContact(other.token, { userMail: 'repetida@example.com' });
    const again = await t.call('add-contact', fullInput({ userMail: 'Repetida@Example.com' }), other.token);
    expect(again.body).toEqual({
      status: '400',
      code: 'E30',
      message: 'Este consultante ya se encuentra cargado.',
      field: 'userMail',
    });
    expect(await contactRows(other.id)).toHaveLength(1);
    await t.call('delete-contact', { ref }, other.token);
    expect(
      (await t.call('add-contact', fullInput({ userMail: 'repetida@example.com' }), other.token)).statusCode,
    ).toBe(200);
  });
});

describe("phones are read as the contact's country writes them (spec 001 §5)", () => {
  let prof: Awaited<ReturnType<typeof professional>>;
  beforeAll(async () => {
    prof = await professional();
  });

  /** The contact's country and a state of it (none when the reference data has no states). */
  async function placeOf(iso: string) {
    const userCountry = await t.deps.reference.countryIdForIso(iso);
    if (userCountry === null) throw new Error(`no country ${iso}`);
    const [state] = await t.deps.reference.listStates(userCountry);
    return { userCountry, userState: state?.id ?? null, userCity: null };
  }

  const national: [iso: string, written: string, stored: string][] = [
    ['AR', '011 15 4444-5555', '+5491144445555'],
    ['AR', '0351 15 444-6666', '+5493514446666'],
    ['AR', '11 4444 5555', '+541144445555'],
    ['BR', '(11) 91234-5678', '+5511912345678'],
    ['CL', '9 6123 4567', '+56961234567'],
    ['CO', '321 1234567', '+573211234567'],
    ['EC', '099 123 4567', '+593991234567'],
    ['ES', '612 34 56 78', '+34612345678'],
    ['MX', '55 1234 5678', '+525512345678'],
    ['MX', '+52 1 55 1234 5678', '+525512345678'],
    ['PE', '987 654 321', '+51987654321'],
    ['UY', '099 123 456', '+59899123456'],
    ['US', '(201) 555-0123', '+12015550123'],
  ];

  it.each(national)('%s: %s is saved as %s', async (iso, userPhone, stored) => {
    const res = await t.call('add-contact', contactInput({ ...(await placeOf(iso)), userPhone }), prof.token);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const info = await t.call('find-user-info-contact', { ref: res.body.ref }, prof.token);
    expect(info.body.userPhone).toBe(stored);
  });

  const foreign: [iso: string, written: string][] = [
    ['AR', '(201) 555-0123'],
    ['CO', '(201) 555-0123'],
    ['US', '612 34 56 78'],
    ['MX', '612 34 56 78'],
    ['ES', '321 1234567'],
  ];

  it.each(foreign)('%s: %s is not a number there and is refused', async (iso, userPhone) => {
    const before = (await contactRows(prof.id)).length;
    const res = await t.call('add-contact', contactInput({ ...(await placeOf(iso)), userPhone }), prof.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      status: '400',
      code: 'E71',
      message: 'El teléfono ingresado no es valido.',
      field: 'userPhone',
    });
    expect(await contactRows(prof.id)).toHaveLength(before);
  });

  it("update-contact reads the number with the contact's new country", async () => {
    const ref = await addContact(prof.token);
    const place = await placeOf('CO');
    const res = await t.call(
      'update-contact',
      { ...fullInput({ ...place, userPhone: '321 1234567', obraSocial: null, numObraSocial: null }), ref },
      prof.token,
    );
    expect(res.body).toEqual({ status: '200' });
    const info = await t.call('find-user-info-contact', { ref }, prof.token);
    expect(info.body.userPhone).toBe('+573211234567');
  });
});

describe('update-contact', () => {
  it('updates every field and answers 200', async () => {
    const prof = await professional();
    const ref = await addContact(prof.token);
    const res = await t.call(
      'update-contact',
      { ...fullInput({ userFirstName: 'Sofi', userPhone: '+1 202 555 0143', userGender: 3 }), ref },
      prof.token,
    );
    expect(res.body).toEqual({ status: '200' });
    const info = await t.call('find-user-info-contact', { ref }, prof.token);
    expect(info.body).toMatchObject({ userFirstName: 'Sofi', userPhone: '+12025550143', userGender: 3 });
  });

  const updateCases: [string, Record<string, unknown>, string, string, string][] = [
    [
      'birth date missing',
      { userBirthYear: undefined },
      'E16',
      'Debes ingresar la fecha de nacimiento.',
      'userBirthYear',
    ],
    ['address missing', { userStreet: '' }, 'E29', 'Debes ingresar la dirección.', 'userStreet'],
    ['address absent', { userStreet: undefined }, 'E29', 'Debes ingresar la dirección.', 'userStreet'],
    [
      'address symbols',
      { userStreet: 'Calle ; DROP' },
      'E31',
      'La dirección solo puede contener letras, números y los signos . , # / º -',
      'userStreet',
    ],
    ['a minor', { userBirthYear: 2015 }, 'E19', 'El consultante debe ser mayor de edad.', 'userBirthYear'],
    ['phone invalid', { userPhone: '12' }, 'E71', 'El teléfono ingresado no es valido.', 'userPhone'],
  ];

  it.each(updateCases)('%s → %s, nothing written', async (_label, change, code, message, field) => {
    const prof = await professional();
    const ref = await addContact(prof.token);
    const before = await contactRows(prof.id);
    const res = await t.call('update-contact', { ...fullInput(change), ref }, prof.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: '400', code, message, field });
    expect(await contactRows(prof.id)).toEqual(before);
  });

  it('E5: another contact already uses the e-mail; E90: an unknown ref', async () => {
    const prof = await professional();
    const first = await addContact(prof.token, { userMail: 'primera@example.com' });
    await addContact(prof.token, { userMail: 'segunda@example.com' });
    const before = await contactRows(prof.id);
    const taken = await t.call(
      'update-contact',
      { ...fullInput({ userMail: 'segunda@example.com' }), ref: first },
      prof.token,
    );
    expect(taken.body).toEqual({
      status: '400',
      code: 'E5',
      message: 'El email ingresado ya se encuentra registrado.',
      field: 'userMail',
    });
    const unknown = await t.call(
      'update-contact',
      { ...fullInput(), ref: 'abcdefghijklmnopqrstuv' },
      prof.token,
    );
    expect(unknown.body).toMatchObject({
      status: '400',
      code: 'E90',
      message: 'No encontramos al consultante.',
    });
    expect(await contactRows(prof.id)).toEqual(before);
    const same = await t.call(
      'update-contact',
      { ...fullInput({ userMail: 'primera@example.com' }), ref: first },
      prof.token,
    );
    expect(same.statusCode).toBe(200);
  });
});

describe('delete-contact', () => {
  it('is a soft delete: gone from the list and reads, the row and its notes kept', async () => {
    const prof = await professional();
    const ref = await addContact(prof.token);
    await t.call('save-psico-notes', { consId: ref, note: 'Primera sesión.' }, prof.token);
    const res = await t.call('delete-contact', { ref }, prof.token);
    expect(res.body).toEqual({ status: '200' });
    expect((await t.call('find-contacts', { mode: 1 }, prof.token)).body.contacts).toEqual([]);
    expect((await t.call('find-user-info-contact', { ref }, prof.token)).body.code).toBe('E90');
    expect((await t.call('find-psico-notes', { consId: ref, next: 0 }, prof.token)).body.code).toBe('E90');
    expect(await findOwnedContact(t.deps.db, prof.id, ref)).toBeNull();
    const [row] = await contactRows(prof.id);
    expect(row?.deleted_at).toBe(t.clock.now.toISOString());
    const notes = await t.deps.db
      .selectFrom('psico_notes')
      .selectAll()
      .where('contact_id', '=', row?.id ?? 0)
      .execute();
    expect(notes).toHaveLength(1);
    expect((await t.call('delete-contact', { ref }, prof.token)).body.code).toBe('E90');
  });
});

describe('the single note (find-notes / update-notes)', () => {
  it('reads, updates and clears', async () => {
    const prof = await professional();
    const ref = await addContact(prof.token);
    expect((await t.call('find-notes', { ref }, prof.token)).body).toEqual({ status: '200', note: '' });
    expect(
      (await t.call('update-notes', { ref, note: 'Prefiere turnos por la tarde.' }, prof.token)).body,
    ).toEqual({
      status: '200',
    });
    expect((await t.call('find-notes', { ref }, prof.token)).body.note).toBe('Prefiere turnos por la tarde.');
    const tooLong = await t.call('update-notes', { ref, note: long(10_001) }, prof.token);
    expect(tooLong.body).toEqual({
      status: '400',
      code: 'E4',
      message: 'La nota es demasiado larga.',
      field: 'note',
    });
    expect((await t.call('find-notes', { ref }, prof.token)).body.note).toBe('Prefiere turnos por la tarde.');
    await t.call('update-notes', { ref, note: '' }, prof.token);
    expect((await t.call('find-notes', { ref }, prof.token)).body.note).toBe('');
  });
});

describe('session notes (spec 001 §2.4)', () => {
  it.each([
    ['   ', 'E2', 'La nota no puede estar vacia.'],
    ['a', 'E3', 'La nota es demasiado corta.'],
    [long(10_001), 'E4', 'La nota es demasiado larga.'],
  ])('refuses %#: %s with nothing written', async (note, code, message) => {
    const prof = await professional();
    const ref = await addContact(prof.token);
    const res = await t.call('save-psico-notes', { consId: ref, note }, prof.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: '400', code, message, field: 'note' });
    expect(
      await t.deps.db.selectFrom('psico_notes').selectAll().where('professional_id', '=', prof.id).execute(),
    ).toEqual([]);
  });

  it('pages 10 at a time, newest first', async () => {
    const prof = await professional();
    const ref = await addContact(prof.token);
    const start = t.clock.now;
    try {
      for (let i = 1; i <= 23; i += 1) {
        t.clock.now = new Date(start.getTime() + i * 60_000);
        const res = await t.call('save-psico-notes', { consId: ref, note: `Nota ${i}` }, prof.token);
        expect(res.statusCode).toBe(200);
      }
    } finally {
      t.clock.now = start;
    }
    const page1 = await t.call('find-psico-notes', { consId: ref, next: 0 }, prof.token);
    expect(page1.body.notes.map((n: { note: string }) => n.note)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Nota ${23 - i}`),
    );
    expect(page1.body.hasMore).toBe(true);
    const page2 = await t.call('find-psico-notes', { consId: ref, next: 10 }, prof.token);
    expect(page2.body.notes[0].note).toBe('Nota 13');
    const page3 = await t.call('find-psico-notes', { consId: ref, next: 20 }, prof.token);
    expect(page3.body.notes.map((n: { note: string }) => n.note)).toEqual(['Nota 3', 'Nota 2', 'Nota 1']);
    expect(page3.body.hasMore).toBe(false);
  });

  it('an edit keeps the previous text as a version and is audited', async () => {
    const prof = await professional();
    const ref = await addContact(prof.token);
    const created = await t.call('save-psico-notes', { consId: ref, note: 'Texto original.' }, prof.token);
    const id = created.body.id as string;
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 3_600_000);
    const edited = await t.call(
      'save-psico-notes',
      { consId: ref, ref: id, note: 'Texto corregido.' },
      prof.token,
    );
    t.clock.now = start;
    expect(edited.body).toEqual({ status: '200', id });
    const list = await t.call('find-psico-notes', { consId: ref, next: 0 }, prof.token);
    expect(list.body.notes).toEqual([
      {
        id,
        date: start.toISOString(),
        note: 'Texto corregido.',
        editedAt: new Date(start.getTime() + 3_600_000).toISOString(),
      },
    ]);
    const note = await t.deps.db
      .selectFrom('psico_notes')
      .select('id')
      .where('ref', '=', id)
      .executeTakeFirstOrThrow();
    const versions = await t.deps.db
      .selectFrom('psico_note_versions')
      .selectAll()
      .where('psico_note_id', '=', note.id)
      .execute();
    expect(versions.map((v) => v.note)).toEqual(['Texto original.']);
    const events = await t.deps.db
      .selectFrom('audit_events')
      .select(['area', 'action', 'outcome'])
      .where('owner_id', '=', prof.id)
      .where('area', '=', 'notes')
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { area: 'notes', action: 'create', outcome: 'ok' },
      { area: 'notes', action: 'update', outcome: 'ok' },
      { area: 'notes', action: 'read', outcome: 'ok' },
    ]);
    const unknown = await t.call(
      'save-psico-notes',
      { consId: ref, ref: 'zzzzzzzzzzzzzzzzzzzzzz', note: 'Otra.' },
      prof.token,
    );
    expect(unknown.body).toMatchObject({ status: '400', code: 'E91', message: 'No encontramos la nota.' });
  });
});

describe('ownership (professional B gets nothing of A)', () => {
  it('every action answers B as if the contact did not exist, and changes nothing', async () => {
    const a = await professional();
    const b = await professional();
    const ref = await addContact(a.token, { note: 'Privada.' });
    const saved = await t.call('save-psico-notes', { consId: ref, note: 'Apunte de A.' }, a.token);
    const noteRef = saved.body.id as string;
    const before = await contactRows(a.id);

    expect((await t.call('find-contacts', { mode: 1 }, b.token)).body.contacts).toEqual([]);
    expect((await t.call('find-contacts', { mode: 1, ref }, b.token)).body.contacts).toEqual([]);
    const notFound = { status: '400', code: 'E90', message: 'No encontramos al consultante.' };
    expect((await t.call('find-user-info-contact', { ref }, b.token)).body).toMatchObject(notFound);
    expect((await t.call('update-contact', { ...fullInput(), ref }, b.token)).body).toMatchObject(notFound);
    expect((await t.call('delete-contact', { ref }, b.token)).body).toMatchObject(notFound);
    expect((await t.call('find-contact-bookings', { ref }, b.token)).body).toMatchObject(notFound);
    expect((await t.call('find-notes', { ref }, b.token)).body).toMatchObject(notFound);
    expect((await t.call('update-notes', { ref, note: 'x' }, b.token)).body).toMatchObject(notFound);
    expect((await t.call('find-psico-notes', { consId: ref, next: 0 }, b.token)).body).toMatchObject(
      notFound,
    );
    expect(
      (await t.call('save-psico-notes', { consId: ref, ref: noteRef, note: 'Pisado por B.' }, b.token)).body,
    ).toMatchObject(notFound);
    expect(await contactRows(a.id)).toEqual(before);
    expect((await t.call('find-psico-notes', { consId: ref, next: 0 }, a.token)).body.notes[0].note).toBe(
      'Apunte de A.',
    );
    const denied = await t.deps.db
      .selectFrom('audit_events')
      .select(['outcome', 'contact_id'])
      .where('owner_id', '=', b.id)
      .where('outcome', '=', 'denied')
      .execute();
    expect(denied.length).toBeGreaterThanOrEqual(4);
    expect(denied.every((e) => e.contact_id === null)).toBe(true);

    // A contact B creates with the same e-mail is B's own, unrelated record.
    const mail = before[0]?.email;
    expect((await t.call('add-contact', fullInput({ userMail: mail }), b.token)).statusCode).toBe(200);
  });

  it('a client account and a logged-out caller are refused everywhere', async () => {
    const a = await professional();
    const ref = await addContact(a.token);
    const client = await t.registerUser(2);
    const calls: [string, Record<string, unknown>][] = [
      ['find-contacts', { mode: 1 }],
      ['find-user-info-contact', { ref }],
      ['add-contact', fullInput()],
      ['update-contact', { ...fullInput(), ref }],
      ['delete-contact', { ref }],
      ['find-notes', { ref }],
      ['update-notes', { ref, note: 'x' }],
      ['find-psico-notes', { consId: ref, next: 0 }],
      ['save-psico-notes', { consId: ref, note: 'Hola hola' }],
      ['download-excel-contacts', {}],
    ];
    for (const [action, input] of calls) {
      const asClient = await t.call(action as 'find-contacts', input, client.token);
      expect(asClient.statusCode, action).toBe(403);
      expect(asClient.body.code).toBe('E403');
      expect((await t.call(action as 'find-contacts', input, null)).statusCode, action).toBe(401);
    }
    expect(await contactRows(a.id)).toHaveLength(1);
  });
});

describe('corporate sessions (spec 001 §6)', () => {
  it('a member with contactsView and contactsInfo reads info but not notes', async () => {
    const owner = await professional();
    const member = await professional();
    const ref = await addContact(owner.token);
    const token = await createCorporateSession(t.deps, owner.id, member.id, {
      contactsView: true,
      contactsInfo: true,
    });
    expect((await t.call('find-user-info-contact', { ref }, token)).body.userFirstName).toBe('Sofía');
    expect((await t.call('find-contacts', { mode: 1 }, token)).body.contacts[0].userStreet).toBe(
      'Av. Siempreviva 742',
    );
    for (const [action, input] of [
      ['find-notes', { ref }],
      ['update-notes', { ref, note: 'x' }],
      ['find-psico-notes', { consId: ref, next: 0 }],
      ['save-psico-notes', { consId: ref, note: 'Nota del equipo' }],
    ] as const) {
      const res = await t.call(action, input, token);
      expect(res.statusCode, action).toBe(403);
      expect(res.body).toMatchObject({
        code: 'E403',
        message: 'No tienes permisos para realizar esta acción.',
      });
    }
  });

  it('a member with contactsView only sees the list without the data fields', async () => {
    const owner = await professional();
    const member = await professional();
    await addContact(owner.token);
    const token = await createCorporateSession(t.deps, owner.id, member.id, { contactsView: true });
    const list = await t.call('find-contacts', { mode: 1 }, token);
    expect(list.body.contacts[0]).toMatchObject({
      sellerName: 'Sofía Martínez',
      userStreet: null,
      userBirthYear: null,
    });
    expect((await t.call('download-excel-contacts', {}, token)).statusCode).toBe(403);
    expect((await t.call('add-contact', fullInput(), token)).statusCode).toBe(403);
  });

  it('a member with contactsNotes writes session notes as the owner, authored by the member', async () => {
    const owner = await professional();
    const member = await professional();
    const ref = await addContact(owner.token);
    const token = await createCorporateSession(t.deps, owner.id, member.id, { contactsNotes: true });
    const saved = await t.call('save-psico-notes', { consId: ref, note: 'Nota del equipo' }, token);
    expect(saved.statusCode).toBe(200);
    const row = await t.deps.db
      .selectFrom('psico_notes')
      .selectAll()
      .where('ref', '=', saved.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ professional_id: owner.id, author_id: member.id });
    expect((await t.call('find-user-info-contact', { ref }, token)).statusCode).toBe(403);
    // The member's own address is not a valid contact of the team either (E4).
    const info = await createCorporateSession(t.deps, owner.id, member.id, { contactsInfo: true });
    const own = await t.call('add-contact', fullInput({ userMail: member.userMail }), info);
    expect(own.body).toMatchObject({ code: 'E4' });
  });
});

describe('contacts spreadsheet (download-excel-contacts)', () => {
  it('answers a private link that only its owner can download, with one row per contact', async () => {
    const a = await professional();
    const b = await professional();
    await addContact(a.token, { userFirstName: 'Beatriz' });
    await addContact(a.token, {
      userFirstName: 'Carla',
      userBirthYear: 1975,
      userBirthMonth: 12,
      userBirthDay: 1,
    });
    const gone = await addContact(a.token, { userFirstName: 'Dora' });
    await t.call('delete-contact', { ref: gone }, a.token);
    const res = await t.call('download-excel-contacts', {}, a.token);
    expect(res.statusCode).toBe(200);
    const file = res.body.file as string;
    expect(file).toMatch(/^\/files\/contacts-export\/\d{13}-[A-Za-z0-9_-]{22}\.xlsx$/);

    const download = await t.app.inject({
      method: 'GET',
      url: file,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Consultantes');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Nombre');
    expect(sheet?.getRow(1).getCell(6).value).toBe('Fecha de nacimiento');
    expect(sheet?.rowCount).toBe(3);
    const names = [sheet?.getRow(2).getCell(1).value, sheet?.getRow(3).getCell(1).value];
    expect(names.sort()).toEqual(['Beatriz', 'Carla']);
    const carla = sheet?.getRow(2).getCell(1).value === 'Carla' ? sheet.getRow(2) : sheet?.getRow(3);
    expect(carla?.getCell(6).value).toEqual(new Date(Date.UTC(1975, 11, 1)));
    expect(carla?.getCell(6).numFmt).toBe('dd/mm/yyyy');

    const asB = await t.app.inject({
      method: 'GET',
      url: file,
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(asB.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: file })).statusCode).toBe(401);
    const bFile = (await t.call('download-excel-contacts', {}, b.token)).body.file as string;
    const bDownload = await t.app.inject({
      method: 'GET',
      url: bFile,
      headers: { authorization: `Bearer ${b.token}` },
    });
    const bBook = new ExcelJS.Workbook();
    await bBook.xlsx.load(bDownload.rawPayload as unknown as ArrayBuffer);
    expect(bBook.getWorksheet('Consultantes')?.rowCount).toBe(1);

    // Links expire after an hour.
    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + 61 * 60_000);
    const late = await t.app.inject({
      method: 'GET',
      url: file,
      headers: { authorization: `Bearer ${a.token}` },
    });
    t.clock.now = start;
    expect(late.statusCode).toBe(404);
  });
});

describe('contacts service', () => {
  it('ensureContactForClient creates once, links an existing contact by e-mail, and is owner-only', async () => {
    const prof = await professional();
    const other = await professional();
    const client = await t.registerUser(2);
    const clientId = await userIdOf(t, client.userMail);
    const first = await ensureContactForClient(t.deps.db, prof.id, { id: clientId }, t.clock.now);
    const second = await ensureContactForClient(t.deps.db, prof.id, { id: clientId }, t.clock.now);
    expect(second.ref).toBe(first.ref);
    expect(first).toMatchObject({ email: client.userMail, userId: clientId, firstName: 'Ana' });
    expect((await findOwnedContact(t.deps.db, prof.id, first.ref))?.id).toBe(first.id);
    expect(await findOwnedContact(t.deps.db, other.id, first.ref)).toBeNull();
    const list = await t.call('find-contacts', { mode: 1 }, prof.token);
    expect(list.body.contacts[0].idChat).toBeTruthy();

    const typed = await addContact(other.token, { userMail: client.userMail });
    const linked = await ensureContactForClient(t.deps.db, other.id, { id: clientId }, t.clock.now);
    expect(linked.ref).toBe(typed);
    expect(linked.userId).toBe(clientId);
  });
});

describe('demo seed', () => {
  it('gives the demo professional contacts with notes, idempotently', async () => {
    const { seedDemo } = await import('../../seed/seed.ts');
    await seedDemo(t.deps);
    await seedDemo(t.deps);
    const prof = await userIdOf(t, 'profesional@agendo.test');
    const contacts = await contactRows(prof);
    // Six seeded records plus the demo student, who became a contact by buying a course module.
    expect(contacts).toHaveLength(7);
    expect(contacts.filter((c) => c.user_id !== null)).toHaveLength(2);
    const notes = await t.deps.db
      .selectFrom('psico_notes')
      .selectAll()
      .where('professional_id', '=', prof)
      .execute();
    expect(notes.length).toBeGreaterThanOrEqual(6);
  });
});

describe('find-contact-bookings (the Bookings tab)', () => {
  it("lists the contact's bookings with this professional, newest first, and nothing to others", async () => {
    const prof = await professional();
    const other = await professional();
    const client = await t.registerUser(2);
    const clientId = await userIdOf(t, client.userMail);
    const contact = await ensureContactForClient(t.deps.db, prof.id, { id: clientId }, t.clock.now);
    const typed = await addContact(prof.token);
    const typedId = (await findOwnedContact(t.deps.db, prof.id, typed))?.id ?? 0;
    const now = t.clock.now.toISOString();
    const publication = await t.deps.db
      .insertInto('publications')
      .values(publicationRow(prof.id, now, { title: 'Sesión individual', description: 'Una sesión.' }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const booking = (startsAt: string, over: Record<string, unknown>) =>
      t.deps.db
        .insertInto('bookings')
        .values(bookingRow({ publicationId: publication.id, professionalId: prof.id, startsAt, now }, over))
        .execute();
    await booking('2026-11-25T13:00:00.000Z', { client_id: clientId });
    await booking('2026-12-02T13:00:00.000Z', { contact_id: contact.id, state: 'pending' });
    await booking('2026-12-03T13:00:00.000Z', { client_id: clientId, state: 'held' });
    await booking('2026-12-04T13:00:00.000Z', { contact_id: typedId });

    const res = await t.call('find-contact-bookings', { ref: contact.ref }, prof.token);
    expect(res.body.bookings).toEqual([
      {
        id: expect.any(String),
        title: 'Sesión individual',
        startsAt: '2026-12-02T13:00:00.000Z',
        endsAt: '2026-12-02T14:00:00.000Z',
        state: 'pending',
      },
      expect.objectContaining({ startsAt: '2026-11-25T13:00:00.000Z', state: 'confirmed' }),
    ]);
    expect((await t.call('find-contact-bookings', { ref: typed }, prof.token)).body.bookings).toHaveLength(1);
    expect((await t.call('find-contact-bookings', { ref: contact.ref }, other.token)).body).toMatchObject({
      code: 'E90',
    });
  });
});
