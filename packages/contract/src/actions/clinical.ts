import { z } from 'zod';
import type { ErrorCatalogue } from '../action.ts';
import { action, ok, okOnly } from '../action.ts';
import {
  AllergyItem,
  AuditEntry,
  BackgroundItem,
  ChiefComplaintItem,
  CieResult,
  ConsentItem,
  MedicalSessionItem,
  StudyItem,
  TreatmentItem,
  VaccineItem,
} from '../shapes/clinical.ts';
import { Ref, TimeZone } from './fields.ts';

// spec 001 §7 Clinical history: every find carries consId (the contact) and next (offset, steps
// of 100); every save carries consId and ref (empty creates, set edits); every delete carries ref.
// profName is never read from the client: the server records the professional's full name (§6).

const refPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** A date typed as YYYY-MM-DD: a real calendar day from 1900 up to ten years ahead. */
function isPlausibleDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && y <= new Date().getUTCFullYear() + 10;
}

function isoDate(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
    .refine(isPlausibleDate, invalid);
}

function text(required: string, tooLong: string, max: number) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/** One of the numbered choices of spec 001 §3, sent as a number or a numeric string. */
function choice<const V extends number>(values: readonly V[], code: string) {
  return z
    .union([z.number(), z.string()], { error: code })
    .transform((raw) => Number(raw))
    .refine((n): n is V => (values as readonly number[]).includes(n), code)
    .transform((n) => n as V);
}

/** A single optional CIE-10 code; '' or null means none. Existence is checked on the server. */
function optionalCie(code: string) {
  return z
    .string({ error: code })
    .trim()
    .max(12, code)
    .regex(/^$|^[A-Za-z]\d{2}(\.?\d)?$/, code)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null));
}

/** A list of CIE-10 codes (sessions, treatments); each must exist (checked on the server). */
function cieList(code: string) {
  return z
    .array(
      z.object({
        cie10Code: z
          .string({ error: code })
          .trim()
          .regex(/^[A-Za-z]\d{2}(\.?\d)?$/, code),
        cie10Description: z.string({ error: code }).max(1000, code).optional(),
      }),
      { error: code },
    )
    .max(30, code)
    .default([]);
}

/** Refs of files uploaded before for this contact (spec 001 §7: files as id, type, baselink, link). */
function fileList(required: string, invalid: string) {
  return z
    .array(z.object({ id: z.string({ error: invalid }).regex(refPattern, invalid) }), { error: required })
    .min(1, required)
    .max(50, invalid);
}

const notFound = {
  E90: { es: 'No encontramos al consultante.', en: 'Contact not found.', field: 'consId' },
  E91: { es: 'No encontramos el registro.', en: 'Entry not found.' },
} satisfies ErrorCatalogue;

const findInput = z.object({
  consId: Ref,
  next: z.coerce.number({ error: 'E1' }).int('E1').min(0, 'E1').max(1_000_000, 'E1').default(0),
  timezone: TimeZone.optional(),
});

function listOutput<T extends z.ZodType>(item: T) {
  return ok({ results: z.array(item), hasMore: z.boolean() });
}

const saveBase = {
  consId: Ref,
  ref: z
    .string({ error: 'E91' })
    .regex(/^$|^[A-Za-z0-9_-]{8,64}$/, 'E91')
    .nullish()
    .transform((v) => v || null),
};

const saved = ok({ ref: z.string() });
const deleteInput = z.object({ ref: Ref });

// ——— Antecedentes personales / familiares ———

const backgroundErrors = {
  ...notFound,
  E2: {
    es: 'Debes seleccionar si es un antecedente personal o familiar.',
    en: 'Choose whether it is a personal or family history item.',
    field: 'backgroundType',
  },
  E4: { es: 'Debes ingresar el detalle del antecedente.', en: 'Enter the details.', field: 'description' },
  E5: {
    es: 'La descripción del antecedente no debe tener un máximo de 5000 caracteres.',
    en: 'The description can have at most 5000 characters.',
    field: 'description',
  },
  E6: {
    es: 'El código CIE-10 ingresado no es válido o no se encuentra registrado.',
    en: 'The ICD-10 code is not valid or not registered.',
    field: 'cie10Code',
  },
} satisfies ErrorCatalogue;

