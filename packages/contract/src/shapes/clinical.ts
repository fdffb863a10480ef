import { z } from 'zod';

/**
 * spec 001 §3 File attachment. `link` is the private original and `large` the webp view of an
 * image; both answer only to the owner's Bearer token (the web app fetches them as blobs).
 * `baselink` + `id` + '/large' or '/file' builds the same links (the spec's viewing rule).
 */
export const RecordFile = z.object({
  id: z.string(),
  type: z.enum(['image', 'pdf', 'doc']),
  link: z.string(),
  baselink: z.string(),
  large: z.string().nullable(),
  name: z.string(),
});
export type RecordFile = z.infer<typeof RecordFile>;

/** Answer of the upload endpoints (spec 001 §7 File upload): an array of files. */
export const RecordFileUploadResult = z.array(RecordFile);

/** A CIE-10 code attached to an entry, with the data set's title. */
export const CieCode = z.object({ cie10Code: z.string(), cie10Description: z.string() });
export type CieCode = z.infer<typeof CieCode>;

/** spec 001 §3 CIE-10 search result. */
export const CieResult = z.object({ id: z.string(), code: z.string(), title: z.string() });
export type CieResult = z.infer<typeof CieResult>;

const base = {
  /** The entry's ref. */
  id: z.string(),
  profName: z.string(),
  /** dd/MM/yyyy: the entry's clinical date, or its creation day in the professional's zone. */
  date: z.string(),
  /** yyyy-MM-dd */
  dateNoFormat: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** How many times the entry was saved (1 = never edited); every version is kept. */
  version: z.number().int(),
};

export const BackgroundItem = z.object({
  ...base,
  type: z.union([z.literal(1), z.literal(2)]),
  description: z.string(),
  cie10Code: z.string().nullable(),
  cie10Description: z.string().nullable(),
});
export const ChiefComplaintItem = z.object({ ...base, description: z.string() });
export const MedicalSessionItem = z.object({ ...base, description: z.string(), cieCodes: z.array(CieCode) });
export const StudyItem = z.object({
  ...base,
  studyType: z.string(),
  description: z.string(),
  files: z.array(RecordFile),
});
export const TreatmentItem = z.object({
  ...base,
  treatmentName: z.string(),
  treatmentDose: z.string(),
  startDate: z.string(),
  startDateNoFormat: z.string(),
  endDate: z.string(),
  endDateNoFormat: z.string(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  description: z.string(),
  cieCodes: z.array(CieCode),
  files: z.array(RecordFile),
});
export const ConsentItem = z.object({
  ...base,
  studyType: z.string(),
  signedBy: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  files: z.array(RecordFile),
});
export const AllergyItem = z.object({
  ...base,
  allergyName: z.string(),
  severity: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  reaction: z.string(),
  description: z.string(),
  cie10Code: z.string().nullable(),
  cie10Description: z.string().nullable(),
});
export const VaccineItem = z.object({
  ...base,
  vaccineName: z.string(),
  vaccineDate: z.string(),
  vaccineDateNoFormat: z.string(),
  description: z.string(),
  files: z.array(RecordFile),
});
export type BackgroundItem = z.infer<typeof BackgroundItem>;
export type ChiefComplaintItem = z.infer<typeof ChiefComplaintItem>;
export type MedicalSessionItem = z.infer<typeof MedicalSessionItem>;
export type StudyItem = z.infer<typeof StudyItem>;
export type TreatmentItem = z.infer<typeof TreatmentItem>;
export type ConsentItem = z.infer<typeof ConsentItem>;
export type AllergyItem = z.infer<typeof AllergyItem>;
export type VaccineItem = z.infer<typeof VaccineItem>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  area: z.string(),
  action: z.enum(['read', 'create', 'update', 'delete', 'export', 'print', 'upload', 'download']),
  entityRef: z.string().nullable(),
  outcome: z.enum(['ok', 'denied', 'error']),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
