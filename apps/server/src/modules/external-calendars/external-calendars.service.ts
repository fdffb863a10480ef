import { randomBytes } from 'node:crypto';
import { routeCountryForCountryId, videoCallPlatformIds } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { ExternalProvider } from '../../db/tables/external-calendars.ts';
import type { AccountClosingStep, AppDeps } from '../../deps.ts';
import { appLink } from '../../lib/app-link.ts';
import { OutboundRefused } from '../../lib/outbound.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import type { CalDavAccount } from '../../providers/calendars/caldav-calendar.ts';
import { type BusyTime, type OAuthTokens, ProviderFault } from '../../providers/calendars/calendar-port.ts';
import type { OAuthProvider } from '../../providers/calendars/calendar-providers.ts';
import {
  authorizationUrl,
  exchangeCode,
  refreshTokens,
  revokeToken,
} from '../../providers/calendars/oauth-client.ts';
import { ActionError } from '../../rpc-errors.ts';
import {
  claimBookingWork,
  claimBusyRefresh,
  deleteExpiredLinkRequests,
  deleteLink,
  type ExternalLinkRow,
  externalBusyOverlaps,
  findBookingExternal,
  findBookingForSync,
  findLink,
  findUserReader,
  hasAnyLink,
  insertLinkRequest,
  listDueBookingWork,
  listOwnEventIds,
  markBusyStale,
  oweBookingWork,
  replaceBusy,
  saveLink,
  takeLinkRequest,
  updateBookingExternal,
  updateLinkCredentials,
} from './external-calendars.repository.ts';

/** What a link keeps sealed: OAuth tokens, or a CalDAV account. */
type Credentials = { tokens: OAuthTokens } | { caldav: CalDavAccount };

const requestTtlMs = 10 * 60_000;
/** How far ahead busy times are read: the booking windows professionals use (maxRes) fit in it. */
export const busyHorizonDays = 62;
/** One stored busy piece spans at most this long: the slot engine looks back one day for overlaps. */
const pieceMs = 12 * 60 * 60_000;
/** A picker waits at most this long for a stale calendar; past it, the cache as it was. */
const busyReadTimeoutMs = 5_000;
/** Retries of a booking's calendar work after failures (minutes), then it waits for a sweep by hand. */
const retryMinutes = [1, 5, 15, 60, 180, 720];

function seal(deps: AppDeps, credentials: Credentials) {
  return sealSecret(deps.config.keyRing, JSON.stringify(credentials));
}
function unseal(deps: AppDeps, link: ExternalLinkRow): Credentials {
  return JSON.parse(openSecret(deps.config.keyRing, link.credentials_sealed)) as Credentials;
}

/** Linking is the account holder's: a team member's session cannot hand over their accounts. */
function assertHolder(user: { permissions: unknown }) {
  if (user.permissions !== null) throw new ActionError('E20');
}

const kindOf = (provider: ExternalProvider) => (provider === 'zoom' ? 'video' : 'calendar');
const redirectUri = (deps: AppDeps, provider: OAuthProvider) =>
  `${deps.config.publicUrl}/calendar-link/callback/${provider}`;

/** start-calendar-link: a single-use state bound to the professional, and the consent page's address. */
export async function startLink(
  deps: AppDeps,
  user: { id: number; permissions: unknown },
  provider: OAuthProvider,
): Promise<string> {
  assertHolder(user);
  const setup = deps.calendars.setup(provider);
  if (!setup) throw new ActionError('E21');
  const reader = await findUserReader(deps.db, user.id);
  if (!reader) throw new ActionError('E21');
  const now = deps.now();
  await deleteExpiredLinkRequests(deps.db, now.toISOString());
  const state = randomBytes(24).toString('base64url');
  await insertLinkRequest(deps.db, {
    state,
    userId: user.id,
    kind: kindOf(provider),
    provider,
    country: routeCountryForCountryId(reader.country_id),
    lang: reader.lang === 'en' ? 'en' : 'es',
    expiresAt: new Date(now.getTime() + requestTtlMs).toISOString(),
  });
  const url = new URL(authorizationUrl(setup.oauth, state, redirectUri(deps, provider)));
  // Google and Microsoft preselect the account with login_hint; Zoom ignores it.
  url.searchParams.set('login_hint', reader.email);
  return url.toString();
}