export const findPersonalBackground = action('find-personal-background', {
  input: findInput.extend({
    type: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).optional(),
  }),
  output: listOutput(BackgroundItem),
  errors: notFound,
});

export const savePersonalBackground = action('save-personal-background', {
  input: z.object({
    ...saveBase,
    backgroundType: choice([1, 2] as const, 'E2'),
    description: text('E4', 'E5', 5000),
    cie10Code: optionalCie('E6'),
  }),
  output: saved,
  errors: backgroundErrors,
});

export const deletePersonalBackground = action('delete-personal-background', {
  input: deleteInput,
  output: okOnly,
  errors: notFound,
});

// ——— Motivo de consulta ———

const chiefComplaintErrors = {
  ...notFound,
  E4: { es: 'Debes ingresar el motivo.', en: 'Enter the reason for consultation.', field: 'description' },
  E5: {
    es: 'La motivo no debe tener un máximo de 5000 caracteres.',
    en: 'The reason can have at most 5000 characters.',
    field: 'description',
  },
} satisfies ErrorCatalogue;

export const findChiefComplaint = action('find-chief-complaint', {
  input: findInput.extend({ type: z.unknown().optional() }),
  output: listOutput(ChiefComplaintItem),
  errors: notFound,
});

export const saveChiefComplaint = action('save-chief-complaint', {
  input: z.object({ ...saveBase, description: text('E4', 'E5', 5000) }),
  output: saved,
  errors: chiefComplaintErrors,
});

export const deleteChiefComplaint = action('delete-chief-complaint', {
  input: deleteInput,
  output: okOnly,
  errors: notFound,
});

// ——— Consulta y evolución ———

const medicalSessionErrors = {
  ...notFound,
  E4: {
    es: 'Debes ingresar el detalle de la consulta o evolución.',
    en: 'Enter the details of the consultation or progress.',
    field: 'description',
  },
  E5: {
    es: 'El detalle de la consulta o evolución no debe tener un máximo de 5000 caracteres.',
    en: 'The details can have at most 5000 characters.',
    field: 'description',
  },
  E6: {
    es: 'Un código CIE-10 ingresado no es válido o no se encuentra registrado.',
    en: 'An ICD-10 code is not valid or not registered.',
    field: 'cie10Code',
  },
} satisfies ErrorCatalogue;

export const findMedicalSessions = action('find-medical-sessions', {
  input: findInput,
  output: listOutput(MedicalSessionItem),
  errors: notFound,
});

export const saveMedicalSessions = action('save-medical-sessions', {
  input: z.object({ ...saveBase, description: text('E4', 'E5', 5000), cie10Code: cieList('E6') }),
  output: saved,
  errors: medicalSessionErrors,
});

export const deleteMedicalSessions = action('delete-medical-sessions', {
  input: deleteInput,
  output: okOnly,
  errors: notFound,
});

// ——— Estudios ———

const studyErrors = {
  ...notFound,
  E6: { es: 'Debes seleccionar el tipo de estudio.', en: 'Choose the type of study.', field: 'studyType' },
  E7: {
    es: 'El nombre del tipo de estudio no puede superar los 250 caracteres.',
    en: 'The study type can have at most 250 characters.',
    field: 'studyType',
  },
  E8: { es: 'Debes ingresar la fecha del estudio.', en: 'Enter the date of the study.', field: 'studyDate' },
  E9: {
    es: 'La fecha del estudio ingresada es incorrecta.',
    en: 'The date of the study is not valid.',
    field: 'studyDate',
  },
  E4: {
    es: 'Debes ingresar el detalle del estudio.',
    en: 'Enter the details of the study.',
    field: 'description',
  },
  E5: {
    es: 'El detalle del estudio no debe tener un máximo de 5000 caracteres.',
    en: 'The details can have at most 5000 characters.',
    field: 'description',
  },
  E10: {
    es: 'Debes subir el/los archivos de los estudios.',
    en: 'Upload the file(s) of the study.',
    field: 'files',
  },
  E11: {
    es: 'Debes subir el/los archivos de los estudios.',
    en: 'Upload the file(s) of the study.',
    field: 'files',
  },
} satisfies ErrorCatalogue;

