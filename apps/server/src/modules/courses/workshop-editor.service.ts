import {
  currencyForCountryId,
  type LessonEditor,
  type ModuleEditor,
  type ParsedInputOf,
  type PublicWorkshop,
  type QuizQuestion,
  type WorkshopEditor,
  type WorkshopSummary,
} from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { asFlag } from '../../lib/flags.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { fromMinor, toMinor } from '../catalogue/catalogue.service.ts';
import { onFreePlanLimits } from '../plans/plans.service.ts';
import {
  countLessonsUsingQuiz,
  countStudents,
  findLessonByRef,
  findModuleById,
  findModuleByRef,
  findQuestionByRef,
  findQuizById,
  findQuizByRef,
  findUserIdByRef,
  findWorkshopById,
  findWorkshopByRef,
  hasLivePurchases,
  insertLesson,
  insertModule,
  insertQuestion,
  insertQuiz,
  insertWorkshop,
  type LessonRow,
  listLessonsOfModules,
  listModules,
  listModulesOfWorkshops,
  listOptions,
  listQuestions,
  listQuizzesOfUser,
  listWorkshopsOfUser,
  type QuestionRow,
  type QuizRow,
  replaceOptions,
  updateLesson,
  updateModule,
  updateQuestion,
  updateQuiz,
  updateWorkshop,
  type WorkshopRow,
} from './courses.repository.ts';

// Every editor call proves ownership first; a foreign ref answers exactly like an unknown one.

export async function ownWorkshop(db: DB, userId: number, ref: string): Promise<WorkshopRow> {
  const row = await findWorkshopByRef(db, ref);
  if (!row || row.user_id !== userId) throw new ActionError('E40');
  return row;
}

export async function ownModule(db: DB, userId: number, ref: string) {
  const module = await findModuleByRef(db, ref);
  const workshop = module ? await findWorkshopById(db, module.workshop_id) : undefined;
  if (!module || !workshop || workshop.user_id !== userId || workshop.deleted_at)
    throw new ActionError('E41');
  return { module, workshop };
}

export async function ownLesson(db: DB, userId: number, ref: string) {
  const lesson = await findLessonByRef(db, ref);
  const module = lesson ? await findModuleById(db, lesson.module_id) : undefined;
  const workshop = module ? await findWorkshopById(db, module.workshop_id) : undefined;
  if (
    !lesson ||
    !module ||
    module.deleted_at ||
    !workshop ||
    workshop.user_id !== userId ||
    workshop.deleted_at
  )
    throw new ActionError('E42');
  return { lesson, module, workshop };
}

export async function ownQuiz(db: DB, userId: number, ref: string): Promise<QuizRow> {
  const quiz = await findQuizByRef(db, ref);
  if (!quiz || quiz.user_id !== userId) throw new ActionError('E43');
  return quiz;
}

export async function listMyWorkshops(db: DB, userId: number): Promise<WorkshopSummary[]> {
  const workshops = await listWorkshopsOfUser(db, userId);
  const ids = workshops.map((w) => w.id);
  const [modules, students] = await Promise.all([listModulesOfWorkshops(db, ids), countStudents(db, ids)]);
  const lessons = await listLessonsOfModules(
    db,
    modules.map((m) => m.id),
  );
  return workshops.map((w) => {
    const own = modules.filter((m) => m.workshop_id === w.id);
    const ownIds = new Set(own.map((m) => m.id));
    return {
      ref: w.ref,
      title: w.title,
      cover: w.cover,
      paused: asFlag(w.paused),
      modules: own.length,
      lessons: lessons.filter((l) => ownIds.has(l.module_id)).length,
      students: students.get(w.id) ?? 0,
      updatedAt: w.updated_at,
    };
  });
}