/**
 * The provider sent the browser back: the state names the professional, the code becomes
 * tokens (sealed at rest), and the browser returns to change-calendar or connect-zoom with the
 * outcome (vinculado=1, or error=cancelado / error=fallo).
 */
export async function finishLink(
  deps: AppDeps,
  provider: OAuthProvider,
  query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
): Promise<string> {
  const request = query.state ? await takeLinkRequest(deps.db, query.state) : null;
  const now = deps.now();
  if (!request || request.provider !== provider || request.expires_at < now.toISOString()) {
    // Nobody to send back to a page of their own: the app's start page says nothing happened.
    return `${deps.config.publicUrl}/`;
  }
  const page = `${deps.config.publicUrl}/${request.country}/${request.lang}/${provider === 'zoom' ? 'connect-zoom' : 'change-calendar'}`;
  if (query.error || !query.code) return `${page}?error=cancelado`;
  const setup = deps.calendars.setup(provider);
  if (!setup) return `${page}?error=fallo`;
  try {
    const tokens = await exchangeCode(setup.oauth, query.code, redirectUri(deps, provider), now);
    const account =
      provider === 'zoom'
        ? await deps.calendars.video(tokens.accessToken).account()
        : await deps.calendars.calendar(provider, { accessToken: tokens.accessToken }).account();
    await saveLink(deps.db, {
      userId: request.user_id,
      kind: kindOf(provider),
      provider,
      account,
      credentialsSealed: seal(deps, { tokens }),
      now: now.toISOString(),
    });
    return `${page}?vinculado=1`;
  } catch (error) {
    deps.log.warn({ err: error, provider }, 'calendar link failed');
    return `${page}?error=fallo`;
  }
}

/** save-caldav-calendar: the account is tried with one REPORT before it is kept. */
export async function saveCaldav(
  deps: AppDeps,
  user: { id: number; permissions: unknown },
  input: { url: string; username: string; password: string },
): Promise<string> {
  assertHolder(user);
  const url = new URL(input.url);
  if (deps.config.env === 'production' && url.protocol !== 'https:') throw new ActionError('E23', 'url');
  // Issue 28: the server calls this address now and on every sync; one inside (whatever its
  // spelling, or a name resolving there) is refused everywhere, the imitation's own excepted.
  try {
    await deps.outbound.check(url.toString());
  } catch (error) {
    if (error instanceof OutboundRefused) throw new ActionError('E27', 'url');
    throw new ActionError('E22');
  }
  const caldav: CalDavAccount = {
    calendarUrl: url.toString(),
    username: input.username,
    password: input.password,
  };
  const port = deps.calendars.calendar('caldav', { caldav });
  const now = deps.now();
  try {
    await port.busy(now.toISOString(), new Date(now.getTime() + 86_400_000).toISOString());
  } catch (error) {
    if (error instanceof ProviderFault && error.status > 0) throw new ActionError('E26', 'url');
    throw new ActionError('E22');
  }
  const account = await port.account();
  await saveLink(deps.db, {
    userId: user.id,
    kind: 'calendar',
    provider: 'caldav',
    account,
    credentialsSealed: seal(deps, { caldav }),
    now: now.toISOString(),
  });
  return account;
}

export async function unlink(
  deps: AppDeps,
  user: { id: number; permissions: unknown },
  kind: 'calendar' | 'video',
) {
  assertHolder(user);
  await dropLink(deps, user.id, kind);
}

/**
 * Ends a link: the provider is asked to revoke the grant (RFC 7009, where it offers that), then
 * the sealed tokens are deleted here. A provider that cannot be reached does not keep the link:
 * once deleted, nobody here holds the tokens any more, and they expire at the provider (the
 * failure is logged so an operator can revoke by hand).
 */
