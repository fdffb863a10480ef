import type { ClinicalArea } from '../db/tables/clinical.ts';
import type { AppDeps } from '../deps.ts';
import { loadSharp } from '../lib/heavy-libraries.ts';
import { openPdfDocument } from '../lib/pdf-document.ts';
import { newRef } from '../lib/random.ts';
import { accountByEmail } from '../modules/accounts/accounts.service.ts';
import { findCieCode } from '../modules/clinical/cie10.index.ts';
import { insertEntry, insertEntryVersion } from '../modules/clinical/clinical.repository.ts';
import { listLiveContacts } from '../modules/contacts/contacts.repository.ts';
import { imageViews } from '../modules/files/file-checks.ts';
import { storePrivateFile } from '../modules/files/files.service.ts';

const demoProfessional = 'profesional@agendo.test';

function cie(code: string) {
  const found = findCieCode(code);
  if (!found) throw new Error(`seed: unknown CIE-10 code ${code}`);
  return { cie10Code: found.code, cie10Description: found.title };
}

async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const { doc, bytes } = await openPdfDocument({ size: 'A4', margin: 50 });
  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc.moveDown().font('Helvetica').fontSize(11);
  for (const line of lines) doc.text(line);
  doc.end();
  return bytes;
}

async function demoJpeg(): Promise<Buffer> {
  const sharp = await loadSharp();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="#1d2b36"/>
    <ellipse cx="320" cy="250" rx="170" ry="200" fill="#9fb3c2" opacity="0.55"/>
    <rect x="300" y="60" width="40" height="380" fill="#dfe8ee" opacity="0.7"/>
    <text x="24" y="40" font-family="sans-serif" font-size="22" fill="#ffffff">Rx tórax (demo)</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Entries in every clinical tab, with files, for the demo professional's first two contacts
 * (issue 5: "the demo professional has … entries in every clinical tab, including files").
 * Idempotent: a contact that already has clinical entries is left alone.
 */
export async function seedClinical(deps: AppDeps): Promise<void> {
  const { db } = deps;
  const pro = await accountByEmail(db, demoProfessional);
  if (!pro) return;
  const contacts = (await listLiveContacts(db, pro.id)).slice(0, 2);
  const profName = `${pro.first_name} ${pro.last_name}`;
  const now = deps.now();
  const at = now.toISOString();

  for (const contact of contacts) {
    const existing = await db
      .selectFrom('clinical_entries')
      .select('id')
      .where('contact_id', '=', contact.id)
      .executeTakeFirst();
    if (existing) continue;

    const fileOf = async (
      area: 'studies' | 'consents' | 'vaccines',
      name: string,
      kind: 'pdf' | 'image',
      title: string,
    ) => {
      if (kind === 'image') {
        const views = await imageViews(await demoJpeg());
        return storePrivateFile(deps, {
          professionalId: pro.id,
          contactId: contact.id,
          area,
          kind: 'image',
          mime: 'image/jpeg',
          name,
          bytes: views.original,
          large: views.large,
          ext: 'jpg',
          actorId: pro.id,
          at: now,
        });
      }
      const bytes = await demoPdf(title, [
        `Paciente: ${contact.first_name} ${contact.last_name}`,
        'Documento de demostración generado por Agendo.',
      ]);
      return storePrivateFile(deps, {
        professionalId: pro.id,
        contactId: contact.id,
        area,
        kind: 'pdf',
        mime: 'application/pdf',
        name,
        bytes,
        ext: 'pdf',
        actorId: pro.id,
        at: now,
      });
    };

    const lab = await fileOf('studies', 'hemograma.pdf', 'pdf', 'Hemograma completo');
    const xray = await fileOf('studies', 'rx-torax.jpg', 'image', '');
    const prescription = await fileOf(
      'consents',
      'indicacion-tratamiento.pdf',
      'pdf',
      'Indicación de tratamiento',
    );
    const consentFile = await fileOf(
      'consents',
      'consentimiento-firmado.pdf',
      'pdf',
      'Consentimiento informado',
    );
    const vaccineFile = await fileOf('vaccines', 'carnet-vacunas.jpg', 'image', '');

    const entries: { area: ClinicalArea; kind?: number; date: string; payload: object }[] = [
      {
        area: 'complaint',
        date: '2026-09-02',
        payload: { description: 'Ansiedad y dificultad para dormir desde hace seis meses.' },
      },
      {
        area: 'session',
        date: '2026-09-02',
        payload: {
          description:
            'Primera consulta. Se indaga el contexto laboral y el patrón de sueño. Se acuerdan objetivos.',
          cieCodes: [cie('F41.1'), cie('G47.0')],
        },
      },
      {
        area: 'session',
        date: '2026-09-16',
        payload: {
          description: 'Evolución favorable; duerme seis horas. Continúa registro de pensamientos.',
          cieCodes: [cie('F41.1')],
        },
      },
      {
        area: 'study',
        date: '2026-08-20',
        payload: {
          studyType: 'Hemograma completo',
          studyDate: '2026-08-20',
          description: 'Valores dentro de rango.',
          files: [lab.ref],
        },
      },
      {
        area: 'study',
        date: '2026-07-05',
        payload: {
          studyType: 'Radiografía',
          studyDate: '2026-07-05',
          description: 'Rx de tórax sin hallazgos.',
          files: [xray.ref],
        },
      },
      {
        area: 'treatment',
        date: '2026-09-02',
        payload: {
          treatmentName: 'Psicoterapia cognitivo-conductual',
          treatmentDose: 'Una sesión semanal',
          startDate: '2026-09-02',
          endDate: '2027-03-02',
          status: 1,
          description: 'Revisar objetivos a los tres meses.',
          cieCodes: [cie('F41.1')],
          files: [prescription.ref],
        },
      },
      {
        area: 'consent',
        date: '2026-09-02',
        payload: {
          studyType: 'Consentimiento informado general',
          studyDate: '2026-09-02',
          signedBy: 1,
          files: [consentFile.ref],
        },
      },
      {
        area: 'allergy',
        date: '2026-09-02',
        payload: {
          allergyName: 'Penicilina',
          severity: 3,
          reaction: 'Urticaria generalizada',
          description: 'Evitar betalactámicos.',
          ...cie('Z88.0'),
        },
      },
      {
        area: 'background',
        kind: 1,
        date: '2026-09-02',
        payload: {
          description: 'Asma en la infancia, sin crisis en los últimos diez años.',
          ...cie('J45.9'),
        },
      },
      {
        area: 'background',
        kind: 2,
        date: '2026-09-02',
        payload: { description: 'Madre con diabetes tipo 2.', ...cie('E11.9') },
      },
      {
        area: 'vaccine',
        date: '2026-04-15',
        payload: {
          vaccineName: 'Antigripal (influenza)',
          vaccineDate: '2026-04-15',
          description: 'Sin reacciones adversas.',
          files: [vaccineFile.ref],
        },
      },
    ];

    for (const entry of entries) {
      const payload = JSON.stringify(entry.payload);
      const id = await insertEntry(db, {
        ref: newRef(),
        professional_id: pro.id,
        contact_id: contact.id,
        area: entry.area,
        kind: entry.kind ?? 0,
        entry_date: entry.date,
        payload,
        prof_name: profName,
        version: 1,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      });
      await insertEntryVersion(db, {
        entry_id: id,
        version: 1,
        change: 'create',
        payload,
        prof_name: profName,
        entry_date: entry.date,
        actor_id: pro.id,
        recorded_at: at,
      });
    }
  }
}
