import type { DB } from '../../db/database.ts';
import type { OneTimePurpose } from '../../db/schema.ts';
import type { AccountClosingStep, AppDeps } from '../../deps.ts';
import { announceEndedSessions } from '../../kernel/ended-sessions.ts';
import type { FoundSession } from '../../kernel/session.ts';
import { hashToken, newSecretToken } from '../../lib/random.ts';
import {
  consumeOneTimeToken,
  findLiveSessionByHash,
  findOneTimeToken,
  insertOneTimeToken,
  insertSession,
  revokeSession,
  revokeSessionsOfAccount,
  revokeSessionsOfUser,
  touchSessionRow,
  voidOneTimeTokens,
} from './auth.repository.ts';

/** Idle timer refreshes are written at most once a minute, not on every call. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  deps: AppDeps,
  userId: number,
  meta: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const token = newSecretToken();
  const now = deps.now();
  await insertSession(deps.db, {
    tokenHash: hashToken(token),
    userId,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + deps.config.sessions.absoluteMs).toISOString(),
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return token;
}

/** A session counts while it is not revoked, before its absolute expiry and within the idle window. */
export async function findSessionByToken(deps: AppDeps, token: string): Promise<FoundSession | null> {
  const row = await findLiveSessionByHash(deps.db, hashToken(token));
  if (!row) return null;
  const now = deps.now().getTime();
  if (Date.parse(row.expiresAt) <= now) return null;
  if (Date.parse(row.lastSeenAt) + deps.config.sessions.idleMs <= now) return null;
  return {
    sessionId: row.sessionId,
    lastSeenAt: row.lastSeenAt,
    user: {
      id: row.userId,
      ref: row.userRef,
      userType: row.userType === 1 ? 1 : 2,
      isAdmin: row.isAdmin === 1,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      actorId: row.actorId,
      permissions: parsePermissions(row.permissions),
    },
  };
}

function parsePermissions(raw: string | null): Record<string, boolean> | null {
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, value === true]));
  } catch {
    // A damaged map grants nothing rather than everything.
    return {};
  }
}

/**
 * A team member's session acting for a corporate account (spec 000 §6, 001 §6). The corporate
 * teams slice (join-corpo) creates these; the permission map limits what the member may do.
 */
export async function createCorporateSession(
  deps: AppDeps,
  ownerId: number,
  memberId: number,
  permissions: Record<string, boolean>,
): Promise<string> {
  const token = newSecretToken();
  const now = deps.now();
  await insertSession(deps.db, {
    tokenHash: hashToken(token),
    userId: memberId,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + deps.config.sessions.absoluteMs).toISOString(),
    ip: null,
    userAgent: null,
    corporateOwnerId: ownerId,
    permissions: JSON.stringify(permissions),
  });
  return token;
}

export async function touchSession(deps: AppDeps, session: FoundSession) {
  const now = deps.now();
  if (now.getTime() - Date.parse(session.lastSeenAt) < TOUCH_EVERY_MS) return;
  await touchSessionRow(deps.db, session.sessionId, now.toISOString());
}

/** Ends a session and, on every instance, the sockets it opened. */
export async function endSession(deps: AppDeps, sessionId: number) {
  await announceEndedSessions(deps.bus, await revokeSession(deps.db, sessionId, deps.now().toISOString()));
}

export async function endOtherSessions(deps: AppDeps, userId: number, keepSessionId?: number) {
  const ended = await revokeSessionsOfUser(deps.db, userId, deps.now().toISOString(), keepSessionId);
  await announceEndedSessions(deps.bus, ended);
}

/** A closed account's sessions and its team's sessions on it end, and their sockets close. */
export const sessionsClosing: AccountClosingStep = {
  name: 'sessions',
  async close(deps, account) {
    const ended = await revokeSessionsOfAccount(deps.db, account.id, deps.now().toISOString());
    await announceEndedSessions(deps.bus, ended);
  },
};

const HOUR = 60 * 60 * 1000;
/** How long each kind of mailed link works. */
const oneTimeLifetimeMs: Record<OneTimePurpose, number> = {
  'verify-email': 72 * HOUR,
  'change-email': 24 * HOUR,
  recovery: 1 * HOUR,
  autologin: 72 * HOUR,
};

export async function issueOneTimeToken(
  deps: AppDeps,
  userId: number,
  purpose: OneTimePurpose,
  payload: string | null = null,
  db: DB = deps.db,
): Promise<string> {
  const token = newSecretToken();
  const now = deps.now();
  if (purpose !== 'autologin') await voidOneTimeTokens(db, userId, purpose, now.toISOString());
  await insertOneTimeToken(db, {
    tokenHash: hashToken(token),
    userId,
    purpose,
    payload,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + oneTimeLifetimeMs[purpose]).toISOString(),
  });
  return token;
}

export type RedeemResult =
  | { ok: true; userId: number; purpose: OneTimePurpose; payload: string | null }
  | { ok: false; code: 'E60' | 'E61' };

/** Uses a mailed link once: unknown or used → E60, expired → E61. */
export async function redeemOneTimeToken(
  deps: AppDeps,
  token: string,
  purposes: OneTimePurpose[],
): Promise<RedeemResult> {
  const row = await findOneTimeToken(deps.db, hashToken(token), purposes);
  if (!row || row.usedAt) return { ok: false, code: 'E60' };
  const now = deps.now();
  if (Date.parse(row.expiresAt) <= now.getTime()) return { ok: false, code: 'E61' };
  if (!(await consumeOneTimeToken(deps.db, row.id, now.toISOString()))) return { ok: false, code: 'E60' };
  return { ok: true, userId: row.userId, purpose: row.purpose, payload: row.payload };
}