async function dropLink(deps: AppDeps, userId: number, kind: 'calendar' | 'video') {
  const link = await findLink(deps.db, userId, kind);
  if (!link) return;
  const credentials = unseal(deps, link);
  const setup = 'tokens' in credentials ? deps.calendars.setup(link.provider as OAuthProvider) : null;
  if (setup && 'tokens' in credentials) {
    const { refreshToken, accessToken } = credentials.tokens;
    try {
      // Revoking the refresh token ends the whole grant; without one, the access token.
      if (refreshToken) await revokeToken(setup.oauth, refreshToken, 'refresh_token');
      else await revokeToken(setup.oauth, accessToken, 'access_token');
    } catch (error) {
      deps.log.warn(
        { err: error, provider: link.provider, userId },
        'token revocation failed; link deleted anyway',
      );
    }
  }
  await deleteLink(deps.db, userId, kind);
}

/** A closed account's calendar and video (Zoom) links end: revoked at the provider, then deleted. */
export const externalLinksClosing: AccountClosingStep = {
  name: 'calendar and video links',
  async close(deps, account) {
    await dropLink(deps, account.id, 'calendar');
    await dropLink(deps, account.id, 'video');
  },
};

/**
 * Runs `use` with a good access token: refreshed a minute before it expires (the new tokens
 * sealed again), and once more when the provider answers 401 anyway (revoked or clock skew).
 */
async function withAccess<T>(
  deps: AppDeps,
  link: ExternalLinkRow,
  use: (accessToken: string) => Promise<T>,
): Promise<T> {
  const credentials = unseal(deps, link);
  if (!('tokens' in credentials)) throw new Error('not an OAuth link');
  const setup = deps.calendars.setup(link.provider as OAuthProvider);
  if (!setup) throw new ProviderFault(link.provider, 0, 'provider not configured');
  let tokens = credentials.tokens;
  const refresh = async () => {
    if (!tokens.refreshToken) throw new ProviderFault(link.provider, 401, 'no refresh token');
    tokens = await refreshTokens(setup.oauth, tokens.refreshToken, deps.now());
    await updateLinkCredentials(deps.db, link.id, seal(deps, { tokens }), deps.now().toISOString());
  };
  if (Date.parse(tokens.expiresAt) - 60_000 <= deps.now().getTime()) await refresh();
  try {
    return await use(tokens.accessToken);
  } catch (error) {
    if (!(error instanceof ProviderFault) || error.status !== 401) throw error;
    await refresh();
    return use(tokens.accessToken);
  }
}

async function withCalendar<T>(
  deps: AppDeps,
  link: ExternalLinkRow,
  use: (port: ReturnType<AppDeps['calendars']['calendar']>) => Promise<T>,
): Promise<T> {
  if (link.provider === 'caldav') {
    const credentials = unseal(deps, link);
    if (!('caldav' in credentials)) throw new Error('not a CalDAV link');
    return use(deps.calendars.calendar('caldav', { caldav: credentials.caldav }));
  }
  return withAccess(deps, link, (accessToken) =>
    use(deps.calendars.calendar(link.provider, { accessToken })),
  );
}

/** Busy times cut into pieces the slot engine's one-day look-back always finds. */
export function busyPieces(busy: readonly BusyTime[]): { startsAt: string; endsAt: string }[] {
  const out: { startsAt: string; endsAt: string }[] = [];
  for (const b of busy) {
    const end = Date.parse(b.endsAt);
    for (let start = Date.parse(b.startsAt); start < end; start += pieceMs) {
      out.push({
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(Math.min(end, start + pieceMs)).toISOString(),
      });
    }
  }
  return out;
}

/**
 * Before find-turns reads a professional's busy times: when the linked calendar's copy is older
 * than the TTL, one picker (the one that claims it) reads the next busyHorizonDays in one call
 * and replaces the copy; the others, and any failure, keep the copy as it is. Never a call per slot.
 */
