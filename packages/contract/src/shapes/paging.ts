import { z } from 'zod';

/**
 * Where a list page starts. Lists page by keyset: an answer's `next` is an opaque cursor (the
 * sort key of its last row) that the client sends back as is. The spec's payloads send a row
 * offset instead (`next: 0` for the first page); a number is still read as one.
 */
export const PageStart = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
  z.union(
    [
      z.number({ error: 'E1' }).int('E1').min(0, 'E1').max(100_000, 'E1'),
      z.string({ error: 'E1' }).regex(/^[A-Za-z0-9_-]{1,400}$/, 'E1'),
    ],
    { error: 'E1' },
  ),
) as unknown as z.ZodType<number | string, number | string>;

/** The cursor of the page after this one, or null after the last. */
export const NextPage = z.string().nullable();
