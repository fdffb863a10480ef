import { z } from 'zod';
import { action, ok, okOnly } from '../action.ts';
import {
  answerLimits,
  questionLimits,
  reportQuestionErrors,
  saveQuestionErrors,
} from '../constants/storefront.ts';
import { professionalCard } from '../shapes/catalogue.ts';
import { numeric, Ref } from './fields.ts';

const publicationNotFound = saveQuestionErrors.E5;
const questionNotFound = reportQuestionErrors.E12;

/** spec 000 §7: find-questions {ref, next} answers the page of questions (10 per load). */
export const findQuestions = action('find-questions', {
  input: z.object({
    ref: Ref,
    next: numeric(z.number({ error: 'E1' }).int('E1').min(0, 'E1').max(100_000, 'E1')).default(0),
  }),
  output: ok({
    questions: z.array(
      z.object({
        ref: z.string(),
        question: z.string(),
        askerName: z.string(),
        date: z.string(),
        answer: z.string().nullable(),
        answerDate: z.string().nullable(),
        /** The viewer asked it (their own questions show before the professional answers). */
        mine: z.boolean(),
        /** The viewer already reported the question / the answer: the buttons stay hidden (spec 000 §8). */
        reportedQuestion: z.boolean(),
        reportedAnswer: z.boolean(),
      }),
    ),
    /** The offset of the next page, or null when this was the last one. */
    next: z.number().int().nullable(),
    total: z.number().int(),
    /** The viewer owns the publication: they may answer. */
    isOwner: z.boolean(),
  }),
  errors: { E5: publicationNotFound },
});

export const saveQuestion = action('save-question', {
  input: z.object({
    ref: Ref,
    question: z
      .string({ error: 'E2' })
      .trim()
      .min(1, 'E2')
      .min(questionLimits.min, 'E3')
      .max(questionLimits.max, 'E3'),
  }),
  output: ok({ questionRef: z.string() }),
  errors: saveQuestionErrors,
});

export const answerQuestion = action('answer-question', {
  input: z.object({
    ref: Ref,
    answer: z
      .string({ error: 'E10' })
      .trim()
      .min(1, 'E10')
      .min(answerLimits.min, 'E11')
      .max(answerLimits.max, 'E11'),
  }),
  output: okOnly,
  errors: {
    E10: { es: 'Debes ingresar la respuesta.', en: 'Write the answer.', field: 'answer' },
    E11: {
      es: 'La respuesta debe tener entre 2 y 1000 caracteres.',
      en: 'The answer must have 2 to 1000 characters.',
      field: 'answer',
    },
    E12: questionNotFound,
  },
});

/** spec 000 §7: report-question {ref, answer: 'q' for the question, otherwise its answer}. */
export const reportQuestion = action('report-question', {
  input: z.object({
    ref: Ref,
    answer: z.string({ error: 'E1' }).max(8, 'E1'),
  }),
  output: okOnly,
  errors: reportQuestionErrors,
});

/** spec 000 §7: check-first-buy {publishId} → fistBuyBool (the spec's spelling). */
export const checkFirstBuy = action('check-first-buy', {
  input: z.object({ publishId: Ref }),
  output: ok({ fistBuyBool: z.boolean() }),
  errors: { E5: publicationNotFound },
});

/** The public page of a professional (route professional/{ref}). */
export const findProfessionalProfile = action('find-professional-profile', {
  input: z.object({ ref: Ref }),
  output: ok({
    ...professionalCard,
    /** The public part of the profile (issue 18); the address, signature and e-mail never are. */
    businessName: z.string().nullable(),
    userBio: z.string().nullable(),
    nickname: z.string().nullable(),
    logoSquare: z.string().nullable(),
    logoRectangle: z.string().nullable(),
    socialNetworks: z.record(z.string(), z.string().nullable()),
    certificate: z.object({ link: z.string(), kind: z.enum(['image', 'pdf']), title: z.string() }).nullable(),
    ratingAverage: z.number().nullable(),
    ratingCount: z.number().int(),
    /** The latest answered questions on the professional's services. */
    questions: z.array(
      z.object({ ref: z.string(), text: z.string(), answer: z.string(), publicationTitle: z.string() }),
    ),
    /** The viewer's country id (their account's, else the route's browserCountry); prices follow it. */
    userCountry: z.number().int().nullable(),
    publications: z.array(
      z.object({
        ref: z.string(),
        title: z.string(),
        therapy: z.string(),
        img: z.string().nullable(),
        modalityId: z.number().int(),
        duration: z.number().int(),
        /** The price in the viewer's currency (spec 002 §9: USD for an international viewer). */
        userPrice: z.number().nullable(),
        userOldPrice: z.number().nullable(),
        userCurrency: z.string(),
        hidePrice: z.boolean(),
        noPrice: z.boolean(),
        free: z.boolean(),
        qtySessions: z.number().int(),
      }),
    ),
  }),
  errors: {
    E7: { es: 'No encontramos al profesional.', en: 'Professional not found.' },
  },
});