export async function refreshExternalBusy(deps: AppDeps, professionalId: number): Promise<void> {
  const link = await findLink(deps.db, professionalId, 'calendar');
  if (!link) return;
  const now = deps.now();
  const fresh =
    link.busy_synced_at !== null &&
    now.getTime() - Date.parse(link.busy_synced_at) < deps.config.calendars.busyTtlMs;
  if (fresh) return;
  if (!(await claimBusyRefresh(deps.db, link.id, link.busy_synced_at, now.toISOString()))) return;
  try {
    const from = new Date(now.getTime() - 86_400_000).toISOString();
    const to = new Date(now.getTime() + busyHorizonDays * 86_400_000).toISOString();
    const read = withCalendar(deps, link, (port) => port.busy(from, to));
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new ProviderFault(link.provider, 0, 'busy read timed out')),
        busyReadTimeoutMs,
      ).unref(),
    );
    const busy = await Promise.race([read, timeout]);
    const own = await listOwnEventIds(deps.db, professionalId);
    await replaceBusy(
      deps.db,
      professionalId,
      busyPieces(busy.filter((b) => !b.eventId || !own.has(b.eventId))),
    );
  } catch (error) {
    deps.log.warn(
      { err: error, provider: link.provider },
      'reading the linked calendar failed; its last copy stays',
    );
  }
}

/**
 * Inside a booking's transaction: the appointment is owed to the professional's linked calendar
 * and video service ('write' when booked or moved, 'delete' when cancelled). Nothing is called
 * here; syncBookingSoon does the calls once the transaction has committed.
 */
export async function oweBookingSync(
  deps: AppDeps,
  tx: DB,
  booking: { id: number; professionalId: number },
  work: 'write' | 'delete',
): Promise<boolean> {
  if (work === 'delete') {
    const existing = await findBookingExternal(tx, booking.id);
    if (!existing || existing.work === 'removed') return false;
  } else if (!(await hasAnyLink(tx, booking.professionalId))) {
    return false;
  }
  await oweBookingWork(tx, {
    bookingId: booking.id,
    professionalId: booking.professionalId,
    work,
    now: deps.now().toISOString(),
  });
  return true;
}

/** Waits for the owed work to be visible outside the caller's transaction, then does it. */
const visibilityWaitsMs = [0, 25, 50, 100, 200, 400, 800, 1600];
export function syncBookingSoon(deps: AppDeps, bookingId: number): void {
  const attempt = async (n: number): Promise<void> => {
    const row = await findBookingExternal(deps.db, bookingId);
    if (!row || (row.work !== 'write' && row.work !== 'delete')) {
      const wait = visibilityWaitsMs[n + 1];
      if (wait !== undefined) setTimeout(() => void attempt(n + 1).catch(failed), wait).unref();
      return;
    }
    await syncBooking(deps, bookingId);
  };
  const failed = (error: unknown) => deps.log.warn({ err: error, bookingId }, 'calendar sync failed');
  setImmediate(() => void attempt(0).catch(failed));
}

/**
 * Does a booking's owed work with the providers. Claimed with a lease so two instances (or the
 * sweep and the after-commit call) never do it twice at once; each step's result is saved as it
 * happens, and a failure schedules a retry: the booking itself is never touched.
 */
