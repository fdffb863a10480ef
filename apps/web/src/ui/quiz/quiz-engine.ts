import {
  applyQuizAnswer,
  emptyQuizProgress,
  type QuizData,
  type QuizProgress,
  type QuizQuestion,
  type QuizResult,
  quizOutcome,
} from '@agendo/contract';
import { call } from '../../lib/api.ts';

/**
 * One quiz run as the player sees it. A student's run is graded by the server (the options
 * reach the browser without the correct flags); the owner's preview (spec 000 §2.8) is graded
 * here with the same contract rule, from the questions the editor already has.
 */
export interface QuizEngine {
  start(): Promise<{ secondsLeft: number; questions: QuizQuestion[] }>;
  answer(questionId: string, optionId: string): Promise<'running' | 'passed' | 'failed'>;
  /** Ends the run (the countdown reached zero, or the outcome is known) and answers the finish screen. */
  finish(): Promise<QuizResult>;
}

export function serverQuizEngine(lessonRef: string): QuizEngine {
  let attemptRef = '';
  return {
    async start() {
      const [attempt, questions] = await Promise.all([
        call('start-quiz', { lessonId: lessonRef }),
        call('find-all-quiz-question-data', { quizRef: lessonRef, lessonId: lessonRef }),
      ]);
      attemptRef = attempt.attemptRef;
      return { secondsLeft: attempt.secondsLeft, questions: questions.questions };
    },
    async answer(questionId, optionId) {
      const res = await call('answer-quiz', { attemptRef, questionId, optionId });
      return res.outcome;
    },
    async finish() {
      const res = await call('finish-quiz', { attemptRef });
      return res.result;
    },
  };
}

export function previewQuizEngine(quiz: QuizData, questions: QuizQuestion[]): QuizEngine {
  let progress: QuizProgress = emptyQuizProgress;
  let outcome: 'running' | 'passed' | 'failed' = 'running';
  const key = questions.map((q) => ({
    id: q.id,
    points: q.points,
    correctOptionIds: q.optionsAnswers.filter((o) => o.correct).map((o) => o.id),
  }));
  return {
    async start() {
      progress = emptyQuizProgress;
      outcome = 'running';
      return { secondsLeft: quiz.time * 60, questions };
    },
    async answer(questionId, optionId) {
      const question = key.find((q) => q.id === questionId);
      if (question) progress = applyQuizAnswer(progress, question, optionId);
      outcome = quizOutcome(progress, quiz.okPoints, questions.length);
      return outcome;
    },
    async finish() {
      const passed = outcome === 'passed';
      return {
        outcome: passed ? 'passed' : 'failed',
        reason:
          outcome === 'running' ? 'time' : progress.answers.length < questions.length ? 'points' : 'answered',
        okPoints: quiz.okPoints,
        points: progress.points,
        correct: progress.correct,
        results: questions.map((q) => ({
          questionId: q.id,
          question: q.question,
          correct: progress.answers.find((a) => a.questionId === q.id)?.correct ?? null,
        })),
      };
    },
  };
}