export const findMedicalStudies = action('find-medical-studies', {
  input: findInput,
  output: listOutput(StudyItem),
  errors: notFound,
});

export const saveMedicalStudies = action('save-medical-studies', {
  input: z.object({
    ...saveBase,
    studyType: text('E6', 'E7', 250),
    studyDate: isoDate('E8', 'E9'),
    // spec 001 §5: the details are required although the form labels them optional.
    description: text('E4', 'E5', 5000),
    files: fileList('E10', 'E11'),
  }),
  output: saved,
  errors: studyErrors,
});

export const deleteMedicalStudies = action('delete-medical-studies', {
  input: deleteInput,
  output: okOnly,
  errors: notFound,
});

// ——— Tratamientos ———

const treatmentErrors = {
  ...notFound,
  E2: { es: 'Debes ingresar el tipo de Tratamiento.', en: 'Enter the treatment.', field: 'treatmentName' },
  E3: {
    es: 'El nombre del tratamiento no puede superar los 250 caracteres.',
    en: 'The treatment name can have at most 250 characters.',
    field: 'treatmentName',
  },
  E4: {
    es: 'Debes ingresar la dosis o frecuencia.',
    en: 'Enter the dose or frequency.',
    field: 'treatmentDose',
  },
  E5: {
    es: 'La dosis o frecuencia no puede superar los 250 caracteres.',
    en: 'The dose or frequency can have at most 250 characters.',
    field: 'treatmentDose',
  },
  E6: { es: 'Debes ingresar la fecha de inicio.', en: 'Enter the start date.', field: 'startDate' },
  E7: {
    es: 'La fecha de inicio ingresada es incorrecta.',
    en: 'The start date is not valid.',
    field: 'startDate',
  },
  E8: { es: 'Debes ingresar la fecha de finalización.', en: 'Enter the end date.', field: 'endDate' },
  E9: {
    es: 'La fecha de finalización ingresada es incorrecta.',
    en: 'The end date is not valid (it cannot be before the start).',
    field: 'endDate',
  },
  E10: { es: 'Debes ingresar las observaciones.', en: 'Enter the observations.', field: 'description' },
  E11: {
    es: 'Las observaciones no pueden superar los 5000 caracteres.',
    en: 'The observations can have at most 5000 characters.',
    field: 'description',
  },
  E12: {
    es: 'Un código CIE-10 ingresado no es válido o no se encuentra registrado.',
    en: 'An ICD-10 code is not valid or not registered.',
    field: 'cie10Code',
  },
  E13: {
    es: 'Debes subir el/los archivos de los Tratamiento.',
    en: 'Upload the file(s) of the treatment.',
    field: 'files',
  },
  E14: {
    es: 'Debes seleccionar el estado del tratamiento.',
    en: 'Choose the status of the treatment.',
    field: 'status',
  },
} satisfies ErrorCatalogue;

export const findMedicalTreatments = action('find-medical-treatments', {
  input: findInput,
  output: listOutput(TreatmentItem),
  errors: notFound,
});

