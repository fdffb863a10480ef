import type { CieCode } from '@agendo/contract';
import { type Handler, handle } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { searchCie } from './cie10.index.ts';
import {
  deleteEntry,
  entryBase,
  filesOf,
  findAuditTrail,
  findEntries,
  payloadOf,
  requireCie,
  saveEntry,
} from './clinical.service.ts';
import { printRecords } from './record-pdf.service.ts';

// spec 001 §6: every clinical action needs the contactsClinic permission in a corporate session.
const policy = 'professional:contactsClinic' as const;

interface BackgroundPayload {
  description: string;
  cie10Code: string | null;
  cie10Description: string | null;
}
interface TextPayload {
  description: string;
}
interface SessionPayload {
  description: string;
  cieCodes: CieCode[];
}
interface StudyPayload {
  studyType: string;
  studyDate: string;
  description: string;
  files: string[];
}
interface TreatmentPayload {
  treatmentName: string;
  treatmentDose: string;
  startDate: string;
  endDate: string;
  status: 1 | 2 | 3;
  description: string;
  cieCodes: CieCode[];
  files: string[];
}
interface ConsentPayload {
  studyType: string;
  studyDate: string;
  signedBy: 1 | 2 | 3;
  files: string[];
}
interface AllergyPayload {
  allergyName: string;
  severity: 1 | 2 | 3;
  reaction: string;
  description: string;
  cie10Code: string | null;
  cie10Description: string | null;
}
interface VaccinePayload {
  vaccineName: string;
  vaccineDate: string;
  description: string;
  files: string[];
}

/** The data set's codes and titles for a list; the client's descriptions are not trusted. */
function cieCodes(list: { cie10Code: string }[], errorCode: string): CieCode[] {
  const seen = new Set<string>();
  return list.flatMap(({ cie10Code }) => {
    const found = requireCie(cie10Code, errorCode);
    if (seen.has(found.code)) return [];
    seen.add(found.code);
    return [{ cie10Code: found.code, cie10Description: found.title }];
  });
}

const ids = (files: { id: string }[]) => [...new Set(files.map((f) => f.id))];

const isoOrEmpty = (day: string) => {
  const [y, m, d] = day.split('-');
  return y && m && d ? `${d}/${m}/${y}` : day;
};

