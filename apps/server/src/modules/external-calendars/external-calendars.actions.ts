import { handle } from '../../rpc.ts';
import { countPendingWork, findLink } from './external-calendars.repository.ts';
import { saveCaldav, startLink, unlink } from './external-calendars.service.ts';

/**
 * change-calendar and connect-zoom (spec 000 §2.2, §7; issue 18). Every action is the
 * professional's own: their link only, never another's (the session names whose).
 */
export const externalCalendarsHandlers = [
  handle('find-calendar', 'professional', async (_input, ctx) => {
    const link = await findLink(ctx.deps.db, ctx.user.id, 'calendar');
    return {
      connected: link ? (1 as const) : (0 as const),
      provider: link?.provider ?? null,
      account: link?.account ?? null,
      linkedAt: link?.created_at ?? null,
      imitationPage: link ? ctx.deps.calendars.imitationPage(link.provider, link.account) : null,
      available: ctx.deps.calendars.calendarProviders(),
      caldavHint: ctx.deps.calendars.caldavImitationUrl(ctx.user.ref),
      pendingSync: await countPendingWork(ctx.deps.db, ctx.user.id),
    };
  }),
  handle('find-zoom-connect', 'professional', async (_input, ctx) => {
    const link = await findLink(ctx.deps.db, ctx.user.id, 'video');
    const calendar = await findLink(ctx.deps.db, ctx.user.id, 'calendar');
    return {
      connected: link ? (1 as const) : (0 as const),
      provider: link?.provider ?? null,
      account: link?.account ?? null,
      linkedAt: link?.created_at ?? null,
      imitationPage: null,
      available: ctx.deps.calendars.videoProviders().length > 0,
      meetAvailable: calendar?.provider === 'google',
    };
  }),
  handle('start-calendar-link', 'professional', async (input, ctx) => ({
    url: await startLink(ctx.deps, ctx.user, input.provider),
  })),
  handle('save-caldav-calendar', 'professional', async (input, ctx) => ({
    connected: 1 as const,
    account: await saveCaldav(ctx.deps, ctx.user, input),
  })),
  handle('unlink-calendar', 'professional', async (input, ctx) => {
    await unlink(ctx.deps, ctx.user, input.kind);
    return { connected: 0 as const };
  }),
];