/** The professional's live courses for their public page (paused and deleted ones stay hidden). */
export async function publicWorkshopsOf(db: DB, profRef: string): Promise<PublicWorkshop[]> {
  const owner = await findUserIdByRef(db, profRef);
  if (!owner) return [];
  const workshops = (await listWorkshopsOfUser(db, owner.id)).filter((w) => w.paused === 0);
  const modules = await listModulesOfWorkshops(
    db,
    workshops.map((w) => w.id),
  );
  const lessons = await listLessonsOfModules(
    db,
    modules.map((m) => m.id),
  );
  return workshops
    .map((w) => {
      const own = new Set(modules.filter((m) => m.workshop_id === w.id).map((m) => m.id));
      return {
        ref: w.ref,
        title: w.title,
        description: w.description.length > 240 ? `${w.description.slice(0, 237)}…` : w.description,
        cover: w.cover,
        modules: own.size,
        lessons: lessons.filter((l) => own.has(l.module_id)).length,
        certificate: asFlag(w.certificate),
      };
    })
    .filter((w) => w.modules > 0);
}

export async function saveWorkshop(
  deps: AppDeps,
  userId: number,
  input: ParsedInputOf<'save-workshop'>,
): Promise<string> {
  const nowIso = deps.now().toISOString();
  const fields = {
    title: input.title,
    description: input.description,
    pay_cash: input.payCash,
    pay_card: input.payCard,
    hide_price: input.hidePrice,
    no_price: input.noPrice,
    limit_time: input.limitTime,
    limit_time_days: input.limitTime === 1 ? input.limitTimeDays : null,
    certificate: input.certificate,
    community_link: input.linkComunityWp,
    updated_at: nowIso,
  };
  const existing = input.ref ? await ownWorkshop(deps.db, userId, input.ref) : undefined;
  const paused = input.paused ?? existing?.paused ?? 0;
  // Spec 002 §4: no live workshop on the free plan; a paused one may still be edited, so only
  // publishing one (a new live one, or un-pausing) is refused, with E90's message saying why.
  if (paused === 0 && (await onFreePlanLimits(deps, deps.db, userId))) throw new ActionError('E90');
  if (existing) {
    await updateWorkshop(deps.db, existing.id, { ...fields, paused });
    return existing.ref;
  }
  const owner = await accountById(deps.db, userId);
  if (!owner) throw new ActionError('E40');
  const ref = newRef();
  await insertWorkshop(deps.db, {
    ...fields,
    paused,
    ref,
    user_id: userId,
    cover: null,
    // Module prices are in the professional's currency (international buyers pay the USD one).
    currency: currencyForCountryId(owner.country_id),
    created_at: nowIso,
    deleted_at: null,
  });
  return ref;
}

export async function deleteWorkshop(deps: AppDeps, userId: number, ref: string): Promise<void> {
  const row = await ownWorkshop(deps.db, userId, ref);
  const students = await countStudents(deps.db, [row.id]);
  // Students keep what they paid for: a course with students can be paused, not deleted.
  if ((students.get(row.id) ?? 0) > 0) throw new ActionError('E48');
  const nowIso = deps.now().toISOString();
  await updateWorkshop(deps.db, row.id, { deleted_at: nowIso, updated_at: nowIso });
}

function lessonEditorOf(row: LessonRow, quizRefs: Map<number, string>): LessonEditor {
  return {
    ref: row.ref,
    title: row.title,
    typeClass: row.type_class as LessonEditor['typeClass'],
    duration: row.duration,
    descriptionPrivate: row.description_private,
    videoLink: row.video_link,
    videoFileName: row.video_name,
    pdfFileName: row.pdf_name,
    downloadPdf: asFlag(row.download_pdf),
    quizRef: row.quiz_id !== null ? (quizRefs.get(row.quiz_id) ?? null) : null,
    live: {
      startDate: row.live_start,
      endDate: row.live_end,
      timezone: row.live_time_zone,
      useMyVideoCall: asFlag(row.use_my_video_call),
      platformVideoCall: row.platform_video_call,
      linkVideoCall: row.link_video_call,
      passVideoCall: row.pass_video_call,
      roomIdLink: row.room_id_link,
      address: row.address,
    },
  };
}

