import { describe, expect, it } from 'vitest';
import {
  applyQuizAnswer,
  emptyQuizProgress,
  type QuizKeyQuestion,
  quizAnswerInTime,
  quizClock,
  quizDeadline,
  quizFinishTexts,
  quizOutcome,
  quizSecondsLeft,
} from './quiz.ts';

const questions: QuizKeyQuestion[] = [
  { id: 'q1', points: 10, correctOptionIds: ['a'] },
  { id: 'q2', points: 20, correctOptionIds: ['b', 'c'] },
  { id: 'q3', points: 30, correctOptionIds: ['d'] },
];

function play(answers: [number, string][], okPoints: number) {
  let progress = emptyQuizProgress;
  const outcomes = [];
  for (const [index, option] of answers) {
    progress = applyQuizAnswer(progress, questions[index] as QuizKeyQuestion, option);
    outcomes.push(quizOutcome(progress, okPoints, questions.length));
  }
  return { progress, outcomes };
}

// spec 002 §4 "Quiz flow": points per correct answer, passed as soon as they reach okPoints.
const scoring: [
  string,
  [number, string][],
  number,
  { points: number; correct: number; outcomes: string[] },
][] = [
  [
    'passes the moment the mark is reached',
    [
      [0, 'a'],
      [1, 'b'],
    ],
    30,
    { points: 30, correct: 2, outcomes: ['running', 'passed'] },
  ],
  [
    'any of several correct options counts',
    [
      [0, 'a'],
      [1, 'c'],
    ],
    30,
    { points: 30, correct: 2, outcomes: ['running', 'passed'] },
  ],
  [
    'wrong answers add nothing; all answered below the mark fails',
    [
      [0, 'x'],
      [1, 'x'],
      [2, 'd'],
    ],
    40,
    { points: 30, correct: 1, outcomes: ['running', 'running', 'failed'] },
  ],
  ['exactly the mark passes', [[2, 'd']], 30, { points: 30, correct: 1, outcomes: ['passed'] }],
  [
    'okPoints 0: passes when all are answered, counting correct ones',
    [
      [0, 'a'],
      [1, 'x'],
      [2, 'd'],
    ],
    0,
    { points: 40, correct: 2, outcomes: ['running', 'running', 'passed'] },
  ],
  [
    'okPoints 0 with every answer wrong still finishes passed',
    [
      [0, 'x'],
      [1, 'x'],
      [2, 'x'],
    ],
    0,
    { points: 0, correct: 0, outcomes: ['running', 'running', 'passed'] },
  ],
  [
    'a repeated answer to one question is not counted twice',
    [
      [0, 'a'],
      [0, 'a'],
      [0, 'a'],
    ],
    30,
    { points: 10, correct: 1, outcomes: ['running', 'running', 'running'] },
  ],
];

describe('quiz scoring', () => {
  it.each(scoring)('%s', (_name, answers, okPoints, expected) => {
    const { progress, outcomes } = play(answers, okPoints);
    expect({ points: progress.points, correct: progress.correct, outcomes }).toEqual(expected);
  });

  it('keeps each answer with its check or cross for the finish screen', () => {
    const { progress } = play(
      [
        [0, 'a'],
        [1, 'x'],
      ],
      100,
    );
    expect(progress.answers).toEqual([
      { questionId: 'q1', optionId: 'a', correct: true },
      { questionId: 'q2', optionId: 'x', correct: false },
    ]);
  });
});

describe('quiz timing', () => {
  const start = new Date('2026-11-23T10:00:00Z');
  const deadline = quizDeadline(start, 5);

  it.each([
    ['at the start', '2026-11-23T10:00:00Z', 300, true],
    ['one second in', '2026-11-23T10:00:01Z', 299, true],
    ['at zero', '2026-11-23T10:05:00Z', 0, true],
    ['inside the grace after zero', '2026-11-23T10:05:04Z', 0, true],
    ['after the grace', '2026-11-23T10:05:06Z', 0, false],
  ] as const)('%s', (_name, now, left, inTime) => {
    expect(quizSecondsLeft(new Date(now), deadline)).toBe(left);
    expect(quizAnswerInTime(new Date(now), deadline)).toBe(inTime);
  });

  it('shows the countdown as minutes and seconds', () => {
    expect(quizClock(300)).toBe('05:00');
    expect(quizClock(59)).toBe('00:59');
  });
});

// spec 002 §4 "Finish texts", verbatim.
describe('quizFinishTexts', () => {
  it.each([
    [
      'passed with a mark',
      { outcome: 'passed', okPoints: 30, points: 40, correct: 2 },
      {
        title: '¡Felicitaciones!',
        lines: ['¡Has completado el cuestionario con éxito!', 'Has obtenido un total de 40 puntos.'],
      },
    ],
    [
      'passed without a mark',
      { outcome: 'passed', okPoints: 0, points: 40, correct: 2 },
      {
        title: '¡Felicitaciones!',
        lines: ['¡Has completado el cuestionario con éxito!', 'Has respondido correctamente 2 preguntas.'],
      },
    ],
    [
      'failed with a mark',
      { outcome: 'failed', okPoints: 30, points: 10, correct: 1 },
      {
        title: 'No has aprobado el cuestionario',
        lines: ['Lamentablemente no has podido completar con éxito el cuestionario.'],
      },
    ],
    [
      'failed without a mark (time out)',
      { outcome: 'failed', okPoints: 0, points: 0, correct: 0 },
      {
        title: 'No has aprobado el cuestionario',
        lines: ['Ha Finalizado el tiempo que tenías para realizarlo.'],
      },
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(quizFinishTexts(input)).toEqual(expected);
  });
});
