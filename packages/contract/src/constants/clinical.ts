/** spec 001 §7 and §9: clinical lists load 100 entries at a time (offset steps of 100). */
export const clinicalPageSize = 100;
/** Audit trail rows per load (our choice; the spec names none). */
export const auditPageSize = 100;

/** spec 001 §5 and §9: at most 7 files per upload, 7,000,000 bytes each; jpeg, jpg, pdf, msword. */
export const recordFileLimits = {
  maxFiles: 7,
  maxBytes: 7_000_000,
  /** What the file picker offers; the server decides by the bytes, never by the name. */
  accept: {
    'image/jpeg': ['.jpg', '.jpeg'],
    'application/pdf': ['.pdf'],
    'application/msword': ['.doc'],
  },
} as const;

/** spec 001 §8 Upload: the texts of the upload toasts, verbatim. */
export const uploadMessages = {
  tooMany: 'Solo puedes subir hasta 7 archivos',
  tooLarge: 'Los archivos no pueden pesar mas de 7mb',
  failed: (code: string) => `Hubo un error al intentar subir los archivos (${code})`,
  done: 'Archivos subidos correctamente.',
} as const;

/**
 * Codes of the upload endpoints (the spec numbers none): E2 too many files, E3 a file too large,
 * E4 a type other than jpeg/pdf/msword (by content), E5 no file, E6 unknown contact, E7 a file
 * that could not be processed, E401 no session, E403 no contactsClinic permission.
 */
export const uploadErrorCodes = ['E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E401', 'E403'] as const;

export interface Labelled<V> {
  value: V;
  label: string;
}

/** spec 001 §4 Treatment status: 1 Activo, 2 Suspendido, 3 Finalizado (3 also shows the end date). */
export const treatmentStatuses: readonly Labelled<1 | 2 | 3>[] = [
  { value: 1, label: 'Activo' },
  { value: 2, label: 'Suspendido' },
  { value: 3, label: 'Finalizado' },
];

/** spec 001 §3: allergy severity. */
export const allergySeverities: readonly Labelled<1 | 2 | 3>[] = [
  { value: 1, label: 'Leve' },
  { value: 2, label: 'Moderada' },
  { value: 3, label: 'Grave' },
];

/** spec 001 §3: who signed a consent. */
export const consentSigners: readonly Labelled<1 | 2 | 3>[] = [
  { value: 1, label: 'Paciente' },
  { value: 2, label: 'Tutor legal' },
  { value: 3, label: 'Paciente y tutor legal' },
];

/** spec 001 §3 and §9: background type '1' personal, '2' familiar. */
export const backgroundTypes: readonly Labelled<1 | 2>[] = [
  { value: 1, label: 'Antecedente personal' },
  { value: 2, label: 'Antecedente familiar' },
];

export function labelOf<V>(list: readonly Labelled<V>[], value: V): string {
  return list.find((item) => item.value === value)?.label ?? '';
}

export interface OptionGroup {
  group: string;
  items: readonly string[];
}

/** spec 001 §9: the study types offered, by group. 'Otro (especificar)' lets the name be typed. */
export const studyTypeGroups: readonly OptionGroup[] = [
  {
    group: 'Laboratorio',
    items: [
      'Hemograma completo',
      'Glucemia en ayunas',
      'Perfil lipídico',
      'Urea y creatinina',
      'Ionograma (electrolitos)',
      'TSH y T4 libre',
      'Hepatograma',
      'Proteína C reactiva (PCR)',
      'Hemoglobina glicosilada (HbA1c)',
      'Orina completa',
      'Prueba de embarazo en sangre',
      'Urocultivo',
      'Serologías',
      'Coagulograma',
      'Grupo sanguíneo y factor Rh',
      'Vitamina D',
      'Vitamina B12',
      'Hormonas sexuales',
      'Marcadores tumorales',
    ],
  },
  {
    group: 'Imágenes',
    items: [
      'Radiografía',
      'Tomografía computada (TC)',
      'Resonancia magnética (RM)',
      'Ecografía',
      'Mamografía',
      'Densitometría ósea',
      'Angiografía',
      'Ecografía Doppler',
      'PET/TC',
      'Radiografía panorámica dental',
    ],
  },
  {
    group: 'Estudios funcionales',
    items: [
      'Electrocardiograma (ECG)',
      'Espirometría',
      'Prueba de esfuerzo (ergometría)',
      'Holter de 24 horas',
      'Monitoreo ambulatorio de presión arterial (MAPA)',
      'Electroencefalograma (EEG)',
      'Estudio del sueño (polisomnografía)',
      'Electromiografía (EMG)',
      'Prueba de caminata de 6 minutos',
      'Audiometría',
      'Impedanciometría',
    ],
  },
  {
    group: 'Otros',
    items: [
      'Endoscopía digestiva alta',
      'Colonoscopía',
      'Biopsia',
      'Papanicolaou (PAP)',
      'Colposcopía',
      'Interconsulta con especialista',
      'Evaluación psicodiagnóstica',
      'Otro (especificar)',
    ],
  },
];
export const otherStudyType = 'Otro (especificar)';

/** spec 001 §9: consent types. */
export const consentTypes: readonly string[] = [
  'Consentimiento para tratamiento',
  'Consentimiento para procedimiento quirúrgico',
  'Consentimiento para estudios diagnósticos',
  'Consentimiento para derivación',
  'Consentimiento informado general',
  'Otro',
];

/** spec 001 §9: the fixed vaccine list by stage (Argentine national calendar). */
export const vaccineStages: readonly OptionGroup[] = [
  { group: 'Recién nacido', items: ['BCG', 'Hepatitis B (neonatal)'] },
  {
    group: '2 a 6 meses',
    items: [
      'Neumococo conjugada',
      'Pentavalente (quíntuple)',
      'Polio inactivada (IPV)',
      'Rotavirus',
      'Meningococo ACWY',
    ],
  },
  {
    group: '12 a 24 meses',
    items: ['Triple viral (SRP)', 'Varicela', 'Hepatitis A', 'Fiebre amarilla'],
  },
  {
    group: '5 a 6 años (refuerzos)',
    items: ['Polio IPV (refuerzo)', 'Varicela (refuerzo)', 'Triple bacteriana celular (DTP)'],
  },
  {
    group: '11 años',
    items: [
      'VPH (virus del papiloma humano)',
      'Triple bacteriana acelular (dTpa)',
      'Meningococo',
      'Hepatitis B',
      'Triple viral (refuerzo)',
      'Fiebre amarilla (refuerzo)',
    ],
  },
  {
    group: 'Adultos y embarazadas',
    items: [
      'Antigripal (influenza)',
      'Doble bacteriana (dT), refuerzo cada 10 años',
      'Fiebre hemorrágica argentina',
      'COVID-19',
    ],
  },
  {
    group: 'Situaciones especiales',
    items: ['Antirrábica', 'Virus sincicial respiratorio (VSR) en el embarazo', 'Dengue'],
  },
];
