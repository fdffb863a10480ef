import { type CourseView, isLiveLesson, type LessonData, type ModuleProgress } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { asFlag } from '../../lib/flags.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { fromMinor } from '../catalogue/catalogue.service.ts';
import { type CourseContext, courseContext, lessonAccessible, modulePriceFor } from './course-context.ts';
import {
  type EnrolmentRow,
  findEnrolment,
  findLessonByRef,
  findModuleById,
  findWorkshopById,
  findWorkshopByRef,
  insertCompletion,
  insertEnrolment,
  type LessonRow,
  type WorkshopRow,
} from './courses.repository.ts';
import { signedLessonLink } from './lesson-media.ts';

export interface Viewer {
  id: number | null;
  countryId: number | null;
}

function visible(workshop: WorkshopRow | undefined): workshop is WorkshopRow {
  return workshop !== undefined && workshop.deleted_at === null;
}

export async function contextForRef(deps: AppDeps, ref: string, viewer: Viewer): Promise<CourseContext> {
  const workshop = await findWorkshopByRef(deps.db, ref);
  if (!visible(workshop)) throw new ActionError('E40');
  const ctx = await courseContext(deps.db, workshop, viewer, deps.now());
  // A paused course is hidden from new visitors; its owner and enrolled students still see it.
  if (!ctx || (workshop.paused === 1 && !ctx.isOwner && !ctx.enrolment)) throw new ActionError('E40');
  return ctx;
}

/** The lesson, its module and the viewer's context; E42 for a lesson of a deleted course. */
export async function lessonContext(deps: AppDeps, lessonRef: string, viewer: Viewer) {
  const lesson = await findLessonByRef(deps.db, lessonRef);
  const module = lesson ? await findModuleById(deps.db, lesson.module_id) : undefined;
  const workshop =
    module && module.deleted_at === null ? await findWorkshopById(deps.db, module.workshop_id) : undefined;
  if (!lesson || !module || !visible(workshop)) throw new ActionError('E42');
  const ctx = await courseContext(deps.db, workshop, viewer, deps.now());
  if (!ctx) throw new ActionError('E42');
  return { lesson, module, ctx };
}

const lessonsOfModule = (ctx: CourseContext, moduleId: number) =>
  ctx.lessons.filter((l) => l.module_id === moduleId);

/** A lesson as the course outline and the progress list show it. */
function lessonItem(ctx: CourseContext, lesson: LessonRow) {
  return {
    ref: lesson.ref,
    title: lesson.title,
    typeClass: lesson.type_class as 1 | 2 | 3 | 6 | 7,
    complete: ctx.completed.has(lesson.id),
  };
}

export function courseView(ctx: CourseContext): CourseView {
  const w = ctx.workshop;
  const enrolled = ctx.isOwner || ctx.enrolment !== undefined;
  return {
    ref: w.ref,
    title: w.title,
    description: w.description,
    cover: w.cover,
    admin: ctx.isOwner,
    paused: asFlag(w.paused),
    profRef: ctx.owner.ref,
    profName: `${ctx.owner.first_name} ${ctx.owner.last_name}`.trim(),
    profImg: ctx.owner.img,
    hidePrice: asFlag(w.hide_price),
    noPrice: asFlag(w.no_price),
    certificate: asFlag(w.certificate),
    limitTime: asFlag(w.limit_time),
    limitTimeDays: w.limit_time_days,
    international: ctx.international,
    enrolmentRef: ctx.enrolment?.ref ?? null,
    enableCourse: !ctx.periodExpired,
    // The community is for students: the link is not public marketing.
    linkComunityWp: enrolled ? w.community_link : null,
    completed: ctx.lessons.filter((l) => ctx.completed.has(l.id)).length,
    total: ctx.lessons.length,
    modules: ctx.modules.map((m) => {
      const access = ctx.access.get(m.id) ?? { moduleFree: 1 as const, ownerBadge: false };
      const price = modulePriceFor(ctx, m);
      return {
        ref: m.ref,
        title: m.title,
        description: m.description,
        moduleFree: access.moduleFree,
        ownerBadge: access.ownerBadge,
        purchase: ctx.purchases.get(m.id) ?? 'none',
        userPrice: fromMinor(price.minor, price.currency),
        userCurrency: price.currency,
        lessons: lessonsOfModule(ctx, m.id).map((l) => ({ ...lessonItem(ctx, l), duration: l.duration })),
      };
    }),
  };
}