export const saveMedicalTreatments = action('save-medical-treatments', {
  input: z
    .object({
      ...saveBase,
      treatmentName: text('E2', 'E3', 250),
      treatmentDose: text('E4', 'E5', 250),
      startDate: isoDate('E6', 'E7'),
      endDate: isoDate('E8', 'E9'),
      description: text('E10', 'E11', 5000),
      cie10Code: cieList('E12'),
      files: fileList('E13', 'E13'),
      // spec 001 §4: the status defaults to 1 (Activo).
      status: choice([1, 2, 3] as const, 'E14').default(1),
    })
    .refine((v) => v.endDate >= v.startDate, { message: 'E9', path: ['endDate'] }),
  output: saved,
  errors: treatmentErrors,
});

export const deleteMedicalTreatments = action('delete-medical-treatments', {
  input: deleteInput,
  output: okOnly,
  errors: notFound,
});

// ——— Consentimientos ———

const consentErrors = {
  ...notFound,
  E6: {
    es: 'Debes seleccionar el tipo de consentimiento.',
    en: 'Choose the type of consent.',
    field: 'studyType',
  },
  E7: {
    es: 'El tipo de consentimiento no puede superar los 250 caracteres.',
    en: 'The consent type can have at most 250 characters.',
    field: 'studyType',
  },
  E8: {
    es: 'Debes ingresar la fecha del consentimiento.',
    en: 'Enter the date of the consent.',
    field: 'studyDate',
  },
  E9: {
    es: 'La fecha del consentimiento ingresada es incorrecta.',
    en: 'The date of the consent is not valid.',
    field: 'studyDate',
  },
  E12: {
    es: 'Debes seleccionar por quien fue firmado el Consentimiento.',
    en: 'Choose who signed the consent.',
    field: 'signedBy',
  },
  E10: {
    es: 'Debes subir el/los archivos de los Consentimientos.',
    en: 'Upload the file(s) of the consent.',
    field: 'files',
  },
  E11: {
    es: 'Debes subir el/los archivos de los Consentimientos.',
    en: 'Upload the file(s) of the consent.',
    field: 'files',
  },
} satisfies ErrorCatalogue;

export const findMedicalConsent = action('find-medical-consent', {
  input: findInput,
  output: listOutput(ConsentItem),
  errors: notFound,
});

export const saveMedicalConsent = action('save-medical-consent', {
  input: z.object({
    ...saveBase,
    studyType: text('E6', 'E7', 250),
    studyDate: isoDate('E8', 'E9'),
    signedBy: choice([1, 2, 3] as const, 'E12'),
    files: fileList('E10', 'E11'),
  }),
  output: saved,
  errors: consentErrors,
});

export const deleteMedicalConsent = action('delete-medical-consent', {
  input: deleteInput,
  output: okOnly,
  errors: notFound,
});

// ——— Alergias ———

const allergyErrors = {
  ...notFound,
  E2: { es: 'Debes ingresar la alergia.', en: 'Enter the allergy.', field: 'allergyName' },
  E3: {
    es: 'El nombre de la alergia no puede superar los 250 caracteres.',
    en: 'The allergy can have at most 250 characters.',
    field: 'allergyName',
  },
  E4: { es: 'Debes indicar el grado de severidad.', en: 'Choose the severity.', field: 'severity' },
  E5: { es: 'Debes ingresar la reacción.', en: 'Enter the reaction.', field: 'reaction' },
  E6: {
    es: 'La reacción no puede superar los 5000 caracteres.',
    en: 'The reaction can have at most 5000 characters.',
    field: 'reaction',
  },
  E7: { es: 'Debes ingresar las notas.', en: 'Enter the notes.', field: 'description' },
  E8: {
    es: 'Las notas no pueden superar los 5000 caracteres.',
    en: 'The notes can have at most 5000 characters.',
    field: 'description',
  },
  E10: {
    es: 'El código CIE-10 ingresado no es válido o no se encuentra registrado.',
    en: 'The ICD-10 code is not valid or not registered.',
    field: 'cie10Code',
  },
} satisfies ErrorCatalogue;

