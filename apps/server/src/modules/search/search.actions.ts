import { handle } from '../../rpc.ts';
import { searchCourses } from './course-search.service.ts';
import { convertPrice, listRates, saveRate, searchPublications, viewerOf } from './search.service.ts';

export const searchHandlers = [
  handle('search-publications', 'public', async (input, ctx) => {
    const viewer = await viewerOf(ctx.deps, ctx.user?.id ?? null, ctx.browserCountry, input.userTime);
    return searchPublications(ctx.deps, input, viewer);
  }),
  handle('search-courses', 'public', async (input, ctx) => {
    const viewer = await viewerOf(ctx.deps, ctx.user?.id ?? null, ctx.browserCountry, undefined);
    return searchCourses(ctx.deps, input, viewer);
  }),
  handle('convert-price', 'public', async (input, ctx) => convertPrice(ctx.deps, input)),
  handle('find-exchange-rates', 'admin', async (_input, ctx) => ({ rates: await listRates(ctx.deps) })),
  handle('save-exchange-rate', 'admin', async (input, ctx) => ({
    rate: await saveRate(ctx.deps, ctx.user.id, input.currency, input.unitsPerUsd),
  })),
];
