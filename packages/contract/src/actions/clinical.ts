import { z } from 'zod';
import { action, ok } from '../action.ts';
import { contactNotFound } from '../constants/contacts.ts';
import { AuditEntry, CieResult } from '../shapes/clinical.ts';
import {
  allergy,
  background,
  complaint,
  consent,
  session,
  study,
  treatment,
  vaccine,
} from './clinical-areas.ts';
import { notFound } from './clinical-fields.ts';
import { Ref } from './fields.ts';

// spec 001 §7 Clinical history. The areas' find/save/delete actions are built from their
// descriptions (clinical-areas.ts); this module names them, as the contract's table reads them.

export const {
  find: findPersonalBackground,
  save: savePersonalBackground,
  remove: deletePersonalBackground,
} = background;
export const { find: findChiefComplaint, save: saveChiefComplaint, remove: deleteChiefComplaint } = complaint;
export const {
  find: findMedicalSessions,
  save: saveMedicalSessions,
  remove: deleteMedicalSessions,
} = session;
export const { find: findMedicalStudies, save: saveMedicalStudies, remove: deleteMedicalStudies } = study;
export const {
  find: findMedicalTreatments,
  save: saveMedicalTreatments,
  remove: deleteMedicalTreatments,
} = treatment;
export const { find: findMedicalConsent, save: saveMedicalConsent, remove: deleteMedicalConsent } = consent;
export const {
  find: findMedicalAllergies,
  save: saveMedicalAllergies,
  remove: deleteMedicalAllergies,
} = allergy;
export const {
  find: findMedicalVaccines,
  save: saveMedicalVaccines,
  remove: deleteMedicalVaccines,
} = vaccine;

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
  errors: { E90: contactNotFound },
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
