import {
  type ActionDef,
  type ActionName,
  actions,
  type CorporatePermission,
  describeError,
  type ErrorCatalogue,
  httpStatusOf,
  isCode,
  isValidPolicy,
  type OutputOf,
  type ParsedInputOf,
  type Policy,
  type Role,
  routes,
} from '@agendo/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps.ts';
import type { SessionUser } from './kernel/session.ts';
import { ActionError } from './rpc-errors.ts';

export type { Policy };

/** For handlers whose permission depends on the input (one action serving several tabs). */
export function requirePermission(ctx: SignedInContext, permission: CorporatePermission): void {
  const map = ctx.user.permissions;
  if (map !== null && map[permission] !== true) throw new ActionError('E403');
}

export interface RpcContext {
  deps: AppDeps;
  user: SessionUser | null;
  sessionId: number | null;
  ip: string;
  userAgent: string | null;
  lang: 'es' | 'en';
  browserCountry: string | undefined;
  log: FastifyBaseLogger;
}
export interface SignedInContext extends RpcContext {
  user: SessionUser;
  sessionId: number;
}

type Result<A extends ActionName> = Omit<OutputOf<A>, 'status'>;

export interface Handler<A extends ActionName = ActionName> {
  action: A;
  policy: Policy;
  run(input: ParsedInputOf<A>, ctx: RpcContext): Promise<Result<A>>;
}

export function handle<A extends ActionName>(
  action: A,
  policy: 'public',
  run: (input: ParsedInputOf<A>, ctx: RpcContext) => Promise<Result<A>>,
): Handler<A>;
export function handle<A extends ActionName>(
  action: A,
  policy: Exclude<Policy, 'public'>,
  run: (input: ParsedInputOf<A>, ctx: SignedInContext) => Promise<Result<A>>,
): Handler<A>;
export function handle<A extends ActionName>(
  action: A,
  policy: Policy,
  run: (input: ParsedInputOf<A>, ctx: never) => Promise<Result<A>>,
): Handler<A> {
  return { action, policy, run: run as Handler<A>['run'] };
}

export interface ErrorBody {
  status: string;
  code: string;
  message: string;
  field?: string;
}

/** The catalogue an answer's code is read from: an action's or a route's. */
export type Catalogued = { errors: ErrorCatalogue } | undefined;

export function errorBody(
  def: Catalogued,
  code: string,
  lang: 'es' | 'en',
  field?: string,
  detail?: string,
): ErrorBody {
  const entry = describeError(def?.errors, code) ?? describeError(undefined, 'E1');
  const status = String(entry?.status ?? httpStatusOf[code] ?? 400);
  const highlighted = field ?? entry?.field;
  return {
    status,
    code,
    message: detail ?? entry?.[lang] ?? '',
    ...(highlighted ? { field: highlighted } : {}),
  };
}

export function sendError(
  reply: FastifyReply,
  def: Catalogued,
  code: string,
  lang: 'es' | 'en',
  field?: string,
  detail?: string,
) {
  const body = errorBody(def, code, lang, field, detail);
  return reply.code(Number(body.status)).send(body);
}

/**
 * Checks the registry once at start: every contract action has exactly one handler and every
 * handler declares a known policy. A gap is a programming error, so the server refuses to start.
 */
export function buildHandlerTable(handlers: Handler[]): Map<string, Handler> {
  const table = new Map<string, Handler>();
  for (const h of handlers) {
    if (!isValidPolicy(h.policy)) throw new Error(`Action ${h.action} has no valid access policy`);
    if (!(h.action in actions)) throw new Error(`Handler for unknown action ${h.action}`);
    if (table.has(h.action)) throw new Error(`Action ${h.action} has two handlers`);
    table.set(h.action, h);
  }
  const missing = Object.keys(actions).filter((name) => !table.has(name));
  if (missing.length > 0) throw new Error(`Actions without a handler: ${missing.join(', ')}`);
  return table;
}

/** The shape every session token has; anything else is not looked up. */
const tokenText = /^[A-Za-z0-9_-]{20,200}$/;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/.exec(header);
  return match?.[1] ?? null;
}

