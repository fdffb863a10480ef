import { countryIdForBrowserCountry, isRouteCountry } from '@agendo/contract';
import { handle, type RpcContext } from '../../rpc.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { certificatePdf, checkCertificate, issueCertificate } from './certificates.service.ts';
import { markWorkshopPaid } from './course-purchase.service.ts';
import { findEnrolmentByRef, listEnrolmentsOfSeller, listEnrolmentsOfUser } from './courses.repository.ts';
import { contactWorkshops, enrolmentView } from './enrolments.service.ts';
import {
  contextForRef,
  courseView,
  lessonContext,
  lessonData,
  markLessonDone,
  moduleProgress,
  type Viewer,
} from './learning.service.ts';
import { liveDates, saveLiveAttendance } from './live-lessons.service.ts';
import { answerQuiz, finishQuiz, readableQuiz, startQuiz } from './quizzes.service.ts';
import { publicWorkshopsOf, quizDataOf, quizQuestions } from './workshop-editor.service.ts';

export async function viewerOf(ctx: RpcContext): Promise<Viewer> {
  if (ctx.user) {
    const account = await accountById(ctx.deps.db, ctx.user.id);
    if (account) return { id: account.id, countryId: account.country_id };
  }
  return { id: null, countryId: ctx.browserCountry ? countryIdForBrowserCountry(ctx.browserCountry) : null };
}

/** Links we print (QR codes, certificates) keep the /{country}/{lang}/ the user came from. */
export function routeOf(ctx: RpcContext) {
  return { country: isRouteCountry(ctx.browserCountry) ? ctx.browserCountry : 'ar', lang: ctx.lang };
}

export const learningHandlers = [
  handle('get-course', 'public', async (input, ctx) => ({
    course: courseView(await contextForRef(ctx.deps, input.ref, await viewerOf(ctx))),
  })),

  handle('find-lesson-data-workshop', 'signed-in', async (input, ctx) => {
    const { lesson, ctx: course } = await lessonContext(ctx.deps, input.lessonId, await viewerOf(ctx));
    if (input.couserRef && input.couserRef !== course.workshop.ref) throw new ActionError('E42');
    return { lesson: lessonData(ctx.deps, course, lesson) };
  }),

  handle('find-live-date', 'signed-in', async (input, ctx) => ({
    dates: await liveDates(ctx.deps, input.lessonId, await viewerOf(ctx), {
      timezone: input.timezone,
      route: routeOf(ctx),
    }),
  })),

  handle('mark-lesson-done', 'signed-in', async (input, ctx) =>
    markLessonDone(ctx.deps, ctx.user.id, input.lessonId),
  ),

  handle('list-user-modules-workshop', 'signed-in', async (input, ctx) => {
    const course = await contextForRef(ctx.deps, input.ref, await viewerOf(ctx));
    return {
      modules: moduleProgress(course),
      completed: course.lessons.filter((l) => course.completed.has(l.id)).length,
      total: course.lessons.length,
    };
  }),

  handle('find-quiz-data', 'signed-in', async (input, ctx) => {
    const { quiz, passed } = await readableQuiz(ctx.deps, ctx.user.id, input);
    const questions = await quizQuestions(ctx.deps.db, quiz.id, false);
    return { quiz: quizDataOf(quiz, questions.length), passed };
  }),

  handle('find-all-quiz-question-data', 'signed-in', async (input, ctx) => {
    const { quiz, isOwner } = await readableQuiz(ctx.deps, ctx.user.id, {
      ref: input.quizRef,
      lessonId: input.lessonId,
    });
    return { questions: await quizQuestions(ctx.deps.db, quiz.id, isOwner) };
  }),

  handle('start-quiz', 'signed-in', async (input, ctx) => startQuiz(ctx.deps, ctx.user.id, input.lessonId)),
  handle('answer-quiz', 'signed-in', async (input, ctx) => answerQuiz(ctx.deps, ctx.user.id, input)),
  handle('finish-quiz', 'signed-in', async (input, ctx) => ({
    result: await finishQuiz(ctx.deps, ctx.user.id, input.attemptRef),
  })),

  handle('find-bookings-workshops', 'signed-in', async (input, ctx) => {
    if (input.mode === 1 && ctx.user.userType !== 1) throw new ActionError('E403');
    const rows =
      input.mode === 1
        ? await listEnrolmentsOfSeller(ctx.deps.db, ctx.user.id)
        : await listEnrolmentsOfUser(ctx.deps.db, ctx.user.id);
    const chosen = input.ref ? rows.filter((r) => r.ref === input.ref) : rows;
    const views = await Promise.all(chosen.map((row) => enrolmentView(ctx.deps, row)));
    return { enrolments: views.filter((v) => v !== null) };
  }),

  handle('mark-pay-workshop', 'professional', async (input, ctx) => {
    const enrolment = await markWorkshopPaid(ctx.deps, ctx.user.id, input.ref);
    const fresh = await findEnrolmentByRef(ctx.deps.db, enrolment.ref);
    const view = fresh ? await enrolmentView(ctx.deps, fresh) : null;
    if (!view) throw new ActionError('E40');
    return { enrolment: view };
  }),

  handle('save-certificate-student', 'signed-in', async (input, ctx) => ({
    certificateRef: await issueCertificate(ctx.deps, ctx.user.id, input.bookingId),
  })),

  handle('certificate', 'signed-in', async (input, ctx) =>
    certificatePdf(ctx.deps, ctx.user.id, input.ref, routeOf(ctx)),
  ),

  handle('find-certificate', 'public', async (input, ctx) => ({
    certificate: await checkCertificate(ctx.deps, input.ref),
  })),

  // Records side (spec 001 §2.6): the contact must be this professional's; a team needs contactsView.
  handle('find-contact-workshops', 'professional:contactsView', async (input, ctx) => ({
    workshops: await contactWorkshops(ctx.deps, ctx.user.id, input.ref),
  })),

  handle('find-professional-workshops', 'public', async (input, ctx) => ({
    workshops: await publicWorkshopsOf(ctx.deps.db, input.ref),
  })),

  handle('save-live-attendance', 'professional', async (input, ctx) =>
    saveLiveAttendance(ctx.deps, ctx.user.id, input.lessonId, input.userId),
  ),
];
