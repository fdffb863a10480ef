import { DateTime } from 'luxon';
import type { AppDeps } from '../deps.ts';
import { newRef } from '../lib/random.ts';
import { accountByEmail } from '../modules/accounts/accounts.service.ts';
import {
  findLiveContactByEmail,
  insertContact,
  insertPsicoNote,
  listPsicoNotes,
  updateContactRow,
} from '../modules/contacts/contacts.repository.ts';
import { ensureContactForClient } from '../modules/contacts/contacts.service.ts';

interface DemoContact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  countryId: number;
  stateName?: string;
  street?: string;
  gender: 1 | 2 | 3;
  birth: [number, number, number];
  obraSocial?: [string, string];
  note: string;
  psicoNotes: string[];
}

// Phones of several countries on purpose: contacts are not always where the professional is.
const demoContacts: DemoContact[] = [
  {
    firstName: 'Valentina',
    lastName: 'Sosa',
    email: 'valentina.sosa@ejemplo.test',
    phone: '+5491144445555',
    countryId: 5,
    stateName: 'Buenos Aires',
    street: 'Av. Rivadavia 5120',
    gender: 2,
    birth: [1991, 3, 14],
    obraSocial: ['OSDE', '61-123456-01'],
    note: 'Prefiere turnos por la tarde. Derivada por su médica clínica.',
    psicoNotes: [
      'Primera entrevista. Motivo: ansiedad en el trabajo desde hace seis meses.',
      'Refiere mejor descanso. Practicó la respiración diafragmática tres veces por semana.',
      'Conflicto con su jefe; trabajamos registro de pensamientos automáticos.',
    ],
  },
  {
    firstName: 'Joaquín',
    lastName: 'Herrera',
    email: 'joaquin.herrera@ejemplo.test',
    phone: '+5493514446666',
    countryId: 5,
    stateName: 'Córdoba',
    street: 'Bv. San Juan 850',
    gender: 1,
    birth: [1985, 11, 2],
    obraSocial: ['Swiss Medical', 'SM-998877'],
    note: 'Atención online. Avisar por WhatsApp si cambia el horario.',
    psicoNotes: ['Consulta por duelo reciente. Se acuerda frecuencia semanal.'],
  },
  {
    firstName: 'Camila',
    lastName: 'Rojas',
    email: 'camila.rojas@ejemplo.test',
    phone: '+56961234567',
    countryId: 81,
    gender: 2,
    birth: [1995, 7, 30],
    note: 'Vive en Santiago de Chile; sesiones por videollamada.',
    psicoNotes: [],
  },
  {
    firstName: 'Diego',
    lastName: 'Fernández López',
    email: 'diego.fernandez@ejemplo.test',
    phone: '+34612345678',
    countryId: 28,
    gender: 1,
    birth: [1979, 1, 8],
    note: '',
    psicoNotes: ['Seguimiento mensual. Sin novedades relevantes.'],
  },
  {
    firstName: 'Alex',
    lastName: 'Molina',
    email: 'alex.molina@ejemplo.test',
    phone: '+525512345678',
    countryId: 42,
    gender: 3,
    birth: [2000, 9, 21],
    note: 'Pronombres: elle.',
    psicoNotes: [],
  },
];

/**
 * The demo professional's contacts (spec 001 §2.1), with the single note and session notes. One
 * of them is the demo client, linked as if they had booked. Idempotent: contacts are found by
 * e-mail first, and notes are added only to a contact that has none.
 */
export async function seedRecords(deps: AppDeps): Promise<void> {
  const professional = await accountByEmail(deps.db, 'profesional@agendo.test');
  const client = await accountByEmail(deps.db, 'consultante@agendo.test');
  if (!professional) return;
  const now = DateTime.fromJSDate(deps.now(), { zone: 'utc' });

  const stateOf = async (countryId: number, name: string | undefined) => {
    if (!name) return null;
    const states = await deps.reference.listStates(countryId);
    return states.find((s) => s.name === name)?.id ?? null;
  };

  const refs: { id: number; notes: string[] }[] = [];
  if (client) {
    const linked = await ensureContactForClient(deps.db, professional.id, { id: client.id }, deps.now());
    if (linked.birthYear === null) {
      await updateContactRow(deps.db, linked.id, {
        gender: 1,
        birth_year: 1988,
        birth_month: 6,
        birth_day: 5,
        state_id: await stateOf(5, 'Buenos Aires'),
        note: 'Consultante de la plataforma: reserva sus turnos online.',
      });
    }
    refs.push({
      id: linked.id,
      notes: [
        'Primera sesión reservada desde la plataforma. Motivo: estrés laboral.',
        'Buena adherencia a las tareas entre sesiones.',
      ],
    });
  }

  for (const c of demoContacts) {
    const existing = await findLiveContactByEmail(deps.db, professional.id, c.email);
    if (existing) {
      refs.push({ id: existing.id, notes: c.psicoNotes });
      continue;
    }
    const at = now
      .minus({ days: 30 + refs.length * 7 })
      .toJSDate()
      .toISOString();
    const id = await insertContact(deps.db, {
      ref: newRef(),
      professional_id: professional.id,
      user_id: null,
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      phone: c.phone,
      country_id: c.countryId,
      state_id: await stateOf(c.countryId, c.stateName),
      city_id: null,
      street: c.street ?? null,
      floor: null,
      depto: null,
      pobox: null,
      gender: c.gender,
      birth_year: c.birth[0],
      birth_month: c.birth[1],
      birth_day: c.birth[2],
      obra_social: c.obraSocial?.[0] ?? null,
      num_obra_social: c.obraSocial?.[1] ?? null,
      identify: null,
      img: null,
      note: c.note || null,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    });
    refs.push({ id, notes: c.psicoNotes });
  }

  for (const { id, notes } of refs) {
    if (notes.length === 0 || (await listPsicoNotes(deps.db, id, 0, 1)).length > 0) continue;
    for (const [i, note] of notes.entries()) {
      const at = now
        .minus({ days: (notes.length - i) * 7 })
        .toJSDate()
        .toISOString();
      await insertPsicoNote(deps.db, {
        ref: newRef(),
        contact_id: id,
        professional_id: professional.id,
        author_id: professional.id,
        note,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      });
    }
  }
}
