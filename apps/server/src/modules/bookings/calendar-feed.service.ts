import type { AccountClosingStep, AppDeps } from '../../deps.ts';
import { hashToken, newSecretToken } from '../../lib/random.ts';
import { listFeedRows } from './agenda.repository.ts';
import { bookingIcs } from './booking-ics.ts';
import { deleteFeedOfUser, findFeedByHash, findFeedOfUser, saveFeed } from './calendar-feed.repository.ts';

const feedUrl = (deps: AppDeps, token: string) => `${deps.config.publicUrl}/calendar/${token}.ics`;

/** find-calendar-feed: the professional's secret feed address, created on first use. */
export async function calendarFeedUrl(deps: AppDeps, userId: number): Promise<string> {
  const feed = await findFeedOfUser(deps.db, userId);
  if (feed?.token) return feedUrl(deps, feed.token);
  return resetCalendarFeed(deps, userId);
}

/** reset-calendar-feed: a new secret; calendars subscribed to the old address stop updating. */
export async function resetCalendarFeed(deps: AppDeps, userId: number): Promise<string> {
  const token = newSecretToken();
  await saveFeed(deps.db, userId, token, hashToken(token), deps.now().toISOString());
  return feedUrl(deps, token);
}

/** A closed account's feed address stops answering (it lists clients' names). */
export const calendarFeedClosing: AccountClosingStep = {
  name: 'calendar feed',
  close: (deps, account) => deleteFeedOfUser(deps.db, account.id),
};

/** How far back the feed goes: calendars keep what they already have. */
const feedLookBackDays = 30;

/** The feed's body for a token, or null when the token is unknown (or was reset). */
export async function calendarFeedBody(deps: AppDeps, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const feed = await findFeedByHash(deps.db, hashToken(token));
  if (!feed) return null;
  const from = new Date(deps.now().getTime() - feedLookBackDays * 86_400_000).toISOString();
  const rows = await listFeedRows(deps.db, feed.user_id, from);
  return bookingIcs(rows, {
    publicUrl: deps.config.publicUrl,
    side: 'professional',
    calName: 'Agendo',
    now: deps.now(),
  });
}