export async function workshopEditor(db: DB, userId: number, ref: string): Promise<WorkshopEditor> {
  const w = await ownWorkshop(db, userId, ref);
  const modules = await listModules(db, w.id);
  const lessons = await listLessonsOfModules(
    db,
    modules.map((m) => m.id),
  );
  const quizzes = await listQuizzesOfUser(db, userId);
  const quizRefs = new Map(quizzes.map((q) => [q.id, q.ref]));
  return {
    ref: w.ref,
    title: w.title,
    description: w.description,
    cover: w.cover,
    currency: w.currency,
    payCash: asFlag(w.pay_cash),
    payCard: asFlag(w.pay_card),
    hidePrice: asFlag(w.hide_price),
    noPrice: asFlag(w.no_price),
    limitTime: asFlag(w.limit_time),
    limitTimeDays: w.limit_time_days,
    certificate: asFlag(w.certificate),
    linkComunityWp: w.community_link,
    paused: asFlag(w.paused),
    modules: modules.map(
      (m): ModuleEditor => ({
        ref: m.ref,
        title: m.title,
        description: m.description,
        priceLocal: fromMinor(m.price_local_minor, w.currency),
        priceInter: fromMinor(m.price_inter_minor, 'USD'),
        moduleFree: m.module_free as 0 | 1 | 2,
        lessons: lessons.filter((l) => l.module_id === m.id).map((l) => lessonEditorOf(l, quizRefs)),
      }),
    ),
  };
}

export async function saveModule(
  deps: AppDeps,
  userId: number,
  input: ParsedInputOf<'save-module'>,
): Promise<string> {
  const workshop = await ownWorkshop(deps.db, userId, input.workshopRef);
  const local = toMinor(input.priceLocal, workshop.currency);
  if (local === null) throw new ActionError('E8', 'priceLocal');
  const inter = toMinor(input.priceInter, 'USD');
  if (inter === null) throw new ActionError('E9', 'priceInter');
  const fields = {
    title: input.title,
    description: input.description,
    price_local_minor: local,
    price_inter_minor: inter,
    module_free: input.moduleFree,
  };
  const nowIso = deps.now().toISOString();
  if (input.ref) {
    const { module } = await ownModule(deps.db, userId, input.ref);
    if (module.workshop_id !== workshop.id) throw new ActionError('E41');
    await updateModule(deps.db, module.id, fields);
    await updateWorkshop(deps.db, workshop.id, { updated_at: nowIso });
    return module.ref;
  }
  const existing = await listModules(deps.db, workshop.id);
  if (existing.length >= 50) throw new ActionError('E47');
  const ref = newRef();
  await insertModule(deps.db, {
    ...fields,
    ref,
    workshop_id: workshop.id,
    position: (existing.at(-1)?.position ?? 0) + 1,
    created_at: nowIso,
    deleted_at: null,
  });
  await updateWorkshop(deps.db, workshop.id, { updated_at: nowIso });
  return ref;
}

/** Swaps a row with its neighbour; both positions are written in one transaction. */
async function swapPositions<T extends { id: number; position: number; ref: string }>(
  rows: T[],
  ref: string,
  direction: 'up' | 'down',
  write: (id: number, position: number) => Promise<void>,
) {
  const index = rows.findIndex((r) => r.ref === ref);
  const other = rows[direction === 'up' ? index - 1 : index + 1];
  const current = rows[index];
  if (!current || !other) return;
  // Positions may repeat after deletions; renumber by index so the swap is always visible.
  await write(current.id, direction === 'up' ? index - 1 : index + 1);
  await write(other.id, index);
}

export async function moveModule(deps: AppDeps, userId: number, input: ParsedInputOf<'move-module'>) {
  const { workshop } = await ownModule(deps.db, userId, input.ref);
  await deps.db.transaction().execute(async (tx) => {
    const rows = await listModules(tx, workshop.id);
    await Promise.all(rows.map((r, i) => updateModule(tx, r.id, { position: i })));
    await swapPositions(
      rows.map((r, i) => ({ ...r, position: i })),
      input.ref,
      input.direction,
      (id, position) => updateModule(tx, id, { position }),
    );
  });
}

