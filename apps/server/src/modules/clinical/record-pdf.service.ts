import {
  allergySeverities,
  type CieCode,
  consentSigners,
  labelOf,
  treatmentStatuses,
} from '@agendo/contract';
import { DateTime } from 'luxon';
import { openPdfDocument } from '../../lib/pdf-document.ts';
import { printable } from '../../lib/pdf-text.ts';
import type { SignedInContext } from '../../rpc.ts';
import { accountById } from '../accounts/accounts.service.ts';
import type { OwnedContact } from '../contacts/contacts.service.ts';
import { findOwnedContact, sessionNotesOf } from '../contacts/contacts.service.ts';
import { recordFilesByRef, storePrivateFile, toRecordFile } from '../files/files.service.ts';
import type { EntryRow } from './clinical.repository.ts';
import { allEntriesOf, audit, displayDate } from './clinical.service.ts';

type Payload = Record<string, unknown>;

interface Section {
  area: EntryRow['area'];
  kind?: number;
  /** spec 001 §2.5: the tab headings. */
  heading: string;
  lines(p: Payload, files: string[]): string[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const day = (v: unknown) => (typeof v === 'string' && v ? displayDate(v) : '');
const codes = (v: unknown) =>
  Array.isArray(v) ? (v as CieCode[]).map((c) => `${c.cie10Code} ${c.cie10Description}`).join('; ') : '';
const cie = (p: Payload) => (p.cie10Code ? `CIE-10: ${str(p.cie10Code)} ${str(p.cie10Description)}` : '');
const attached = (files: string[]) => (files.length > 0 ? `Archivos: ${files.join(', ')}` : '');

const sections: Section[] = [
  { area: 'complaint', heading: 'Motivo de consulta', lines: (p) => [str(p.description)] },
  {
    area: 'session',
    heading: 'Consulta y evolución',
    lines: (p) => [codes(p.cieCodes) && `CIE-10: ${codes(p.cieCodes)}`, str(p.description)],
  },
  {
    area: 'study',
    heading: 'Estudios',
    lines: (p, f) => [
      `Fecha del estudio: ${day(p.studyDate)} · ${str(p.studyType)}`,
      str(p.description),
      attached(f),
    ],
  },
  {
    area: 'treatment',
    heading: 'Tratamientos',
    lines: (p, f) => [
      `${str(p.treatmentName)} · ${str(p.treatmentDose)}`,
      `${labelOf(treatmentStatuses, p.status as 1 | 2 | 3)} · Inicio ${day(p.startDate)}${p.status === 3 ? ` · Fin ${day(p.endDate)}` : ''}`,
      codes(p.cieCodes) && `CIE-10: ${codes(p.cieCodes)}`,
      str(p.description),
      attached(f),
    ],
  },
  {
    area: 'consent',
    heading: 'Consentimientos',
    lines: (p, f) => [
      `${str(p.studyType)} · ${day(p.studyDate)}`,
      `Firmado por: ${labelOf(consentSigners, p.signedBy as 1 | 2 | 3)}`,
      attached(f),
    ],
  },
  {
    area: 'allergy',
    heading: 'Alergias',
    lines: (p) => [
      `${str(p.allergyName)} · Severidad: ${labelOf(allergySeverities, p.severity as 1 | 2 | 3)}`,
      cie(p),
      `Reacción: ${str(p.reaction)}`,
      `Notas: ${str(p.description)}`,
    ],
  },
  {
    area: 'background',
    kind: 1,
    heading: 'Antecedentes personales',
    lines: (p) => [cie(p), str(p.description)],
  },
  {
    area: 'background',
    kind: 2,
    heading: 'Antecedentes familiares',
    lines: (p) => [cie(p), str(p.description)],
  },
  {
    area: 'vaccine',
    heading: 'Vacunas',
    lines: (p, f) => [`${str(p.vaccineName)} · ${day(p.vaccineDate)}`, str(p.description), attached(f)],
  },
];

async function contactLines(ctx: SignedInContext, contact: OwnedContact): Promise<string[]> {
  const country = contact.countryId ? await ctx.deps.reference.countryById(contact.countryId, 'es') : null;
  const birth =
    contact.birthYear && contact.birthMonth && contact.birthDay
      ? `${String(contact.birthDay).padStart(2, '0')}/${String(contact.birthMonth).padStart(2, '0')}/${contact.birthYear}`
      : '';
  const address = [
    contact.street,
    contact.floor && `Piso ${contact.floor}`,
    contact.depto && `Depto ${contact.depto}`,
  ]
    .filter(Boolean)
    .join(', ');
  return [
    `Email: ${contact.email}`,
    contact.phone ? `Teléfono: ${contact.phone}` : '',
    birth ? `Fecha de nacimiento: ${birth}` : '',
    contact.gender ? `Género: ${['', 'Hombre', 'Mujer', 'Transgenero'][contact.gender] ?? ''}` : '',
    country ? `País: ${country.name}` : '',
    address ? `Domicilio: ${address}` : '',
    contact.obraSocial ? `Obra social: ${contact.obraSocial} ${contact.numObraSocial ?? ''}`.trim() : '',
    contact.identify ? `Documento: ${contact.identify}` : '',
  ].filter(Boolean);
}

export interface RecordPdfInput {
  professionalName: string;
  contactName: string;
  contactLines: string[];
  generatedAt: string;
  entries: EntryRow[];
  fileNames: Map<string, string>;
  /** spec 001 §2.4 'Apuntes', already dated in the professional's zone; empty when not permitted. */
  sessionNotes: { date: string; note: string }[];
}

/** Renders the whole record (spec 001 §2.1 print records) as one PDF. */
export async function renderRecordPdf(input: RecordPdfInput): Promise<Buffer> {
  const { doc, bytes } = await openPdfDocument({
    size: 'A4',
    margin: 50,
    info: { Title: 'Historia clínica', Author: 'Agendo' },
  });
  const write = (text: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(printable(text), options);

  doc.font('Helvetica-Bold').fontSize(18);
  write('Historia clínica');
  doc.font('Helvetica').fontSize(10).fillColor('#555555');
  write(`Generado el ${input.generatedAt} por ${input.professionalName}`);
  doc.moveDown();
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(14);
  write(input.contactName);
  doc.font('Helvetica').fontSize(10);
  for (const line of input.contactLines) write(line);

  for (const section of sections) {
    const rows = input.entries.filter(
      (row) => row.area === section.area && (section.kind === undefined || row.kind === section.kind),
    );
    if (rows.length === 0) continue;
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#1f4e79');
    write(section.heading);
    doc.fillColor('#000000');
    for (const row of rows) {
      const payload = JSON.parse(row.payload) as Payload;
      const files = Array.isArray(payload.files)
        ? (payload.files as string[]).map((ref) => input.fileNames.get(ref) ?? 'archivo')
        : [];
      doc.moveDown(0.4);
      doc.font('Helvetica-Bold').fontSize(10);
      write(`${displayDate(row.entry_date)} — Profesional: ${row.prof_name}`);
      doc.font('Helvetica').fontSize(10);
      for (const line of section.lines(payload, files)) if (line) write(line);
    }
  }
  if (input.sessionNotes.length > 0) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#1f4e79');
    write('Apuntes de sesión');
    doc.fillColor('#000000');
    for (const note of input.sessionNotes) {
      doc.moveDown(0.4);
      doc.font('Helvetica-Bold').fontSize(10);
      write(note.date);
      doc.font('Helvetica').fontSize(10);
      write(note.note);
    }
  }
  doc.end();
  return bytes;
}

/**
 * print-records: the PDF of the contact's whole record, stored privately like the uploads and
 * served by the same authenticated route; the print is audited. Null for an unknown or foreign
 * contact (an audited denial).
 */
export async function printRecords(ctx: SignedInContext, contactRef: string): Promise<string | null> {
  const { db } = ctx.deps;
  const contact = await findOwnedContact(db, ctx.user.id, contactRef);
  if (!contact) {
    await audit(ctx, {
      contactId: null,
      area: 'records',
      action: 'print',
      entityRef: contactRef,
      outcome: 'denied',
    });
    return null;
  }
  const entries = await allEntriesOf(db, ctx.user.id, contact.id);
  const refs = entries.flatMap((row) => {
    const files = (JSON.parse(row.payload) as Payload).files;
    return Array.isArray(files) ? (files as string[]) : [];
  });
  const files = await recordFilesByRef(db, ctx.user.id, refs);
  const owner = await accountById(db, ctx.user.id);
  const actor = ctx.user.actorId === ctx.user.id ? owner : await accountById(db, ctx.user.actorId);
  const zone = owner?.time_zone ?? 'America/Argentina/Buenos_Aires';
  const now = ctx.deps.now();
  // Session notes are private notes under their own permission (spec 001 §6 contactsNotes).
  const mayReadNotes = ctx.user.permissions === null || ctx.user.permissions.contactsNotes === true;
  const notes = mayReadNotes ? await sessionNotesOf(db, contact.id) : [];
  const bytes = await renderRecordPdf({
    professionalName: actor
      ? `${actor.first_name} ${actor.last_name}`
      : `${ctx.user.firstName} ${ctx.user.lastName}`,
    contactName: `${contact.firstName} ${contact.lastName}`,
    contactLines: await contactLines(ctx, contact),
    generatedAt: DateTime.fromJSDate(now).setZone(zone).toFormat('dd/MM/yyyy HH:mm'),
    entries,
    fileNames: new Map([...files].map(([ref, file]) => [ref, file.name])),
    sessionNotes: notes.map((n) => ({
      date: DateTime.fromISO(n.createdAt).setZone(zone).toFormat('dd/MM/yyyy HH:mm'),
      note: n.note,
    })),
  });
  const stored = await storePrivateFile(ctx.deps, {
    professionalId: ctx.user.id,
    contactId: contact.id,
    area: 'records',
    kind: 'pdf',
    mime: 'application/pdf',
    name: `historia-clinica-${contact.lastName}-${DateTime.fromJSDate(now).toFormat('yyyyMMdd-HHmm')}.pdf`,
    bytes,
    ext: 'pdf',
    actorId: ctx.user.actorId,
    at: now,
  });
  await audit(ctx, {
    contactId: contact.id,
    area: 'records',
    action: 'print',
    entityRef: stored.ref,
    outcome: 'ok',
  });
  return toRecordFile(stored).link;
}
