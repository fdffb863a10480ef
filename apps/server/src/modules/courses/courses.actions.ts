import { handle } from '../../rpc.ts';
import {
  deleteLesson,
  deleteModule,
  deleteQuiz,
  deleteQuizQuestion,
  deleteWorkshop,
  listMyQuizzes,
  listMyWorkshops,
  moveLesson,
  moveModule,
  ownQuiz,
  quizDataOf,
  quizQuestions,
  saveLesson,
  saveModule,
  saveQuiz,
  saveQuizQuestion,
  saveWorkshop,
  workshopEditor,
} from './workshop-editor.service.ts';

/**
 * The editors (general-workshop, manage-modules, manage-quiz, manage-questions): professionals
 * only, and every handler proves ownership of the ref it touches. The spec names no corporate
 * permission for courses, so a team session acts on them like its account.
 */
export const coursesHandlers = [
  handle('find-my-workshops', 'professional', async (_input, ctx) => ({
    workshops: await listMyWorkshops(ctx.deps.db, ctx.user.id),
  })),
  handle('get-workshop', 'professional', async (input, ctx) => ({
    workshop: await workshopEditor(ctx.deps.db, ctx.user.id, input.ref),
  })),
  handle('save-workshop', 'professional', async (input, ctx) => ({
    ref: await saveWorkshop(ctx.deps, ctx.user.id, input),
  })),
  handle('delete-workshop', 'professional', async (input, ctx) => {
    await deleteWorkshop(ctx.deps, ctx.user.id, input.ref);
    return {};
  }),
  handle('save-module', 'professional', async (input, ctx) => ({
    ref: await saveModule(ctx.deps, ctx.user.id, input),
  })),
  handle('move-module', 'professional', async (input, ctx) => {
    await moveModule(ctx.deps, ctx.user.id, input);
    return {};
  }),
  handle('delete-module', 'professional', async (input, ctx) => {
    await deleteModule(ctx.deps, ctx.user.id, input.ref);
    return {};
  }),
  handle('save-lesson', 'professional', async (input, ctx) => ({
    ref: await saveLesson(ctx.deps, ctx.user.id, input),
  })),
  handle('move-lesson', 'professional', async (input, ctx) => {
    await moveLesson(ctx.deps, ctx.user.id, input);
    return {};
  }),
  handle('delete-lesson', 'professional', async (input, ctx) => {
    await deleteLesson(ctx.deps, ctx.user.id, input.ref);
    return {};
  }),
  handle('find-my-quizzes', 'professional', async (_input, ctx) => ({
    quizzes: await listMyQuizzes(ctx.deps.db, ctx.user.id),
  })),
  handle('get-quiz', 'professional', async (input, ctx) => {
    const quiz = await ownQuiz(ctx.deps.db, ctx.user.id, input.ref);
    const questions = await quizQuestions(ctx.deps.db, quiz.id, true);
    return { quiz: quizDataOf(quiz, questions.length), questions };
  }),
  handle('save-quiz', 'professional', async (input, ctx) => ({
    ref: await saveQuiz(ctx.deps, ctx.user.id, input),
  })),
  handle('delete-quiz', 'professional', async (input, ctx) => {
    await deleteQuiz(ctx.deps, ctx.user.id, input.ref);
    return {};
  }),
  handle('save-quiz-question', 'professional', async (input, ctx) => ({
    ref: await saveQuizQuestion(ctx.deps, ctx.user.id, input),
  })),
  handle('delete-quiz-question', 'professional', async (input, ctx) => {
    await deleteQuizQuestion(ctx.deps, ctx.user.id, input.ref);
    return {};
  }),
];
