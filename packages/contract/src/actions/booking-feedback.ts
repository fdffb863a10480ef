import { z } from 'zod';
import { action, ok } from '../action.ts';
import { appointmentNotFound } from '../constants/bookings.ts';
import { Ref } from './fields.ts';

const feedbackErrors = {
  E14: appointmentNotFound,
  E50: {
    es: 'Podrás calificar la cita una vez que haya comenzado.',
    en: 'You can rate the appointment once it has started.',
  },
  E51: { es: 'Ya calificaste esta cita.', en: 'You already rated this appointment.' },
  E52: { es: 'Elige entre 1 y 5 estrellas.', en: 'Choose 1 to 5 stars.', field: 'stars' },
  E53: {
    es: 'El comentario puede tener hasta 1000 caracteres.',
    en: 'The comment can have up to 1000 characters.',
    field: 'comment',
  },
  E54: {
    es: 'Escribe una observación de hasta 2000 caracteres.',
    en: 'Write a remark of up to 2000 characters.',
    field: 'text',
  },
};

const Rating = z.object({
  role: z.enum(['client', 'professional']),
  authorName: z.string(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});

const Remark = z.object({
  role: z.enum(['client', 'professional']),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

/** spec 000 §2.2 calificate/{ref}: each side rates the other once, after the appointment started. */
export const calificate = action('calificate', {
  input: z.object({
    ref: Ref,
    stars: z.number({ error: 'E52' }).int('E52').min(1, 'E52').max(5, 'E52'),
    comment: z.string().trim().max(1000, 'E53').optional(),
  }),
  output: ok({}),
  errors: feedbackErrors,
});

/** califications/{ref}: the ratings of one appointment, for its two sides. */
export const findCalifications = action('find-califications', {
  input: z.object({ ref: Ref }),
  output: ok({ title: z.string(), ratings: z.array(Rating), canRate: z.boolean() }),
  errors: feedbackErrors,
});

/** remark/{ref}: an observation about the appointment, visible to both sides. */
export const remark = action('remark', {
  input: z.object({ ref: Ref, text: z.string({ error: 'E54' }).trim().min(1, 'E54').max(2000, 'E54') }),
  output: ok({}),
  errors: feedbackErrors,
});

/** remarks/{ref}: the observations of one appointment, oldest first. */
export const findRemarks = action('find-remarks', {
  input: z.object({ ref: Ref }),
  output: ok({ title: z.string(), remarks: z.array(Remark) }),
  errors: feedbackErrors,
});