/** Resolves a session token to its user, refreshing the idle timer. */
export async function authenticateToken(deps: AppDeps, token: string | null) {
  if (!token || !tokenText.test(token)) return null;
  const found = await deps.sessions.find(deps, token);
  if (found) await deps.sessions.touch(deps, found);
  return found;
}

/** Resolves the bearer token of a request to its user, refreshing the idle timer. */
export function authenticate(deps: AppDeps, request: FastifyRequest) {
  return authenticateToken(deps, bearerToken(request));
}

/**
 * The one rule of who may call what, for actions and HTTP routes alike. A corporate session acts
 * for its account only within its permission map (spec 001 §6).
 */
export function allowed(policy: Policy, user: SessionUser | null): 'ok' | 'E401' | 'E403' {
  const [role, permission] = policy.split(':') as [Role, CorporatePermission | undefined];
  if (role === 'public') return 'ok';
  if (!user) return 'E401';
  if (role === 'professional' && user.userType !== 1) return 'E403';
  if (role === 'client' && user.userType !== 2) return 'E403';
  if (role === 'admin' && !user.isAdmin) return 'E403';
  if (role === 'participant') return 'ok';
  if (user.permissions !== null) {
    if (permission === undefined ? role !== 'professional' : user.permissions[permission] !== true) {
      return 'E403';
    }
  }
  return 'ok';
}

/**
 * Every answer is checked against its contract before it leaves (a handler's slip is a 500,
 * not a malformed answer). A handler that returns the very same object again, a cache's hit
 * (search-publications), had it checked the first time: the checked copy is remembered for
 * that object, so a hit skips the check, which was a tenth of such a request's CPU. Answers
 * are never changed after a handler returns them, so the copy stays what was checked.
 */
const checkedAnswers = new WeakMap<object, { output: ActionDef['output']; checked: object }>();

export function registerRpc(app: FastifyInstance, deps: AppDeps, handlers: Handler[]) {
  const table = buildHandlerTable(handlers);

  app.post(routes.rpc.path, { config: { routeName: routes.rpc.name } }, async (request, reply) => {
    const body = request.body;
    const envelope = (
      typeof body === 'object' && body !== null && !Array.isArray(body) ? body : null
    ) as Record<string, unknown> | null;
    const lang = envelope?.userLang === 'en' ? 'en' : 'es';
    if (!envelope || typeof envelope.action !== 'string') return sendError(reply, undefined, 'E400', lang);

    const handler = table.get(envelope.action);
    if (!handler) return sendError(reply, undefined, 'E404', lang);
    const def = actions[handler.action] as ActionDef;

    const session = await authenticate(deps, request);
    const verdict = allowed(handler.policy, session?.user ?? null);
    if (verdict !== 'ok') return sendError(reply, def, verdict, lang);

    const { action: _action, browserCountry, userLang: _lang, urlcode: _urlcode, ...fields } = envelope;
    // Actions that take browserCountry or userLang as data see them too.
    const parsed = def.input.safeParse({ ...fields, browserCountry, userLang: envelope.userLang });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const code = isCode(issue?.message) && describeError(def.errors, issue.message) ? issue.message : 'E1';
      const field = typeof issue?.path[0] === 'string' ? issue.path[0] : undefined;
      return sendError(reply, def, code, lang, field);
    }

    const ctx: RpcContext = {
      deps,
      user: session?.user ?? null,
      sessionId: session?.sessionId ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      lang,
      browserCountry: typeof browserCountry === 'string' ? browserCountry : undefined,
      log: request.log,
    };
    try {
      const result = await handler.run(parsed.data as never, ctx);
      const known = checkedAnswers.get(result);
      // Keyed by the contract too: one constant object returned by two actions is checked by each.
      if (known?.output === def.output) return reply.send(known.checked);
      const checked = def.output.parse({ status: '200', ...result }) as object;
      checkedAnswers.set(result, { output: def.output, checked });
      return reply.send(checked);
    } catch (error) {
      if (error instanceof ActionError)
        return sendError(reply, def, error.code, lang, error.field, error.detail);
      request.log.error({ err: error, action: handler.action }, 'action failed');
      return sendError(reply, def, 'E500', lang);
    }
  });
}
