/**
 * Who is calling, as every slice sees it. The auth slice finds sessions; the types live here,
 * below every module, so a slice that only needs to know the caller does not import auth
 * (ADR 019).
 */
export interface SessionUser {
  id: number;
  ref: string;
  userType: 1 | 2;
  isAdmin: boolean;
  firstName: string;
  lastName: string;
  email: string;
  /** The person at the keyboard: the user itself, or the team member of a corporate session. */
  actorId: number;
  /** spec 000 §6: a corporate session's permission map; null means everything is allowed. */
  permissions: Readonly<Record<string, boolean>> | null;
}

export interface FoundSession {
  sessionId: number;
  lastSeenAt: string;
  user: SessionUser;
}