export async function syncBooking(deps: AppDeps, bookingId: number): Promise<'done' | 'retry' | 'skipped'> {
  const row = await findBookingExternal(deps.db, bookingId);
  if (!row || (row.work !== 'write' && row.work !== 'delete') || row.next_attempt_at === null)
    return 'skipped';
  const now = deps.now();
  if (row.next_attempt_at > now.toISOString()) return 'skipped';
  const lease = new Date(now.getTime() + 2 * 60_000).toISOString();
  if (!(await claimBookingWork(deps.db, row.id, row.next_attempt_at, lease))) return 'skipped';
  const state = { ...row };
  const save = (changes: Partial<typeof state>) => {
    Object.assign(state, changes);
    return updateBookingExternal(deps.db, row.id, { ...changes, updated_at: deps.now().toISOString() });
  };
  try {
    const booking = await findBookingForSync(deps.db, bookingId);
    const calendar = await findLink(deps.db, row.professional_id, 'calendar');
    const video = await findLink(deps.db, row.professional_id, 'video');
    // Whatever exists outside goes first: on cancel, and before writing a moved appointment again.
    if (state.calendar_event_id && calendar && calendar.provider === state.calendar_provider) {
      const id = state.calendar_event_id;
      await withCalendar(deps, calendar, (port) => port.deleteEvent(id));
    }
    if (state.calendar_event_id) await save({ calendar_event_id: null, calendar_provider: null });
    if (state.meeting_id && state.meeting_provider === 'zoom' && video?.provider === 'zoom') {
      const id = state.meeting_id;
      await withAccess(deps, video, (token) => deps.calendars.video(token).deleteMeeting(id));
    }
    if (state.meeting_id || state.join_url) {
      await save({ meeting_id: null, meeting_provider: null, join_url: null, meeting_password: null });
    }
    const live = booking && (booking.state === 'confirmed' || booking.state === 'pending');
    if (row.work === 'write' && booking && live) {
      const online = booking.modalityId !== 2;
      const platform = booking.platformVideoCall ?? videoCallPlatformIds.own;
      // spec 000 §4: Zoom or Meet when the publication names it and the service is linked;
      // otherwise the own room stays (booking-view falls back when no link was made).
      if (online && platform === videoCallPlatformIds.zoom && video?.provider === 'zoom') {
        const meeting = await withAccess(deps, video, (token) =>
          deps.calendars
            .video(token)
            .createMeeting({ topic: booking.title, startsAt: booking.startsAt, minutes: booking.duration }),
        );
        await save({
          meeting_provider: 'zoom',
          meeting_id: meeting.id,
          join_url: meeting.joinUrl,
          meeting_password: meeting.password,
        });
      }
      if (calendar) {
        const withMeet = online && platform === videoCallPlatformIds.meet && calendar.provider === 'google';
        const reader = await findUserReader(deps.db, row.professional_id);
        const link = reader ? appLink(deps.config, reader, `bookings/${booking.ref}`) : null;
        const written = await withCalendar(deps, calendar, (port) =>
          port.writeEvent({
            uid: `${booking.ref}-${randomBytes(4).toString('hex')}`,
            summary: `${booking.title} (Agendo)`,
            description: [state.join_url ? `Reunión: ${state.join_url}` : null, link]
              .filter(Boolean)
              .join('\n'),
            startsAt: booking.startsAt,
            endsAt: booking.endsAt,
            withMeet,
          }),
        );
        await save({ calendar_provider: calendar.provider, calendar_event_id: written.id });
        if (withMeet && written.meetLink)
          await save({ meeting_provider: 'meet', join_url: written.meetLink, meeting_password: null });
        await markBusyStale(deps.db, row.professional_id);
      }
      await save({ work: 'synced', next_attempt_at: null, last_error: null });
    } else {
      if (calendar) await markBusyStale(deps.db, row.professional_id);
      await save({ work: 'removed', next_attempt_at: null, last_error: null });
    }
    return 'done';
  } catch (error) {
    const attempts = row.attempts + 1;
    const wait = retryMinutes[Math.min(attempts - 1, retryMinutes.length - 1)] ?? 60;
    deps.log.warn({ err: error, bookingId, attempts }, 'calendar or meeting sync failed; retrying later');
    await save({
      attempts,
      next_attempt_at: new Date(deps.now().getTime() + wait * 60_000).toISOString(),
      last_error: String((error as Error).message ?? error).slice(0, 500),
    });
    return 'retry';
  }
}

/** The sweep (startTimedWork): owed calendar and meeting work that is due, including retries. */
export async function runDueCalendarWork(deps: AppDeps): Promise<{ synced: number }> {
  let synced = 0;
  for (const due of await listDueBookingWork(deps.db, deps.now().toISOString(), 50)) {
    if ((await syncBooking(deps, due.booking_id)) === 'done') synced += 1;
  }
  return { synced };
}

/**
 * The bookings slice's one call, inside its transaction: records the owed work and does it once
 * the transaction has committed (a rolled-back booking leaves nothing to do).
 */
export async function queueBookingSync(
  deps: AppDeps,
  tx: DB,
  booking: { id: number; professionalId: number },
  work: 'write' | 'delete',
): Promise<void> {
  if (await oweBookingSync(deps, tx, booking, work)) syncBookingSoon(deps, booking.id);
}

/** A client's booking must not land on a time the professional's linked calendar shows busy. */
export async function takenElsewhere(db: DB, professionalId: number, startsAt: string, endsAt: string) {
  return externalBusyOverlaps(db, professionalId, startsAt, endsAt);
}
