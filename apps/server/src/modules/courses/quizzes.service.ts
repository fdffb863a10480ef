import {
  applyQuizAnswer,
  type QuizKeyQuestion,
  type QuizProgress,
  type QuizResult,
  quizAnswerInTime,
  quizDeadline,
  quizOutcome,
  quizSecondsLeft,
} from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { lessonAccessible } from './course-context.ts';
import {
  type AttemptRow,
  findAttemptByRef,
  findLessonById,
  findQuizById,
  hasPassedAttempt,
  insertAttempt,
  insertCompletion,
  listOptions,
  listQuestions,
  updateAttempt,
} from './courses.repository.ts';
import { ensureEnrolment, lessonContext } from './learning.service.ts';
import { ownQuiz } from './workshop-editor.service.ts';

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
