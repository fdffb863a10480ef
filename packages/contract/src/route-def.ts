import { z } from 'zod';
import type { ErrorCatalogue } from './action.ts';
import type { Policy } from './policy.ts';

/**
 * What a route answers: JSON checked against `output`; a file or feed (bytes with their own
 * type); a redirect; an HTML page; or files served by the static plugin (`static`, whose path is
 * the folder mounted); or a WebSocket upgrade.
 */
export type RouteAnswer = 'json' | 'file' | 'redirect' | 'html' | 'static' | 'websocket';

/**
 * A multipart body: the file fields it reads (at most `maxBytes` each, `maxFiles` in all) and the
 * codes of its own catalogue for a body that is not a form, a file too large, too many files, or
 * a form that cannot be read.
 */
export interface MultipartSpec {
  files: readonly string[];
  maxBytes: number;
  maxFiles: number;
  codes: { notMultipart: string; tooLarge: string; tooMany: string; unreadable: string };
}

export interface RouteDef<
  N extends string = string,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  F extends z.ZodType = z.ZodType,
  Pol extends Policy = Policy,
  O extends z.ZodType | null = z.ZodType | null,
> {
  name: N;
  /** PUT, DELETE and REPORT (RFC 4791) only for the provider imitations' APIs. */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'REPORT';
  /** Fastify's syntax (`/record-files/:ref/:variant`); `aliases` answer exactly the same. */
  path: string;
  aliases: readonly string[];
  policy: Pol;
  params: P;
  query: Q;
  /** The multipart form's text fields (empty for routes without a form). */
  fields: F;
  multipart: MultipartSpec | null;
  answer: RouteAnswer;
  output: O;
  errors: ErrorCatalogue;
  /**
   * A private file route answers a refused policy as this code (404) instead of 401/403, so a
   * link tells nothing to whoever may not open it. The policy itself is the same as everywhere.
   */
  refusedAs?: string;
  /**
   * A route of the development plugin (apps/server/src/dev/), absent from other starts:
   * 'development' outside production only (the mailbox, the calendar and Zoom imitation);
   * 'sandbox' outside production and wherever the payment sandbox is accepted (PAYMENTS_SANDBOX=1).
   * The server refuses to start when what it registered and this disagree, either way.
   */
  only?: RouteOnly;
}

/** Which starts register a development plugin's route (RouteDef.only). */
export type RouteOnly = 'development' | 'sandbox';

export const none = z.object({});
const RefText = /^[A-Za-z0-9_-]{8,64}$/;
/** A record's ref in a form or a path; a malformed one answers like an unknown one (`code`). */
export const ref = (code: string) => z.string().regex(RefText, code);
/** A form field the handler checks itself (an unknown contact is audited before it is refused). */
export const text = z.string().default('');
/** The caller's language for error messages, in the query or the form (as in the JSON envelope). */
export const Lang = z.enum(['es', 'en']).optional();
export const langOnly = z.object({ userLang: Lang, lang: Lang });

export function route<
  const N extends string,
  const Pol extends Policy,
  P extends z.ZodType = typeof none,
  Q extends z.ZodType = typeof langOnly,
  F extends z.ZodType = typeof none,
  O extends z.ZodType | null = null,
>(
  name: N,
  def: {
    method: RouteDef['method'];
    path: string;
    aliases?: readonly string[];
    policy: Pol;
    params?: P;
    query?: Q;
    fields?: F;
    multipart?: MultipartSpec;
    answer: RouteAnswer;
    output?: O;
    errors?: ErrorCatalogue;
    refusedAs?: string;
    only?: RouteOnly;
  },
): RouteDef<N, P, Q, F, Pol, O> {
  return {
    name,
    method: def.method,
    path: def.path,
    aliases: def.aliases ?? [],
    policy: def.policy,
    params: (def.params ?? none) as P,
    query: (def.query ?? langOnly) as Q,
    fields: (def.fields ?? none) as F,
    multipart: def.multipart ?? null,
    answer: def.answer,
    output: (def.output ?? null) as O,
    errors: def.errors ?? {},
    ...(def.refusedAs ? { refusedAs: def.refusedAs } : {}),
    ...(def.only ? { only: def.only } : {}),
  };
}
