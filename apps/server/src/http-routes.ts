import {
  describeError,
  isCode,
  type Policy,
  type RouteDef,
  type RouteOnly,
  type Routes,
  routes,
} from '@agendo/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from './config.ts';
import type { AppDeps } from './deps.ts';
import { readUploadForm, removeUploads, type UploadedFile, uploadTempDir } from './http/upload-form.ts';
import type { SessionUser } from './kernel/session.ts';
import { allowed, authenticate, sendError } from './rpc.ts';
import { ActionError } from './rpc-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's route table entry this route answers for (see enforceRouteTable). */
    routeName?: string;
  }
}

export interface RouteInput<R extends RouteDef> {
  params: z.output<R['params']>;
  query: z.output<R['query']>;
  fields: z.output<R['fields']>;
  files: UploadedFile[];
}

export interface RouteContext {
  deps: AppDeps;
  user: SessionUser | null;
  sessionId: number | null;
  ip: string;
  lang: 'es' | 'en';
  log: FastifyBaseLogger;
  request: FastifyRequest;
  reply: FastifyReply;
}
export interface SignedInRouteContext extends RouteContext {
  user: SessionUser;
  sessionId: number;
}

type ContextOf<R extends RouteDef> = R['policy'] extends 'public' ? RouteContext : SignedInRouteContext;

/**
 * A JSON route returns its body (checked against the contract's output); the others send their
 * file, page or redirect through `ctx.reply` and return it.
 */
export type RouteHandler<R extends RouteDef> = (input: RouteInput<R>, ctx: ContextOf<R>) => Promise<unknown>;

/**
 * The caller's language for error messages: `userLang` (or `lang`) in the query or the form, as
 * the JSON envelope carries it, else the first language of Accept-Language; Spanish by default.
 */
export function callerLang(request: FastifyRequest, fields?: Record<string, unknown>): 'es' | 'en' {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const explicit = query.userLang ?? query.lang ?? fields?.userLang ?? fields?.lang;
  if (explicit === 'en' || explicit === 'es') return explicit;
  const header = request.headers['accept-language'];
  const first = (typeof header === 'string' ? header : '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'en' || first.startsWith('en-') ? 'en' : 'es';
}

function issueOf(def: RouteDef, error: z.ZodError): { code: string; field?: string } {
  const issue = error.issues[0];
  const code = isCode(issue?.message) && describeError(def.errors, issue.message) ? issue.message : 'E1';
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
  return field ? { code, field } : { code };
}

/**
 * Registers one route of the contract's table, the way registerRpc runs an action: authenticate,
 * check the declared policy with the same `allowed()` rule, validate params, query and form
 * fields with the contract, run the handler, and check a JSON answer against the declared output.
 * Errors come from the route's catalogue in the caller's language.
 */
export function registerRoute<R extends RouteDef>(
  app: FastifyInstance,
  deps: AppDeps,
  def: R,
  run: RouteHandler<R>,
): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    let lang = callerLang(request);
    const fail = (code: string, field?: string) => sendError(reply, def, code, lang, field);

    const session = await authenticate(deps, request);
    const verdict = allowed(def.policy as Policy, session?.user ?? null);
    if (verdict !== 'ok') return fail(def.refusedAs ?? verdict);

    const params = def.params.safeParse(request.params ?? {});
    if (!params.success) {
      const { code, field } = issueOf(def, params.error);
      return fail(code, field);
    }
    const query = def.query.safeParse(request.query ?? {});
    if (!query.success) {
      const { code, field } = issueOf(def, query.error);
      return fail(code, field);
    }
    let rawFields: Record<string, string> = {};
    let files: UploadedFile[] = [];
    if (def.multipart) {
      if (!request.isMultipart()) return fail(def.multipart.codes.notMultipart);
      const form = await readUploadForm(request, def.multipart, {
        tempDir: uploadTempDir(deps.config.dataDir),
        idleMs: deps.config.uploads.idleMs,
      });
      if (typeof form === 'string') return fail(form);
      rawFields = form.fields;
      files = form.files;
      lang = callerLang(request, rawFields);
    }
    try {
      const fields = def.fields.safeParse(rawFields);
      if (!fields.success) {
        const { code, field } = issueOf(def, fields.error);
        return fail(code, field);
      }
      const ctx: RouteContext = {
        deps,
        user: session?.user ?? null,
        sessionId: session?.sessionId ?? null,
        ip: request.ip,
        lang,
        log: request.log,
        request,
        reply,
      };
      const input = { params: params.data, query: query.data, fields: fields.data, files } as RouteInput<R>;
      let result: unknown;
      try {
        result = await run(input, ctx as ContextOf<R>);
      } catch (error) {
        if (error instanceof ActionError) return fail(error.code, error.field);
        request.log.error({ err: error, route: def.name }, 'route failed');
        return fail('E500');
      }
      if (result === reply || reply.sent) return reply;
      return reply.send(def.output ? def.output.parse(result) : result);
    } finally {
      // A route that stored a file moved it away; whatever is left here was refused or failed.
      await removeUploads(files);
    }
  };
  for (const url of [def.path, ...def.aliases]) {
    app.route({ method: def.method, url, config: { routeName: def.name }, handler });
  }
}