export async function deleteModule(deps: AppDeps, userId: number, ref: string) {
  const { module } = await ownModule(deps.db, userId, ref);
  if (await hasLivePurchases(deps.db, module.id)) throw new ActionError('E45');
  await updateModule(deps.db, module.id, { deleted_at: deps.now().toISOString() });
}

export async function saveLesson(
  deps: AppDeps,
  userId: number,
  input: ParsedInputOf<'save-lesson'>,
): Promise<string> {
  const { module } = await ownModule(deps.db, userId, input.moduleRef);
  let quizId: number | null = null;
  if (input.typeClass === 3) {
    const quiz = input.quizRef ? await findQuizByRef(deps.db, input.quizRef) : undefined;
    if (!quiz || quiz.user_id !== userId) throw new ActionError('E14', 'quizRef');
    quizId = quiz.id;
  }
  const live = input.typeClass === 6 || input.typeClass === 7;
  const fields = {
    title: input.title,
    type_class: input.typeClass,
    duration: input.duration,
    description_private: input.descriptionPrivate,
    video_link: input.typeClass === 1 ? input.videoLink : null,
    download_pdf: input.downloadPdf,
    quiz_id: quizId,
    live_start: live && input.startDate ? new Date(input.startDate).toISOString() : null,
    live_end: live && input.endDate ? new Date(input.endDate).toISOString() : null,
    live_time_zone: live ? input.timezone : null,
    use_my_video_call: input.typeClass === 6 ? input.useMyVideoCall : 0,
    platform_video_call: input.typeClass === 6 ? input.platformVideoCall : null,
    link_video_call: input.typeClass === 6 && input.useMyVideoCall === 0 ? input.linkVideoCall : null,
    pass_video_call: input.typeClass === 6 && input.passVideoCall ? input.passVideoCall : null,
    room_id_link: input.typeClass === 6 && input.roomIdLink ? input.roomIdLink : null,
    address: input.typeClass === 7 ? input.address : null,
  };
  if (input.ref) {
    const owned = await ownLesson(deps.db, userId, input.ref);
    if (owned.lesson.module_id !== module.id) throw new ActionError('E42');
    await updateLesson(deps.db, owned.lesson.id, fields);
    return owned.lesson.ref;
  }
  const siblings = await listLessonsOfModules(deps.db, [module.id]);
  if (siblings.length >= 100) throw new ActionError('E49');
  const ref = newRef();
  await insertLesson(deps.db, {
    ...fields,
    ref,
    module_id: module.id,
    position: (siblings.at(-1)?.position ?? 0) + 1,
    video_key: null,
    video_name: null,
    pdf_key: null,
    pdf_name: null,
    created_at: deps.now().toISOString(),
    deleted_at: null,
  });
  return ref;
}

export async function moveLesson(deps: AppDeps, userId: number, input: ParsedInputOf<'move-lesson'>) {
  const { lesson } = await ownLesson(deps.db, userId, input.ref);
  await deps.db.transaction().execute(async (tx) => {
    const rows = await listLessonsOfModules(tx, [lesson.module_id]);
    await Promise.all(rows.map((r, i) => updateLesson(tx, r.id, { position: i })));
    await swapPositions(
      rows.map((r, i) => ({ ...r, position: i })),
      input.ref,
      input.direction,
      (id, position) => updateLesson(tx, id, { position }),
    );
  });
}

export async function deleteLesson(deps: AppDeps, userId: number, ref: string) {
  const { lesson } = await ownLesson(deps.db, userId, ref);
  // Soft delete: students' completions stay in the table; the lesson leaves the course.
  await updateLesson(deps.db, lesson.id, { deleted_at: deps.now().toISOString() });
}

// ---- quizzes

export async function listMyQuizzes(db: DB, userId: number) {
  const quizzes = await listQuizzesOfUser(db, userId);
  const questions = await listQuestions(
    db,
    quizzes.map((q) => q.id),
  );
  return Promise.all(
    quizzes.map(async (q) => ({
      ...quizDataOf(q, questions.filter((x) => x.quiz_id === q.id).length),
      questions: questions.filter((x) => x.quiz_id === q.id).length,
      lessons: await countLessonsUsingQuiz(db, q.id),
    })),
  );
}

