import { defineTexts } from '../../i18n/use-texts.ts';

/** The quiz player's own words (it serves the lesson viewer and the editor's preview). */
export const quizTexts = defineTexts(
  {
    quizIntro: 'Cuestionario',
    quizRules: '{n} preguntas · {minutes} minutos',
    quizPass: 'Para aprobar necesitas {points} puntos.',
    quizPassAll: 'Responde todas las preguntas antes de que termine el tiempo.',
    quizStart: 'Comenzar',
    quizQuestion: 'Pregunta {n} de {total}',
    quizNext: 'Siguiente',
    quizTime: 'Tiempo restante',
    quizRetry: 'Volver a intentar',
    quizUnanswered: 'Sin responder',
    quizCorrect: 'Correcta',
    quizWrong: 'Incorrecta',
    quizPassedBefore: 'Ya aprobaste este cuestionario.',
  },
  {
    quizIntro: 'Quiz',
    quizRules: '{n} questions · {minutes} minutes',
    quizPass: 'You need {points} points to pass.',
    quizPassAll: 'Answer every question before the time runs out.',
    quizStart: 'Start',
    quizQuestion: 'Question {n} of {total}',
    quizNext: 'Next',
    quizTime: 'Time left',
    quizRetry: 'Try again',
    quizUnanswered: 'Not answered',
    quizCorrect: 'Correct',
    quizWrong: 'Wrong',
    quizPassedBefore: 'You already passed this quiz.',
  },
);