/** What enforceRouteTable needs to know of a registered route. */
export interface RegisteredRoute {
  method: string;
  url: string;
  routeName?: string;
  /** Served by @fastify/static (it hides its routes from the schema). */
  staticFile: boolean;
}

/** Which of the development plugin's routes (RouteDef.only) a start registers. */
export type RouteModes = Readonly<Record<RouteOnly, boolean>>;

/**
 * Outside production, every development route; in production, the sandbox's pages only when the
 * operator accepts the sandbox (PAYMENTS_SANDBOX=1), never the mailbox or the calendar imitation.
 */
export function routeModes(config: Pick<AppConfig, 'env' | 'payments'>): RouteModes {
  const production = config.env === 'production';
  return { development: !production, sandbox: !production || config.payments.sandboxOptIn };
}

/**
 * Compares the routes a server registered with the table: each one must answer for an entry with
 * its method and path, or be a file of a declared static mount; each entry must be registered at
 * all its paths, but a development plugin's route (`only`) exactly where `modes` allows it: one
 * registered elsewhere is a problem too.
 */
export function routeTableProblems(
  registered: readonly RegisteredRoute[],
  table: Record<string, RouteDef>,
  modes: RouteModes,
): string[] {
  const problems: string[] = [];
  const entries = Object.values(table);
  const byName = new Map(entries.map((def) => [def.name, def]));
  const absent = (def: RouteDef) => def.only !== undefined && !modes[def.only];
  const seen = new Set<string>();
  for (const route of registered) {
    if (route.method === 'HEAD') continue;
    const def = route.routeName ? byName.get(route.routeName) : undefined;
    if (def) {
      if (def.method !== route.method || ![def.path, ...def.aliases].includes(route.url)) {
        problems.push(`${route.method} ${route.url} does not match the table's ${def.name}`);
      }
      if (absent(def)) problems.push(`${def.name} (${route.method} ${route.url}) is ${def.only} only`);
      seen.add(`${route.method} ${route.url}`);
      continue;
    }
    const mount = entries.find(
      (entry) => entry.answer === 'static' && route.staticFile && route.url.startsWith(entry.path),
    );
    if (!mount) problems.push(`${route.method} ${route.url} is not in the route table`);
  }
  for (const def of entries) {
    if (def.answer === 'static' || absent(def)) continue;
    for (const url of [def.path, ...def.aliases]) {
      if (!seen.has(`${def.method} ${url}`))
        problems.push(`${def.name} (${def.method} ${url}) is not registered`);
    }
  }
  return problems;
}

/**
 * Like buildHandlerTable for actions: the server refuses to start (ready() fails) when a route was
 * registered without a table entry, or an entry of the table has no route.
 */
export function enforceRouteTable(app: FastifyInstance, modes: RouteModes, table: Routes = routes): void {
  const registered: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    registered.push(route);
  });
  app.addHook('onReady', async () => {
    const list = registered.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method: String(method),
        url: route.url,
        ...(route.config?.routeName ? { routeName: route.config.routeName } : {}),
        staticFile: (route.schema as { hide?: boolean } | undefined)?.hide === true,
      })),
    );
    const problems = routeTableProblems(list, table as unknown as Record<string, RouteDef>, modes);
    if (problems.length > 0) throw new Error(`Route table (contract routes.ts): ${problems.join('; ')}`);
  });
}