export function quizDataOf(q: QuizRow, questionCount: number) {
  return { ref: q.ref, title: q.title, okPoints: q.ok_points, duration: questionCount, time: q.time_minutes };
}

/** Questions with their options; `withKey` adds the correct flags (owners only). */
export async function quizQuestions(db: DB, quizId: number, withKey: boolean): Promise<QuizQuestion[]> {
  const questions = await listQuestions(db, [quizId]);
  const options = await listOptions(
    db,
    questions.map((q) => q.id),
  );
  return questions.map((q: QuestionRow) => ({
    id: q.ref,
    question: q.question,
    questionType: q.question_type as 1 | 2 | 3 | 4,
    description: q.description,
    imgQuizURL: q.image_url,
    videoFile: q.video_url,
    points: q.points,
    optionsAnswers: options
      .filter((o) => o.question_id === q.id)
      .map((o) =>
        withKey ? { id: o.ref, answer: o.answer, correct: o.correct === 1 } : { id: o.ref, answer: o.answer },
      ),
  }));
}

export async function saveQuiz(deps: AppDeps, userId: number, input: ParsedInputOf<'save-quiz'>) {
  const fields = { title: input.title, ok_points: input.okPoints, time_minutes: input.time };
  if (input.ref) {
    const quiz = await ownQuiz(deps.db, userId, input.ref);
    await updateQuiz(deps.db, quiz.id, fields);
    return quiz.ref;
  }
  const ref = newRef();
  await insertQuiz(deps.db, {
    ...fields,
    ref,
    user_id: userId,
    created_at: deps.now().toISOString(),
    deleted_at: null,
  });
  return ref;
}

export async function deleteQuiz(deps: AppDeps, userId: number, ref: string) {
  const quiz = await ownQuiz(deps.db, userId, ref);
  if ((await countLessonsUsingQuiz(deps.db, quiz.id)) > 0) throw new ActionError('E46');
  await updateQuiz(deps.db, quiz.id, { deleted_at: deps.now().toISOString() });
}

export async function saveQuizQuestion(
  deps: AppDeps,
  userId: number,
  input: ParsedInputOf<'save-quiz-question'>,
): Promise<string> {
  const quiz = await ownQuiz(deps.db, userId, input.quizRef);
  const fields = {
    question: input.question,
    question_type: input.questionType,
    description: input.questionType === 2 ? input.description : null,
    image_url: input.questionType === 3 ? input.imgQuizURL : null,
    video_url: input.questionType === 4 ? input.videoFile : null,
    points: input.points,
  };
  const options = input.optionsAnswers.map((o) => ({ ...o, ref: newRef() }));
  return deps.db.transaction().execute(async (tx) => {
    if (input.ref) {
      const question = await findQuestionByRef(tx, input.ref);
      if (!question || question.quiz_id !== quiz.id) throw new ActionError('E44');
      await updateQuestion(tx, question.id, fields);
      await replaceOptions(tx, question.id, options);
      return question.ref;
    }
    const existing = await listQuestions(tx, [quiz.id]);
    if (existing.length >= 100) throw new ActionError('E49');
    const ref = newRef();
    const id = await insertQuestion(tx, {
      ...fields,
      ref,
      quiz_id: quiz.id,
      position: (existing.at(-1)?.position ?? 0) + 1,
      deleted_at: null,
    });
    await replaceOptions(tx, id, options);
    return ref;
  });
}

export async function deleteQuizQuestion(deps: AppDeps, userId: number, ref: string) {
  const question = await findQuestionByRef(deps.db, ref);
  const quiz = question ? await findQuizById(deps.db, question.quiz_id) : undefined;
  if (!question || !quiz || quiz.user_id !== userId) throw new ActionError('E44');
  await updateQuestion(deps.db, question.id, { deleted_at: deps.now().toISOString() });
}
