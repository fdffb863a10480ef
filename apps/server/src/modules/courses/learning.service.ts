import {
  applyQuizAnswer,
  type CourseView,
  type Enrolment,
  isLiveLesson,
  type LessonData,
  type LiveDate,
  liveRoomOpensMinutesBefore,
  type ModuleProgress,
  type QuizKeyQuestion,
  type QuizProgress,
  type QuizResult,
  quizAnswerInTime,
  quizDeadline,
  quizOutcome,
  quizSecondsLeft,
  videoCallPlatformName,
} from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { asFlag } from '../../lib/flags.ts';
import { loadQrCode } from '../../lib/heavy-libraries.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { fromMinor } from '../catalogue/catalogue.service.ts';
import { findOwnedContact } from '../contacts/contacts.service.ts';
import {
  type CourseContext,
  courseContext,
  lessonAccessible,
  modulePriceFor,
  panelStateOf,
} from './course-context.ts';
import {
  type AttemptRow,
  type EnrolmentRow,
  findAttemptByRef,
  findCertificateOfEnrolment,
  findEnrolment,
  findLessonById,
  findLessonByRef,
  findModuleById,
  findQuizById,
  findUserIdByRef,
  findWorkshopById,
  findWorkshopByRef,
  hasAttended,
  hasPassedAttempt,
  insertAttempt,
  insertCompletion,
  insertEnrolment,
  type LessonRow,
  listEnrolmentsOfSeller,
  listOptions,
  listPurchases,
  listQuestions,
  recordAttendance,
  updateAttempt,
  type WorkshopRow,
} from './courses.repository.ts';
import { signedLessonLink } from './lesson-media.ts';
import { ownLesson, ownQuiz } from './workshop-editor.service.ts';

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
        lessons: ctx.lessons
          .filter((l) => l.module_id === m.id)
          .map((l) => ({
            ref: l.ref,
            title: l.title,
            typeClass: l.type_class as 1 | 2 | 3 | 6 | 7,
            duration: l.duration,
            complete: ctx.completed.has(l.id),
          })),
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
    lessons: ctx.lessons
      .filter((l) => l.module_id === m.id)
      .map((l) => ({
        ref: l.ref,
        title: l.title,
        typeClass: l.type_class as 1 | 2 | 3 | 6 | 7,
        complete: ctx.completed.has(l.id),
      })),
  }));
}

// ---- live dates

function zoneOrUtc(zone: string | undefined | null): string {
  try {
    if (zone) {
      new Intl.DateTimeFormat('es', { timeZone: zone });
      return zone;
    }
  } catch {
    // fall through
  }
  return 'UTC';
}

function localText(iso: string, zone: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat('es-AR', { ...options, timeZone: zone }).format(new Date(iso));
}

