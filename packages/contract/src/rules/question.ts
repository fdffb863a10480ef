import { questionLimits } from '../constants/storefront.ts';

/**
 * save-question's rule for the question without zod (issue 13: the service page is a public page,
 * and the ask form was the only thing putting zod and react-hook-form on it). It gives the code
 * `saveQuestion`'s schema gives for the same text (question.test.ts compares them); the server
 * still validates with the schema.
 */
export type QuestionCheck =
  | { ok: true; values: { question: string } }
  | { ok: false; errors: { question: string } };

export function checkQuestion(input: { question: string }): QuestionCheck {
  const question = input.question.trim();
  if (question.length === 0) return { ok: false, errors: { question: 'E2' } };
  // zod counts characters (code points), not UTF-16 units: an emoji is one.
  const length = [...question].length;
  if (length < questionLimits.min || length > questionLimits.max) {
    return { ok: false, errors: { question: 'E3' } };
  }
  return { ok: true, values: { question } };
}
