import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type Area, areaSegments, loadArea, patchAreaRoutes } from './route-areas.ts';
import { routes } from './router.tsx';

const areas = Object.keys(areaSegments) as Area[];
const firstSegment = (route: RouteObject) => route.path?.split('/')[0] ?? '';
const publicPages = (routes[1]?.children?.[0]?.children ?? []) as RouteObject[];

describe('route areas (issue 13)', () => {
  it.each(areas)('lists the first segment of every %s route, and no other', async (area) => {
    const segments = new Set((await loadArea(area)).map(firstSegment));
    expect([...segments].sort()).toEqual([...areaSegments[area]].sort());
  });

  it('gives no path to two tables', async () => {
    const paths = [publicPages, ...(await Promise.all(areas.map(loadArea)))].flatMap((table) =>
      table.flatMap((route) => (route.path ? [route.path] : [])),
    );
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
  });

  it('patches an area in when a path first needs it, on the first load and after', async () => {
    const router = createMemoryRouter(routes, {
      initialEntries: ['/ar/es/my-bookings'],
      patchRoutesOnNavigation: patchAreaRoutes,
    });
    // The page's own module loads too (a second or more in jsdom).
    await vi.waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 15_000 });
    expect(router.state.matches.at(-1)?.route.path).toBe('my-bookings/:ref?/:idPay?');

    await router.navigate('/ar/es/my-plan');
    expect(router.state.matches.at(-1)?.route.path).toBe('my-plan/:ref?/:idPay?');
    await router.navigate('/ar/es/confirmation/7');
    expect(router.state.matches.at(-1)?.route.path).toBe('confirmation/:ref?/:idPay?/:tempBookId?');
    await router.navigate('/ar/es/lesson/7');
    expect(router.state.matches.at(-1)?.route.path).toBe('lesson/:ref/:book?/:ref2?/:idPay?/:tempBookId?');
    await router.navigate('/ar/es/service/7');
    expect(router.state.matches.at(-1)?.route.path).toBe('service/:ref/:title?');
    await router.navigate('/ar/es/no-such-page');
    expect(router.state.matches.at(-1)?.route.id).toBe('not-found');
    expect(router.state.errors).not.toBeNull();
    router.dispose();
  });
});
