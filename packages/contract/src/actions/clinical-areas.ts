import { z } from 'zod';
import type { ErrorCatalogue } from '../action.ts';
import {
  allergySeverities,
  backgroundTypes,
  consentSigners,
  consentTypes,
  otherStudyType,
  studyTypeGroups,
  treatmentStatuses,
  vaccineStages,
} from '../constants/clinical.ts';
import {
  AllergyItem,
  BackgroundItem,
  ChiefComplaintItem,
  ConsentItem,
  MedicalSessionItem,
  StudyItem,
  TreatmentItem,
  VaccineItem,
} from '../shapes/clinical.ts';
import {
  choice,
  choiceFrom,
  cie,
  cieList,
  clinicalArea,
  date,
  files,
  longText,
  pick,
  text,
} from './clinical-fields.ts';

// spec 001 §2.5, §5, §7, §8: the nine tabs of the clinical history (eight areas: personal and
// family background share one) described once. Their actions below, the server's handlers
// (clinical.actions.ts) and the web's entry form (entry-form.tsx) are built from these.

const cieOptional = { es: 'Código CIE-10 (opcional)', en: 'ICD-10 code (optional)' };
const cieDiagnoses = { es: 'Diagnóstico CIE-10', en: 'ICD-10 diagnosis' };
const observations = { es: 'Observaciones', en: 'Observations' };

// Error entries that several areas give under their own codes.
const cieInvalid = {
  es: 'El código CIE-10 ingresado no es válido o no se encuentra registrado.',
  en: 'The ICD-10 code is not valid or not registered.',
  field: 'cie10Code',
};
const cieListInvalid = {
  es: 'Un código CIE-10 ingresado no es válido o no se encuentra registrado.',
  en: 'An ICD-10 code is not valid or not registered.',
  field: 'cie10Code',
};
const observationsTooLong = {
  es: 'Las observaciones no pueden superar los 5000 caracteres.',
  en: 'The observations can have at most 5000 characters.',
  field: 'description',
};

// ——— Antecedentes personales / familiares ———

const backgroundErrors = {
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
  E6: cieInvalid,
} satisfies ErrorCatalogue;