export const findMedicalAllergies = action('find-medical-allergies', {
  input: findInput.extend({ type: z.unknown().optional() }),
  output: listOutput(AllergyItem),
  errors: notFound,
});

export const saveMedicalAllergies = action('save-medical-allergies', {
  input: z.object({
    ...saveBase,
    allergyName: text('E2', 'E3', 250),
    severity: choice([1, 2, 3] as const, 'E4'),
    // spec 001 §5: reaction and notes are required although the form labels them optional.
    reaction: text('E5', 'E6', 5000),
    description: text('E7', 'E8', 5000),
    cie10Code: optionalCie('E10'),
  }),
  output: saved,
  errors: allergyErrors,
});

export const deleteMedicalAllergies = action('delete-medical-allergies', {
  input: deleteInput,
  output: okOnly,
  errors: notFound,
});

// ——— Vacunas ———

const vaccineErrors = {
  ...notFound,
  E2: { es: 'Debes seleccionar la vacuna.', en: 'Choose the vaccine.', field: 'vaccineName' },
  E3: {
    es: 'El nombre de la vacuna no puede superar los 250 caracteres.',
    en: 'The vaccine name can have at most 250 characters.',
    field: 'vaccineName',
  },
  E6: {
    es: 'Debes ingresar la fecha de aplicación.',
    en: 'Enter the date it was given.',
    field: 'vaccineDate',
  },
  E7: {
    es: 'La fecha de aplicación ingresada es incorrecta.',
    en: 'The date is not valid.',
    field: 'vaccineDate',
  },
  E8: { es: 'Debes ingresar las observaciones.', en: 'Enter the observations.', field: 'description' },
  E9: {
    es: 'Las observaciones no pueden superar los 5000 caracteres.',
    en: 'The observations can have at most 5000 characters.',
    field: 'description',
  },
  E10: {
    es: 'Debes subir el/los archivos de la vacuna.',
    en: 'Upload the file(s) of the vaccine.',
    field: 'files',
  },
  E11: {
    es: 'Debes subir el/los archivos de la vacuna.',
    en: 'Upload the file(s) of the vaccine.',
    field: 'files',
  },
} satisfies ErrorCatalogue;

export const findMedicalVaccines = action('find-medical-vaccines', {
  input: findInput,
  output: listOutput(VaccineItem),
  errors: notFound,
});

export const saveMedicalVaccines = action('save-medical-vaccines', {
  input: z.object({
    ...saveBase,
    vaccineName: text('E2', 'E3', 250),
    vaccineDate: isoDate('E6', 'E7'),
    description: text('E8', 'E9', 5000),
    files: fileList('E10', 'E11'),
  }),
  output: saved,
  errors: vaccineErrors,
});

export const deleteMedicalVaccines = action('delete-medical-vaccines', {
  input: deleteInput,
  output: okOnly,
  errors: notFound,
});

// ——— CIE-10, record PDF, audit trail ———

/** spec 001 §7: search is the trimmed text typed; encontrado says whether anything matched. */
export const findCodeCie = action('find-code-cie', {
  input: z.object({ search: z.string({ error: 'E1' }).trim().max(100, 'E1') }),
  output: ok({ encontrado: z.boolean(), results: z.array(CieResult) }),
});

/** spec 001 §7: print-records answers the path of the generated PDF (private; Bearer only). */
export const printRecords = action('print-records', {
  input: z.object({ ref: Ref }),
  output: ok({ file: z.string() }),
  errors: { E90: { es: 'No encontramos al consultante.', en: 'Contact not found.' } },
});

/** Ley 26.529: who read or changed this contact's record, newest first. */
export const findAuditTrail = action('find-audit-trail', {
  input: z.object({
    consId: Ref,
    next: z.coerce.number({ error: 'E1' }).int('E1').min(0, 'E1').max(1_000_000, 'E1').default(0),
  }),
  output: ok({ results: z.array(AuditEntry), hasMore: z.boolean() }),
  errors: notFound,
});
