import type { CertificateCheck } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { courseContext } from './course-context.ts';
import { tellCertificateIssued } from './course-notifications.ts';
import {
  findCertificateByRef,
  findCertificateOfEnrolment,
  findEnrolmentByRef,
  findWorkshopById,
  insertCertificate,
} from './courses.repository.ts';

/**
 * save-certificate-student: issued once per enrolment, only at 100 % (spec 000 §4) and while
 * the period lasts; the names are frozen in the row so the verification page keeps saying what
 * the PDF says.
 */
export async function issueCertificate(deps: AppDeps, userId: number, enrolmentRef: string): Promise<string> {
  const enrolment = await findEnrolmentByRef(deps.db, enrolmentRef);
  if (!enrolment || enrolment.user_id !== userId) throw new ActionError('E40');
  const existing = await findCertificateOfEnrolment(deps.db, enrolment.id);
  if (existing) return existing.ref;
  const workshop = await findWorkshopById(deps.db, enrolment.workshop_id);
  const student = await accountById(deps.db, userId);
  if (!workshop || !student) throw new ActionError('E40');
  if (workshop.certificate !== 1) throw new ActionError('E54');
  const ctx = await courseContext(
    deps.db,
    workshop,
    { id: userId, countryId: student.country_id },
    deps.now(),
  );
  if (!ctx || ctx.periodExpired || ctx.lessons.length === 0) throw new ActionError('E53');
  if (ctx.lessons.some((l) => !ctx.completed.has(l.id))) throw new ActionError('E53');
  await insertCertificate(deps.db, {
    ref: newRef(),
    enrolment_id: enrolment.id,
    student_name: `${student.first_name} ${student.last_name}`.trim(),
    course_title: workshop.title,
    professional_name: `${ctx.owner.first_name} ${ctx.owner.last_name}`.trim(),
    issued_at: deps.now().toISOString(),
  });
  const issued = await findCertificateOfEnrolment(deps.db, enrolment.id);
  if (!issued) throw new Error('certificate missing after insert');
  // issue 17: the certificate's mail and notification, once (a repeated call returned above).
  await tellCertificateIssued(deps, deps.db, issued, userId);
  return issued.ref;
}

/** The PDF, for its student or the course's professional; a stranger gets E55 like a bad ref. */
export async function certificatePdf(
  deps: AppDeps,
  userId: number,
  ref: string,
  route: { country: string; lang: string },
) {
  const row = await findCertificateByRef(deps.db, ref);
  if (!row || (row.student_id !== userId && row.seller_id !== userId)) throw new ActionError('E55');
  const student = await accountById(deps.db, row.student_id);
  const pdf = await renderCertificatePdf({
    ref: row.ref,
    studentName: row.student_name,
    courseTitle: row.course_title,
    professionalName: row.professional_name,
    issuedAt: new Date(row.issued_at),
    timeZone: student?.time_zone ?? 'America/Argentina/Buenos_Aires',
    verifyUrl: `${deps.config.publicUrl}/${route.country}/${route.lang}/certificate/${row.ref}`,
  });
  const slug = row.course_title
    .normalize('NFD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return { fileName: `certificado-${slug || 'curso'}.pdf`, pdf: pdf.toString('base64') };
}

/** certificate/{ref}: public, answers only what the certificate itself prints. */
export async function checkCertificate(deps: AppDeps, ref: string): Promise<CertificateCheck> {
  const row = await findCertificateByRef(deps.db, ref);
  if (!row) throw new ActionError('E55');
  return {
    ref: row.ref,
    studentName: row.student_name,
    courseTitle: row.course_title,
    courseRef: row.course_ref,
    professionalName: row.professional_name,
    issuedAt: row.issued_at,
  };
}