export const background = clinicalArea({
  key: 'background',
  names: {
    find: 'find-personal-background',
    save: 'save-personal-background',
    delete: 'delete-personal-background',
  },
  fields: {
    backgroundType: choice({ es: 'Tipo de antecedente', en: 'Type' }, backgroundTypes, 'E2', {
      entryKind: true,
    }),
    description: longText(
      { es: 'Descripción', en: 'Description' },
      { required: 'E4', tooLong: 'E5' },
      { rows: 3 },
    ),
    cie10Code: cie(cieOptional, 'E6'),
  },
  form: ['backgroundType', 'cie10Code', 'description'],
  errors: backgroundErrors,
  item: BackgroundItem,
  findExtra: { type: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')]).optional() },
});

// ——— Motivo de consulta ———

const chiefComplaintErrors = {
  E4: { es: 'Debes ingresar el motivo.', en: 'Enter the reason for consultation.', field: 'description' },
  E5: {
    es: 'La motivo no debe tener un máximo de 5000 caracteres.',
    en: 'The reason can have at most 5000 characters.',
    field: 'description',
  },
} satisfies ErrorCatalogue;

export const complaint = clinicalArea({
  key: 'complaint',
  names: { find: 'find-chief-complaint', save: 'save-chief-complaint', delete: 'delete-chief-complaint' },
  fields: {
    description: longText({ es: 'Motivo', en: 'Reason' }, { required: 'E4', tooLong: 'E5' }, { rows: 4 }),
  },
  form: ['description'],
  errors: chiefComplaintErrors,
  item: ChiefComplaintItem,
  findExtra: { type: z.unknown().optional() },
});

// ——— Consulta y evolución ———

const medicalSessionErrors = {
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
  E6: cieListInvalid,
} satisfies ErrorCatalogue;

export const session = clinicalArea({
  key: 'session',
  names: { find: 'find-medical-sessions', save: 'save-medical-sessions', delete: 'delete-medical-sessions' },
  fields: {
    description: longText({ es: 'Detalle', en: 'Details' }, { required: 'E4', tooLong: 'E5' }, { rows: 4 }),
    cie10Code: cieList(cieDiagnoses, 'E6'),
  },
  form: ['cie10Code', 'description'],
  errors: medicalSessionErrors,
  item: MedicalSessionItem,
  findExtra: {},
});

// ——— Estudios ———

const studyFiles = {
  es: 'Debes subir el/los archivos de los estudios.',
  en: 'Upload the file(s) of the study.',
  field: 'files',
};
const studyErrors = {
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
  E10: studyFiles,
  E11: studyFiles,
} satisfies ErrorCatalogue;

export const study = clinicalArea({
  key: 'study',
  names: { find: 'find-medical-studies', save: 'save-medical-studies', delete: 'delete-medical-studies' },
  fields: {
    studyType: pick(
      { es: 'Tipo de estudio', en: 'Type of study' },
      studyTypeGroups,
      { required: 'E6', tooLong: 'E7' },
      {
        searchable: true,
        other: { value: otherStudyType, label: { es: 'Nombre del estudio', en: 'Name of the study' } },
      },
    ),
    studyDate: date(
      { es: 'Fecha del estudio', en: 'Date of the study' },
      { required: 'E8', invalid: 'E9' },
      {
        entryDate: true,
      },
    ),
    // spec 001 §5: the details are required although the original form labels them optional.
    description: longText(
      { es: 'Detalles', en: 'Details' },
      { required: 'E4', tooLong: 'E5' },
      {
        rows: 3,
        asterisk: true,
      },
    ),
    files: files('study', { required: 'E10', invalid: 'E11', notOwned: 'E11' }),
  },
  form: ['studyType', 'studyDate', 'files', 'description'],
  errors: studyErrors,
  item: StudyItem,
  findExtra: {},
});

// ——— Tratamientos ———

const treatmentErrors = {
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
  E11: observationsTooLong,
  E12: cieListInvalid,
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

export const treatment = clinicalArea({
  key: 'treatment',
  names: {
    find: 'find-medical-treatments',
    save: 'save-medical-treatments',
    delete: 'delete-medical-treatments',
  },
  fields: {
    treatmentName: text({ es: 'Tratamiento', en: 'Treatment' }, { required: 'E2', tooLong: 'E3' }, 250),
    treatmentDose: text(
      { es: 'Dosis o frecuencia', en: 'Dose or frequency' },
      { required: 'E4', tooLong: 'E5' },
      250,
    ),
    startDate: date(
      { es: 'Inicio', en: 'Start' },
      { required: 'E6', invalid: 'E7' },
      {
        entryDate: true,
        listed: true,
      },
    ),
    endDate: date({ es: 'Fin', en: 'End' }, { required: 'E8', invalid: 'E9' }, { listed: true }),
    description: longText(observations, { required: 'E10', tooLong: 'E11' }, { rows: 3 }),
    cie10Code: cieList(cieDiagnoses, 'E12'),
    files: files('treatment', { required: 'E13', invalid: 'E13', notOwned: 'E13' }),
    // spec 001 §4: the status defaults to 1 (Activo).
    status: choiceFrom({ es: 'Estado', en: 'Status' }, treatmentStatuses, 'E14', 1),
  },
  form: [
    'treatmentName',
    'treatmentDose',
    'startDate',
    'endDate',
    'status',
    'cie10Code',
    'description',
    'files',
  ],
  errors: treatmentErrors,
  item: TreatmentItem,
  order: { from: 'startDate', to: 'endDate', code: 'E9' },
  findExtra: {},
});

// ——— Consentimientos ———

const consentFiles = {
  es: 'Debes subir el/los archivos de los Consentimientos.',
  en: 'Upload the file(s) of the consent.',
  field: 'files',
};
const consentErrors = {
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
  E10: consentFiles,
  E11: consentFiles,
} satisfies ErrorCatalogue;

export const consent = clinicalArea({
  key: 'consent',
  names: { find: 'find-medical-consent', save: 'save-medical-consent', delete: 'delete-medical-consent' },
  fields: {
    studyType: pick({ es: 'Tipo de consentimiento', en: 'Type of consent' }, consentTypes, {
      required: 'E6',
      tooLong: 'E7',
    }),
    studyDate: date({ es: 'Fecha', en: 'Date' }, { required: 'E8', invalid: 'E9' }, { entryDate: true }),
    signedBy: choice({ es: 'Firmado por', en: 'Signed by' }, consentSigners, 'E12'),
    files: files('consent', { required: 'E10', invalid: 'E11', notOwned: 'E11' }),
  },
  form: ['studyType', 'studyDate', 'signedBy', 'files'],
  errors: consentErrors,
  item: ConsentItem,
  findExtra: {},
});

// ——— Alergias ———

const allergyErrors = {
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
  E10: cieInvalid,
} satisfies ErrorCatalogue;

export const allergy = clinicalArea({
  key: 'allergy',
  names: {
    find: 'find-medical-allergies',
    save: 'save-medical-allergies',
    delete: 'delete-medical-allergies',
  },
  fields: {
    allergyName: text({ es: 'Alergia', en: 'Allergy' }, { required: 'E2', tooLong: 'E3' }, 250),
    severity: choice({ es: 'Severidad', en: 'Severity' }, allergySeverities, 'E4'),
    // spec 001 §5: reaction and notes are required although the form labels them optional.
    reaction: longText(
      { es: 'Reacción (opcional)', en: 'Reaction (optional)' },
      { required: 'E5', tooLong: 'E6' },
      {
        rows: 2,
      },
    ),
    description: longText(
      { es: 'Notas (opcional)', en: 'Notes (optional)' },
      { required: 'E7', tooLong: 'E8' },
      {
        rows: 2,
      },
    ),
    cie10Code: cie(cieOptional, 'E10'),
  },
  form: ['allergyName', 'severity', 'cie10Code', 'reaction', 'description'],
  errors: allergyErrors,
  item: AllergyItem,
  findExtra: { type: z.unknown().optional() },
});

// ——— Vacunas ———

const vaccineFiles = {
  es: 'Debes subir el/los archivos de la vacuna.',
  en: 'Upload the file(s) of the vaccine.',
  field: 'files',
};
const vaccineErrors = {
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
  E9: observationsTooLong,
  E10: vaccineFiles,
  E11: vaccineFiles,
} satisfies ErrorCatalogue;

export const vaccine = clinicalArea({
  key: 'vaccine',
  names: { find: 'find-medical-vaccines', save: 'save-medical-vaccines', delete: 'delete-medical-vaccines' },
  fields: {
    vaccineName: pick(
      { es: 'Vacuna', en: 'Vaccine' },
      vaccineStages,
      { required: 'E2', tooLong: 'E3' },
      {
        searchable: true,
      },
    ),
    vaccineDate: date(
      { es: 'Fecha de aplicación', en: 'Date given' },
      { required: 'E6', invalid: 'E7' },
      {
        entryDate: true,
        listed: true,
      },
    ),
    description: longText(observations, { required: 'E8', tooLong: 'E9' }, { rows: 3 }),
    files: files('vaccine', { required: 'E10', invalid: 'E11', notOwned: 'E11' }),
  },
  form: ['vaccineName', 'vaccineDate', 'description', 'files'],
  errors: vaccineErrors,
  item: VaccineItem,
  findExtra: {},
});

/** spec 001 §2.5: the areas in one list, for the server's handlers and the web's forms. */
export const clinicalAreas = [
  background,
  complaint,
  session,
  study,
  treatment,
  consent,
  allergy,
  vaccine,
] as const;
export type ClinicalAreaDef = (typeof clinicalAreas)[number];
