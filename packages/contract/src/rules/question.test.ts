import { describe, expect, it } from 'vitest';
import { saveQuestion } from '../actions/storefront.ts';
import { checkQuestion } from './question.ts';

/** What the schema makes of the question: the trimmed text, or the code of its first issue. */
function schemaResult(question: string) {
  const parsed = saveQuestion.input.shape.question.safeParse(question);
  if (parsed.success) return { ok: true, values: { question: parsed.data } };
  return { ok: false, errors: { question: parsed.error.issues[0]?.message } };
}

describe('checkQuestion: the ask form without zod gives the schema’s codes', () => {
  const texts = [
    '',
    '   ',
    '\n\t',
    'a',
    'abcd',
    ' abcd ',
    'abcde',
    '  abcde  ',
    '¿Atendés los sábados?',
    'x'.repeat(499),
    'x'.repeat(500),
    ` ${'x'.repeat(500)} `,
    'x'.repeat(501),
    'ñ'.repeat(500),
    '😀'.repeat(250),
    '😀'.repeat(251),
  ];
  it.each(texts.map((text) => [JSON.stringify(text).slice(0, 40), text]))('%s', (_, text) => {
    expect(checkQuestion({ question: text as string })).toEqual(schemaResult(text as string));
  });
});
