import { type Enrolment, isLiveLesson } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { asFlag } from '../../lib/flags.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { fromMinor } from '../catalogue/catalogue.service.ts';
import { findOwnedContact } from '../contacts/contacts.service.ts';
import { courseContext, panelStateOf } from './course-context.ts';
import {
  type EnrolmentRow,
  findCertificateOfEnrolment,
  findWorkshopById,
  listEnrolmentsOfSeller,
  listPurchases,
} from './courses.repository.ts';

export async function enrolmentView(deps: AppDeps, enrolment: EnrolmentRow): Promise<Enrolment | null> {
  const workshop = await findWorkshopById(deps.db, enrolment.workshop_id);
  const student = await accountById(deps.db, enrolment.user_id);
  if (!workshop || !student) return null;
  const ctx = await courseContext(
    deps.db,
    workshop,
    { id: student.id, countryId: student.country_id },
    deps.now(),
  );
  if (!ctx) return null;
  const purchases = await listPurchases(
    deps.db,
    student.id,
    ctx.modules.map((m) => m.id),
  );
  const state = panelStateOf(ctx, purchases);
  const certificate = await findCertificateOfEnrolment(deps.db, enrolment.id);
  const firstOpen = ctx.modules.find((m) => ctx.access.get(m.id)?.moduleFree === 0);
  const firstLesson = firstOpen ? ctx.lessons.find((l) => l.module_id === firstOpen.id) : undefined;
  const due = state.unpaid.reduce((sum, p) => sum + p.price_minor, 0);
  const dueCurrency = state.unpaid[0]?.currency ?? workshop.currency;
  return {
    ref: enrolment.ref,
    courseRef: workshop.ref,
    title: workshop.title,
    cover: workshop.cover,
    sellerRef: ctx.owner.ref,
    sellerName: `${ctx.owner.first_name} ${ctx.owner.last_name}`.trim(),
    imgSeller: ctx.owner.img,
    clientName: `${student.first_name} ${student.last_name}`.trim(),
    imgClient: student.img,
    contactEmail: student.email,
    createdAt: enrolment.created_at,
    expiresAt: enrolment.expires_at,
    enableCourse: !ctx.periodExpired,
    badge: state.badge,
    badgeText: state.badgeText,
    moduleEntryEnabled: state.moduleEntryEnabled,
    firstModule: firstOpen?.ref ?? null,
    firstLesson: firstLesson?.ref ?? null,
    completed: ctx.lessons.filter((l) => ctx.completed.has(l.id)).length,
    total: ctx.lessons.length,
    percent: state.percent,
    certificate: asFlag(workshop.certificate),
    certificateEnabled: state.certificateEnabled && workshop.certificate === 1,
    certificateRef: certificate?.ref ?? null,
    linkComunityWp: workshop.community_link,
    unpaidPurchases: state.unpaid.length,
    amountDue: fromMinor(due, dueCurrency),
    currency: dueCurrency,
  };
}

/**
 * The records side (spec 001 §2.6): the courses a contact (a client with an account) takes with
 * this professional, each with its live lessons. A foreign or unknown contact answers E40.
 */
export async function contactWorkshops(deps: AppDeps, sellerId: number, contactRef: string) {
  const contact = await findOwnedContact(deps.db, sellerId, contactRef);
  if (!contact) throw new ActionError('E40');
  if (contact.userId === null) return [];
  const studentId = contact.userId;
  const enrolments = (await listEnrolmentsOfSeller(deps.db, sellerId)).filter((e) => e.user_id === studentId);
  const answer = [];
  for (const row of enrolments) {
    const view = await enrolmentView(deps, row);
    const workshop = await findWorkshopById(deps.db, row.workshop_id);
    if (!view || !workshop) continue;
    const ctx = await courseContext(deps.db, workshop, { id: sellerId, countryId: null }, deps.now());
    answer.push({
      enrolment: view,
      liveLessons: (ctx?.lessons ?? [])
        .filter((l) => isLiveLesson(l.type_class))
        .map((l) => ({
          ref: l.ref,
          title: l.title,
          typeClass: l.type_class as 6 | 7,
          startDate: l.live_start,
        })),
    });
  }
  return answer;
}