/**
 * find-lesson-data-workshop (spec 002 §3). The content fields (description, video, PDF, quiz)
 * are filled only when the module is open to this viewer: an unpaid student gets the title and
 * the purchase data, never the content or a link to it.
 */
export function lessonData(deps: AppDeps, ctx: CourseContext, lesson: LessonRow): LessonData {
  const module = ctx.modules.find((m) => m.id === lesson.module_id);
  if (!module) throw new ActionError('E42');
  const access = ctx.access.get(module.id) ?? { moduleFree: 1 as const, ownerBadge: false };
  const open = access.moduleFree === 0;
  const price = modulePriceFor(ctx, module);
  const index = ctx.lessons.findIndex((l) => l.id === lesson.id);
  const quizRef = open && lesson.quiz_id !== null ? lesson.ref : null;
  return {
    ref: lesson.ref,
    courseRef: ctx.workshop.ref,
    courseTitle: ctx.workshop.title,
    moduleRef: module.ref,
    moduleTitle: module.title,
    titleClass: lesson.title,
    typeClass: lesson.type_class as LessonData['typeClass'],
    duration: lesson.duration,
    descriptionPrivate: open ? lesson.description_private : null,
    userId: ctx.owner.ref,
    moduleFree: access.moduleFree,
    ownerBadge: access.ownerBadge,
    isOwner: ctx.isOwner,
    realPriceLocal: fromMinor(module.price_local_minor, ctx.workshop.currency),
    realPriceInter: fromMinor(module.price_inter_minor, 'USD'),
    userPrice: fromMinor(price.minor, price.currency),
    userCurrency: price.currency,
    video: open ? (lesson.video_key ? signedLessonLink(deps, lesson.ref, 'video') : lesson.video_link) : null,
    videoIsLink: lesson.video_key === null && lesson.video_link !== null,
    pdfFile: open && lesson.pdf_key ? signedLessonLink(deps, lesson.ref, 'pdf') : null,
    pdfName: lesson.pdf_name,
    downloadPdf: asFlag(lesson.download_pdf),
    // The quiz is reached through its lesson: students never need (or get) the quiz's own ref.
    quizId: quizRef,
    complete: ctx.completed.has(lesson.id),
    prevRef: ctx.lessons[index - 1]?.ref ?? null,
    nextRef: ctx.lessons[index + 1]?.ref ?? null,
  };
}

/** A student's enrolment, created on their first step into the course (idempotent). */
export async function ensureEnrolment(
  deps: AppDeps,
  db: DB,
  workshop: WorkshopRow,
  userId: number,
): Promise<EnrolmentRow> {
  const now = deps.now();
  const nowIso = now.toISOString();
  const expiresAt =
    workshop.limit_time === 1 && workshop.limit_time_days
      ? new Date(now.getTime() + workshop.limit_time_days * 86_400_000).toISOString()
      : null;
  await insertEnrolment(db, {
    ref: newRef(),
    workshop_id: workshop.id,
    user_id: userId,
    expires_at: expiresAt,
    created_at: nowIso,
    updated_at: nowIso,
  });
  const row = await findEnrolment(db, workshop.id, userId);
  if (!row) throw new Error('Enrolment missing after insert');
  return row;
}

export async function markLessonDone(deps: AppDeps, userId: number, lessonRef: string) {
  const { lesson, module, ctx } = await lessonContext(deps, lessonRef, { id: userId, countryId: null });
  if (!lessonAccessible(ctx, lesson)) throw new ActionError('E48');
  // spec 002 §4: a quiz is done only by passing it.
  if (lesson.quiz_id !== null && lesson.type_class === 3) throw new ActionError('E57');
  if (isLiveLesson(lesson.type_class) && lesson.live_start && deps.now().toISOString() < lesson.live_start) {
    throw new ActionError('E58');
  }
  if (!ctx.isOwner) await ensureEnrolment(deps, deps.db, ctx.workshop, userId);
  await insertCompletion(deps.db, lesson.id, userId, deps.now().toISOString());
  ctx.completed.add(lesson.id);
  return {
    lessonId: lesson.ref,
    moduleId: module.ref,
    completed: ctx.lessons.filter((l) => ctx.completed.has(l.id)).length,
    total: ctx.lessons.length,
  };
}

export function moduleProgress(ctx: CourseContext): ModuleProgress[] {
  return ctx.modules.map((m) => ({
    ref: m.ref,
    title: m.title,
    moduleFree: ctx.access.get(m.id)?.moduleFree ?? 1,
    lessons: lessonsOfModule(ctx, m.id).map((l) => lessonItem(ctx, l)),
  }));
}
