import { handle } from '../../rpc.ts';
import { calendarFeedUrl, resetCalendarFeed } from './calendar-feed.service.ts';

export const calendarHandlers = [
  handle('find-calendar-feed', 'professional', async (_input, ctx) => ({
    url: await calendarFeedUrl(ctx.deps, ctx.user.id),
  })),
  handle('reset-calendar-feed', 'professional:calendarEdit', async (_input, ctx) => ({
    url: await resetCalendarFeed(ctx.deps, ctx.user.id),
  })),
];
