import { z } from 'zod';

/** One catalogue entry: the exact Spanish text of the spec, an English one, and the field it highlights. */
export interface ErrorEntry {
  es: string;
  en: string;
  field?: string;
  /** HTTP status when it is not the code's usual one (`httpStatusOf`, else 400): a route's 404. */
  status?: number;
}
export type ErrorCatalogue = Record<string, ErrorEntry>;

export interface ActionDef<
  N extends string = string,
  I extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
> {
  name: N;
  input: I;
  output: O;
  /** Codes this action may answer with, beyond the common ones of `commonErrors`. */
  errors: ErrorCatalogue;
}

export function action<const N extends string, I extends z.ZodType, O extends z.ZodType>(
  name: N,
  def: { input: I; output: O; errors?: ErrorCatalogue },
): ActionDef<N, I, O> {
  return { name, input: def.input, output: def.output, errors: def.errors ?? {} };
}

/** Success envelope of the wire format: `{status:"200", …fields}`. */
export function ok<S extends z.ZodRawShape>(shape: S) {
  return z.object({ status: z.literal('200'), ...shape });
}

export const okOnly = ok({});