export async function liveDates(
  deps: AppDeps,
  lessonRef: string,
  viewer: Viewer,
  input: { timezone?: string | undefined; route: { country: string; lang: string } },
): Promise<LiveDate[]> {
  const { lesson, ctx } = await lessonContext(deps, lessonRef, viewer);
  if (!isLiveLesson(lesson.type_class) || !lesson.live_start || !lesson.live_end) return [];
  const open = lessonAccessible(ctx, lesson);
  const viewerAccount = viewer.id !== null ? await accountById(deps.db, viewer.id) : undefined;
  const zone = zoneOrUtc(input.timezone ?? viewerAccount?.time_zone ?? lesson.live_time_zone);
  const now = deps.now().getTime();
  const opens = Date.parse(lesson.live_start) - liveRoomOpensMinutesBefore * 60_000;
  const inPerson = lesson.type_class === 7;
  const useOwnRoom = lesson.type_class === 6 && lesson.use_my_video_call === 1;
  // The entry QR identifies the student at the door; the professional scans it (qr-reader).
  const qrUrl =
    inPerson && open && !ctx.isOwner && viewerAccount
      ? `${deps.config.publicUrl}/${input.route.country}/${input.route.lang}/qr-reader-live-date/${lesson.ref}/${viewerAccount.ref}`
      : null;
  return [
    {
      id: lesson.ref,
      publishTitle: ctx.workshop.title,
      lessonTitle: lesson.title,
      typeClass: lesson.type_class as 6 | 7,
      liveDate: localText(lesson.live_start, zone, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
      startDate: localText(lesson.live_start, zone, { dateStyle: 'short', timeStyle: 'short' }),
      endDate: localText(lesson.live_end, zone, { dateStyle: 'short', timeStyle: 'short' }),
      timezone: zone,
      eventTimezone: lesson.live_time_zone ?? zone,
      canEnter: open && useOwnRoom && now >= opens && now <= Date.parse(lesson.live_end),
      useMyVideoCall: asFlag(lesson.use_my_video_call),
      platformVideoCall:
        lesson.type_class === 6 && lesson.use_my_video_call === 0
          ? videoCallPlatformName(lesson.platform_video_call ?? 5)
          : null,
      linkVideoCall: open ? lesson.link_video_call : null,
      passVideoCall: open ? lesson.pass_video_call : null,
      roomIdLink: open ? lesson.room_id_link : null,
      address: open ? lesson.address : null,
      imgQr: qrUrl
        ? await (await loadQrCode()).toDataURL(qrUrl, { errorCorrectionLevel: 'M', margin: 2, width: 280 })
        : null,
      attended: viewer.id !== null && !ctx.isOwner ? await hasAttended(deps.db, lesson.id, viewer.id) : false,
    },
  ];
}

/** The own video room of a live online lesson, as one viewer may use it (issue 17). */
export interface LiveLessonRoom {
  title: string;
  sellerName: string;
  viewerName: string;
  role: 'professional' | 'client';
  startsAt: string;
  endsAt: string;
  opensAt: string;
  state: 'waiting' | 'open' | 'ended';
}

/**
 * course-room/{ref} (spec 002 §2 'Ingresar al evento', issue 17): the room of a live online
 * lesson held in the own room (useMyVideoCall). Its parties are the workshop's professional and
 * the students the lesson is open to; the room is open exactly when find-live-date says canEnter
 * (from a few minutes before the start to the end). Anybody else, an unknown ref and any other
 * lesson answer undefined, so the caller gives the same 404 as a room that does not exist.
 */
export async function liveLessonRoom(
  deps: AppDeps,
  lessonRef: string,
  viewerId: number,
): Promise<LiveLessonRoom | undefined> {
  let found: Awaited<ReturnType<typeof lessonContext>>;
  try {
    found = await lessonContext(deps, lessonRef, { id: viewerId, countryId: null });
  } catch {
    return undefined;
  }
  const { lesson, ctx } = found;
  if (lesson.type_class !== 6 || lesson.use_my_video_call !== 1 || !lesson.live_start || !lesson.live_end) {
    return undefined;
  }
  if (!ctx.isOwner && !lessonAccessible(ctx, lesson)) return undefined;
  const [owner, viewer] = await Promise.all([
    accountById(deps.db, ctx.workshop.user_id),
    accountById(deps.db, viewerId),
  ]);
  const nameOf = (a: typeof owner) => (a ? `${a.first_name} ${a.last_name}`.trim() : '');
  const now = deps.now().getTime();
  const opens = Date.parse(lesson.live_start) - liveRoomOpensMinutesBefore * 60_000;
  const ends = Date.parse(lesson.live_end);
  return {
    title: lesson.title,
    sellerName: nameOf(owner),
    viewerName: nameOf(viewer),
    role: ctx.isOwner ? 'professional' : 'client',
    startsAt: lesson.live_start,
    endsAt: lesson.live_end,
    opensAt: new Date(opens).toISOString(),
    state: now > ends ? 'ended' : now >= opens ? 'open' : 'waiting',
  };
}

// ---- quizzes

async function quizOfLesson(deps: AppDeps, userId: number, lessonRef: string) {
  const { lesson, ctx } = await lessonContext(deps, lessonRef, { id: userId, countryId: null });
  if (lesson.type_class !== 3 || lesson.quiz_id === null) throw new ActionError('E43');
  if (!lessonAccessible(ctx, lesson)) throw new ActionError('E48');
  const quiz = await findQuizById(deps.db, lesson.quiz_id);
  if (!quiz || quiz.deleted_at) throw new ActionError('E43');
  return { lesson, ctx, quiz };
}

export async function readableQuiz(
  deps: AppDeps,
  userId: number,
  input: { ref: string; lessonId?: string | undefined },
) {
  // Students come through the lesson (its ref is their quizId); owners may also use the quiz ref.
  const lessonRef = input.lessonId ?? input.ref;
  // A locked quiz lesson answers the pay-first message; an unknown one may be a quiz ref.
  const viaLesson = await quizOfLesson(deps, userId, lessonRef).catch((error: unknown) => {
    if (error instanceof ActionError && error.code === 'E48') throw error;
    return null;
  });
  if (viaLesson) {
    return {
      quiz: viaLesson.quiz,
      isOwner: viaLesson.ctx.isOwner,
      passed: await hasPassedAttempt(deps.db, userId, viaLesson.lesson.id),
    };
  }
  const quiz = await ownQuiz(deps.db, userId, input.ref).catch(() => null);
  if (!quiz) throw new ActionError('E43');
  return { quiz, isOwner: true, passed: false };
}

async function answerKey(
  db: DB,
  quizId: number,
): Promise<{ questions: (QuizKeyQuestion & { text: string })[]; optionRefs: Map<string, string> }> {
  const questions = await listQuestions(db, [quizId]);
  const options = await listOptions(
    db,
    questions.map((q) => q.id),
  );
  const optionQuestion = new Map<string, string>();
  const key = questions.map((q) => {
    const own = options.filter((o) => o.question_id === q.id);
    for (const o of own) optionQuestion.set(o.ref, q.ref);
    return {
      id: q.ref,
      text: q.question,
      points: q.points,
      correctOptionIds: own.filter((o) => o.correct === 1).map((o) => o.ref),
    };
  });
  return { questions: key, optionRefs: optionQuestion };
}

export async function startQuiz(deps: AppDeps, userId: number, lessonRef: string) {
  const { lesson, ctx, quiz } = await quizOfLesson(deps, userId, lessonRef);
  if (!ctx.isOwner) await ensureEnrolment(deps, deps.db, ctx.workshop, userId);
  const now = deps.now();
  const deadline = quizDeadline(now, quiz.time_minutes);
  const ref = newRef();
  await insertAttempt(deps.db, {
    ref,
    quiz_id: quiz.id,
    lesson_id: lesson.id,
    user_id: userId,
    started_at: now.toISOString(),
    deadline: deadline.toISOString(),
    answers: '[]',
    points: 0,
    correct: 0,
    outcome: 'running',
    reason: null,
    finished_at: null,
  });
  return {
    attemptRef: ref,
    deadline: deadline.toISOString(),
    serverNow: now.toISOString(),
    secondsLeft: quizSecondsLeft(now, deadline),
  };
}

async function assertQuizStillOpen(deps: AppDeps, userId: number, lessonId: number) {
  const lesson = await findLessonById(deps.db, lessonId);
  if (!lesson) throw new ActionError('E42');
  const { ctx } = await lessonContext(deps, lesson.ref, { id: userId, countryId: null });
  if (!lessonAccessible(ctx, lesson)) throw new ActionError('E48');
}

async function ownAttempt(deps: AppDeps, userId: number, ref: string): Promise<AttemptRow> {
  const attempt = await findAttemptByRef(deps.db, ref);
  if (!attempt || attempt.user_id !== userId) throw new ActionError('E43');
  return attempt;
}

async function closeAttempt(
  deps: AppDeps,
  attempt: AttemptRow,
  progress: QuizProgress,
  outcome: 'passed' | 'failed',
  reason: 'points' | 'answered' | 'time',
): Promise<boolean> {
  const nowIso = deps.now().toISOString();
  return deps.db.transaction().execute(async (tx) => {
    const written = await updateAttempt(tx, attempt, {
      answers: JSON.stringify(progress.answers),
      points: progress.points,
      correct: progress.correct,
      outcome,
      reason,
      finished_at: nowIso,
    });
    // spec 002 §4: passing marks the quiz lesson done.
    if (written && outcome === 'passed')
      await insertCompletion(tx, attempt.lesson_id, attempt.user_id, nowIso);
    return written;
  });
}

function progressOf(attempt: AttemptRow): QuizProgress {
  return { points: attempt.points, correct: attempt.correct, answers: JSON.parse(attempt.answers) };
}

export async function answerQuiz(
  deps: AppDeps,
  userId: number,
  input: { attemptRef: string; questionId: string; optionId: string },
) {
  const attempt = await ownAttempt(deps, userId, input.attemptRef);
  if (attempt.outcome !== 'running') throw new ActionError('E52');
  // Access can end mid-attempt (a refund, the period): answers stop counting with it.
  await assertQuizStillOpen(deps, userId, attempt.lesson_id);
  const progress = progressOf(attempt);
  if (!quizAnswerInTime(deps.now(), new Date(attempt.deadline))) {
    await closeAttempt(deps, attempt, progress, 'failed', 'time');
    return { outcome: 'failed' as const };
  }
  const key = await answerKey(deps.db, attempt.quiz_id);
  const question = key.questions.find((q) => q.id === input.questionId);
  if (!question || key.optionRefs.get(input.optionId) !== question.id)
    throw new ActionError('E50', 'optionId');
  const next = applyQuizAnswer(progress, question, input.optionId);
  const quiz = await findQuizById(deps.db, attempt.quiz_id);
  const outcome = quizOutcome(next, quiz?.ok_points ?? 0, key.questions.length);
  if (outcome === 'running') {
    const written = await updateAttempt(deps.db, attempt, {
      answers: JSON.stringify(next.answers),
      points: next.points,
      correct: next.correct,
    });
    if (!written) throw new ActionError('E52');
    return { outcome };
  }
  const reason = outcome === 'passed' && next.answers.length < key.questions.length ? 'points' : 'answered';
  if (!(await closeAttempt(deps, attempt, next, outcome, reason))) throw new ActionError('E52');
  return { outcome };
}

/** Ends a running attempt as failed (the countdown reached zero) and answers the finish screen. */
export async function finishQuiz(deps: AppDeps, userId: number, attemptRef: string): Promise<QuizResult> {
  let attempt = await ownAttempt(deps, userId, attemptRef);
  if (attempt.outcome === 'running') {
    await closeAttempt(deps, attempt, progressOf(attempt), 'failed', 'time');
    attempt = await ownAttempt(deps, userId, attemptRef);
  }
  const quiz = await findQuizById(deps.db, attempt.quiz_id);
  const key = await answerKey(deps.db, attempt.quiz_id);
  const answers = progressOf(attempt).answers;
  return {
    outcome: attempt.outcome === 'passed' ? 'passed' : 'failed',
    reason: attempt.reason ?? 'time',
    okPoints: quiz?.ok_points ?? 0,
    points: attempt.points,
    correct: attempt.correct,
    results: key.questions.map((q) => ({
      questionId: q.id,
      question: q.text,
      correct: answers.find((a) => a.questionId === q.id)?.correct ?? null,
    })),
  };
}

// ---- enrolments (the workshop panel)

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
 * qr-reader-live-date/{lessonId}/{userId}: the professional scanned a student's entry QR at an
 * in-person event. The student must be one who may open the lesson; attending marks it done.
 */
export async function saveLiveAttendance(
  deps: AppDeps,
  sellerId: number,
  lessonRef: string,
  studentRef: string,
) {
  const { lesson, workshop } = await ownLesson(deps.db, sellerId, lessonRef);
  if (lesson.type_class !== 7) throw new ActionError('E42');
  const student = await findUserIdByRef(deps.db, studentRef);
  if (!student) throw new ActionError('E56');
  const ctx = await courseContext(deps.db, workshop, { id: student.id, countryId: null }, deps.now());
  if (!ctx || ctx.isOwner || !lessonAccessible(ctx, lesson)) throw new ActionError('E56');
  const nowIso = deps.now().toISOString();
  const fresh = await deps.db.transaction().execute(async (tx) => {
    const inserted = await recordAttendance(tx, {
      lesson_id: lesson.id,
      user_id: student.id,
      recorded_by: sellerId,
      recorded_at: nowIso,
    });
    await ensureEnrolment(deps, tx, workshop, student.id);
    await insertCompletion(tx, lesson.id, student.id, nowIso);
    return inserted;
  });
  return {
    studentName: `${student.first_name} ${student.last_name}`.trim(),
    lessonTitle: lesson.title,
    courseTitle: workshop.title,
    alreadyRecorded: !fresh,
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
