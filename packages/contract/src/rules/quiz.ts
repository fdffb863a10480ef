import { quizGraceSeconds } from '../constants/courses.ts';

/** spec 002 §5 / 000 §5: Siguiente without an option. The spelling is the spec's. */
export const quizChooseOptionMessage = 'Debes eleggir una opción.';

export interface QuizKeyQuestion {
  id: string;
  points: number;
  /** The ids of the options that count as right (a question may have more than one). */
  correctOptionIds: readonly string[];
}

export interface QuizProgress {
  points: number;
  correct: number;
  answers: { questionId: string; optionId: string; correct: boolean }[];
}

export const emptyQuizProgress: QuizProgress = { points: 0, correct: 0, answers: [] };

/**
 * spec 002 §4 "Quiz flow": points accumulate per correct answer. A question answered twice keeps
 * its first answer (the player moves on; a replayed request must not add points again).
 */
export function applyQuizAnswer(
  progress: QuizProgress,
  question: QuizKeyQuestion,
  optionId: string,
): QuizProgress {
  if (progress.answers.some((a) => a.questionId === question.id)) return progress;
  const correct = question.correctOptionIds.includes(optionId);
  return {
    points: progress.points + (correct ? question.points : 0),
    correct: progress.correct + (correct ? 1 : 0),
    answers: [...progress.answers, { questionId: question.id, optionId, correct }],
  };
}

export type QuizOutcome = 'running' | 'passed' | 'failed';

/**
 * Passed as soon as the points reach okPoints (002 §4). With okPoints 0 there is no pass mark:
 * answering every question in time passes and the result counts correct answers. Answering
 * everything without reaching the mark fails.
 */
export function quizOutcome(progress: QuizProgress, okPoints: number, questionCount: number): QuizOutcome {
  if (okPoints > 0 && progress.points >= okPoints) return 'passed';
  if (progress.answers.length >= questionCount) return okPoints > 0 ? 'failed' : 'passed';
  return 'running';
}

/** The countdown: the quiz time in minutes from the start (002 §4). */
export function quizDeadline(startedAt: Date, minutes: number): Date {
  return new Date(startedAt.getTime() + minutes * 60_000);
}

/** Whole seconds left, never below zero. */
export function quizSecondsLeft(now: Date, deadline: Date): number {
  return Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000));
}

/** The server still takes an answer sent just before zero (quizGraceSeconds). */
export function quizAnswerInTime(now: Date, deadline: Date): boolean {
  return now.getTime() <= deadline.getTime() + quizGraceSeconds * 1000;
}

export interface QuizFinishTexts {
  title: string;
  lines: string[];
}

/** spec 002 §4 "Finish texts", verbatim. */
export function quizFinishTexts(input: {
  outcome: 'passed' | 'failed';
  okPoints: number;
  points: number;
  correct: number;
}): QuizFinishTexts {
  if (input.outcome === 'passed') {
    return {
      title: '¡Felicitaciones!',
      lines: [
        '¡Has completado el cuestionario con éxito!',
        input.okPoints === 0
          ? `Has respondido correctamente ${input.correct} preguntas.`
          : `Has obtenido un total de ${input.points} puntos.`,
      ],
    };
  }
  return {
    title: 'No has aprobado el cuestionario',
    lines: [
      input.okPoints === 0
        ? 'Ha Finalizado el tiempo que tenías para realizarlo.'
        : 'Lamentablemente no has podido completar con éxito el cuestionario.',
    ],
  };
}

/** Minutes and seconds of the countdown, '04:59'. */
export function quizClock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