export const clinicalHandlers: Handler[] = [
  // ——— Antecedentes personales / familiares ———
  handle('find-personal-background', policy, async (input, ctx) => {
    const kind = input.type === undefined ? null : Number(input.type);
    const page = await findEntries(ctx, 'background', input.consId, input.next, kind);
    return {
      hasMore: page.hasMore,
      results: page.rows.map((row) => {
        const p = payloadOf<BackgroundPayload>(row);
        return { ...entryBase(row), type: row.kind === 2 ? (2 as const) : (1 as const), ...p };
      }),
    };
  }),
  handle('save-personal-background', policy, async (input, ctx) => {
    const cie = input.cie10Code ? requireCie(input.cie10Code, 'E6') : null;
    return saveEntry(ctx, {
      area: 'background',
      consId: input.consId,
      ref: input.ref,
      kind: input.backgroundType,
      entryDate: null,
      payload: {
        description: input.description,
        cie10Code: cie?.code ?? null,
        cie10Description: cie?.title ?? null,
      } satisfies BackgroundPayload,
    });
  }),
  handle('delete-personal-background', policy, async (input, ctx) => {
    await deleteEntry(ctx, 'background', input.ref);
    return {};
  }),

  // ——— Motivo de consulta ———
  handle('find-chief-complaint', policy, async (input, ctx) => {
    const page = await findEntries(ctx, 'complaint', input.consId, input.next);
    return {
      hasMore: page.hasMore,
      results: page.rows.map((row) => ({ ...entryBase(row), ...payloadOf<TextPayload>(row) })),
    };
  }),
  handle('save-chief-complaint', policy, async (input, ctx) =>
    saveEntry(ctx, {
      area: 'complaint',
      consId: input.consId,
      ref: input.ref,
      kind: 0,
      entryDate: null,
      payload: { description: input.description } satisfies TextPayload,
    }),
  ),
  handle('delete-chief-complaint', policy, async (input, ctx) => {
    await deleteEntry(ctx, 'complaint', input.ref);
    return {};
  }),

  // ——— Consulta y evolución ———
  handle('find-medical-sessions', policy, async (input, ctx) => {
    const page = await findEntries(ctx, 'session', input.consId, input.next);
    return {
      hasMore: page.hasMore,
      results: page.rows.map((row) => ({ ...entryBase(row), ...payloadOf<SessionPayload>(row) })),
    };
  }),
  handle('save-medical-sessions', policy, async (input, ctx) =>
    saveEntry(ctx, {
      area: 'session',
      consId: input.consId,
      ref: input.ref,
      kind: 0,
      entryDate: null,
      payload: {
        description: input.description,
        cieCodes: cieCodes(input.cie10Code, 'E6'),
      } satisfies SessionPayload,
    }),
  ),
  handle('delete-medical-sessions', policy, async (input, ctx) => {
    await deleteEntry(ctx, 'session', input.ref);
    return {};
  }),

  // ——— Estudios ———
  handle('find-medical-studies', policy, async (input, ctx) => {
    const page = await findEntries(ctx, 'study', input.consId, input.next);
    return {
      hasMore: page.hasMore,
      results: page.rows.map((row) => {
        const p = payloadOf<StudyPayload>(row);
        return {
          ...entryBase(row),
          studyType: p.studyType,
          description: p.description,
          files: filesOf(page, p.files),
        };
      }),
    };
  }),
  handle('save-medical-studies', policy, async (input, ctx) =>
    saveEntry(ctx, {
      area: 'study',
      consId: input.consId,
      ref: input.ref,
      kind: 0,
      entryDate: input.studyDate,
      payload: {
        studyType: input.studyType,
        studyDate: input.studyDate,
        description: input.description,
        files: ids(input.files),
      } satisfies StudyPayload,
      files: { refs: ids(input.files), code: 'E11' },
    }),
  ),
  handle('delete-medical-studies', policy, async (input, ctx) => {
    await deleteEntry(ctx, 'study', input.ref);
    return {};
  }),

  // ——— Tratamientos ———
  handle('find-medical-treatments', policy, async (input, ctx) => {
    const page = await findEntries(ctx, 'treatment', input.consId, input.next);
    return {
      hasMore: page.hasMore,
      results: page.rows.map((row) => {
        const p = payloadOf<TreatmentPayload>(row);
        return {
          ...entryBase(row),
          treatmentName: p.treatmentName,
          treatmentDose: p.treatmentDose,
          startDate: isoOrEmpty(p.startDate),
          startDateNoFormat: p.startDate,
          endDate: isoOrEmpty(p.endDate),
          endDateNoFormat: p.endDate,
          status: p.status,
          description: p.description,
          cieCodes: p.cieCodes,
          files: filesOf(page, p.files),
        };
      }),
    };
  }),
  handle('save-medical-treatments', policy, async (input, ctx) =>
    saveEntry(ctx, {
      area: 'treatment',
      consId: input.consId,
      ref: input.ref,
      kind: 0,
      entryDate: input.startDate,
      payload: {
        treatmentName: input.treatmentName,
        treatmentDose: input.treatmentDose,
        startDate: input.startDate,
        endDate: input.endDate,
        status: input.status,
        description: input.description,
        cieCodes: cieCodes(input.cie10Code, 'E12'),
        files: ids(input.files),
      } satisfies TreatmentPayload,
      files: { refs: ids(input.files), code: 'E13' },
    }),
  ),
  handle('delete-medical-treatments', policy, async (input, ctx) => {
    await deleteEntry(ctx, 'treatment', input.ref);
    return {};
  }),

  // ——— Consentimientos ———
  handle('find-medical-consent', policy, async (input, ctx) => {
    const page = await findEntries(ctx, 'consent', input.consId, input.next);
    return {
      hasMore: page.hasMore,
      results: page.rows.map((row) => {
        const p = payloadOf<ConsentPayload>(row);
        return {
          ...entryBase(row),
          studyType: p.studyType,
          signedBy: p.signedBy,
          files: filesOf(page, p.files),
        };
      }),
    };
  }),
  handle('save-medical-consent', policy, async (input, ctx) =>
    saveEntry(ctx, {
      area: 'consent',
      consId: input.consId,
      ref: input.ref,
      kind: 0,
      entryDate: input.studyDate,
      payload: {
        studyType: input.studyType,
        studyDate: input.studyDate,
        signedBy: input.signedBy,
        files: ids(input.files),
      } satisfies ConsentPayload,
      files: { refs: ids(input.files), code: 'E11' },
    }),
  ),
  handle('delete-medical-consent', policy, async (input, ctx) => {
    await deleteEntry(ctx, 'consent', input.ref);
    return {};
  }),

  // ——— Alergias ———
  handle('find-medical-allergies', policy, async (input, ctx) => {
    const page = await findEntries(ctx, 'allergy', input.consId, input.next);
    return {
      hasMore: page.hasMore,
      results: page.rows.map((row) => ({ ...entryBase(row), ...payloadOf<AllergyPayload>(row) })),
    };
  }),
  handle('save-medical-allergies', policy, async (input, ctx) => {
    const cie = input.cie10Code ? requireCie(input.cie10Code, 'E10') : null;
    return saveEntry(ctx, {
      area: 'allergy',
      consId: input.consId,
      ref: input.ref,
      kind: 0,
      entryDate: null,
      payload: {
        allergyName: input.allergyName,
        severity: input.severity,
        reaction: input.reaction,
        description: input.description,
        cie10Code: cie?.code ?? null,
        cie10Description: cie?.title ?? null,
      } satisfies AllergyPayload,
    });
  }),
  handle('delete-medical-allergies', policy, async (input, ctx) => {
    await deleteEntry(ctx, 'allergy', input.ref);
    return {};
  }),

  // ——— Vacunas ———
  handle('find-medical-vaccines', policy, async (input, ctx) => {
    const page = await findEntries(ctx, 'vaccine', input.consId, input.next);
    return {
      hasMore: page.hasMore,
      results: page.rows.map((row) => {
        const p = payloadOf<VaccinePayload>(row);
        return {
          ...entryBase(row),
          vaccineName: p.vaccineName,
          vaccineDate: isoOrEmpty(p.vaccineDate),
          vaccineDateNoFormat: p.vaccineDate,
          description: p.description,
          files: filesOf(page, p.files),
        };
      }),
    };
  }),
  handle('save-medical-vaccines', policy, async (input, ctx) =>
    saveEntry(ctx, {
      area: 'vaccine',
      consId: input.consId,
      ref: input.ref,
      kind: 0,
      entryDate: input.vaccineDate,
      payload: {
        vaccineName: input.vaccineName,
        vaccineDate: input.vaccineDate,
        description: input.description,
        files: ids(input.files),
      } satisfies VaccinePayload,
      files: { refs: ids(input.files), code: 'E11' },
    }),
  ),
  handle('delete-medical-vaccines', policy, async (input, ctx) => {
    await deleteEntry(ctx, 'vaccine', input.ref);
    return {};
  }),

  // ——— CIE-10, record PDF, audit trail ———
  handle('find-code-cie', policy, async (input) => {
    // spec 001 §2.5: only results with a code can be added; every entry of the data set has one.
    const results = searchCie(input.search).map((e) => ({ id: e.code, code: e.code, title: e.title }));
    return { encontrado: results.length > 0, results };
  }),
  handle('print-records', policy, async (input, ctx) => {
    const file = await printRecords(ctx, input.ref);
    if (!file) throw new ActionError('E90');
    return { file };
  }),
  handle('find-audit-trail', policy, async (input, ctx) => findAuditTrail(ctx, input.consId, input.next)),
];
