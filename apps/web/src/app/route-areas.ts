import { matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { resultKinds } from '../features/checkout/result-kinds.ts';

/**
 * issue 13: the route table of every area made the shell every visitor downloads ~6 kB gzip
 * heavier (each lazy route carries its import and the list of files it needs). The public pages
 * stay in router.tsx; the signed-in areas' tables load when a path first needs them, through
 * React Router's patchRoutesOnNavigation.
 */
const areas = {
  account: () => import('./account-routes.tsx').then((module) => module.routes),
  professional: () => import('./professional-routes.tsx').then((module) => module.routes),
  // The booking's confirmation and payment results: reached from a service page's 'Reservar' or a
  // payment provider's return, never a visitor's first page.
  checkout: () => import('../features/checkout/routes.tsx').then((module) => module.checkoutRoutes),
} satisfies Record<string, () => Promise<RouteObject[]>>;
export type Area = keyof typeof areas;

/**
 * The first path segment after /:country/:lang of every route of each area, so that a visit
 * loads only its area. A segment missing here still works (every area is loaded, see below);
 * route-areas.test.ts keeps the list true to the tables.
 */
export const areaSegments: Record<Area, string[]> = {
  account: [
    'change-password',
    'change-user-email',
    'change-user-phone',
    'change-user-info',
    'config',
    'version',
    'my-account',
    'my-tools',
    'bookings',
    'my-bookings',
    'next-session',
    'calificate',
    'califications',
    'remark',
    'remarks',
    'cancelation',
    'cancelations',
    'chats',
    'chat',
    'prof-chat',
    'room',
    'meeting',
    'meet-room',
    'course-room',
    'waiting-room',
    'notifications',
    'wallet-account',
    'pay-balance',
    'lesson',
    'my-courses',
    'courses',
    'certificate',
  ],
  professional: [
    'new-service',
    'general-service',
    'edit-service',
    'my-services',
    'edit-turns-recurrents',
    'edit-turns',
    'blocked-days',
    'clients',
    'billing',
    'my-workshops',
    'general-workshop',
    'edit-workshop',
    'manage-modules',
    'manage-quiz',
    'manage-questions',
    'qr-reader',
    'qr-reader-live-date',
    'change-user-bank',
    'change-local-payments',
    'change-global-payments',
    'my-charges',
    'edit-afip-data',
    'editAfipData',
    'link-afip',
    'connect-afip',
    'my-plan',
    'plans',
    'plan-status',
    'admin',
    'my-profile',
    'change-user-bio',
    'change-business-name',
    'change-nickname',
    'change-social-networks',
    'change-user-address',
    'change-logo-square',
    'change-logo-rectangle',
    'change-sign',
    'change-user-certificate',
    'my-business',
    'user-web',
    'change-calendar',
    'connect-zoom',
  ],
  checkout: [
    'confirmation',
    'confirmation-landing',
    'confirmation-landing-card',
    'confirmation-credits',
    ...resultKinds,
    'pay-service',
    'pay-workshop',
    'my-coupons',
    'login-cart',
    'user-cart',
  ],
};

const areaOf = new Map(
  (Object.entries(areaSegments) as [Area, string[]][]).flatMap(([area, segments]) =>
    segments.map((segment) => [segment, area] as const),
  ),
);

/** The pathless route that holds the pages, and its 404 splat (router.tsx gives them these ids). */
export const pagesRouteId = 'pages';
export const notFoundRouteId = 'not-found';

/** The routes of an area, fetched once per page load and shared by every router (tests make many). */
const loaded = new Map<Area, Promise<RouteObject[]>>();
export function loadArea(area: Area): Promise<RouteObject[]> {
  let routes = loaded.get(area);
  if (!routes) {
    routes = areas[area]();
    // A failed fetch (offline, a stale deploy) is tried again on the next navigation.
    routes.catch(() => loaded.delete(area));
    loaded.set(area, routes);
  }
  return routes;
}

/**
 * React Router asks on every navigation under /:country/:lang (its params could hide a more
 * specific route not yet known). Only a path that the routes known so far send to the 404 splat
 * loads anything: its area, or every area when its first segment is not listed; a path no area
 * has stays a 404. Patching the same routes into a router again is a no-op.
 */
export const patchAreaRoutes: PatchRoutesOnNavigationFunction = async ({ path, matches, patch }) => {
  // The partial matches React Router passes stop at /:country/:lang; its route holds the
  // router's current tree (patched areas included), so match the path against that.
  const root = matches[0]?.route;
  if (!root?.children?.some((route) => route.id === pagesRouteId)) return;
  if (matchRoutes([root], path)?.at(-1)?.route.id !== notFoundRouteId) return;
  const segment = path.split('/')[3] ?? '';
  const area = areaOf.get(segment);
  const wanted = area ? [area] : (Object.keys(areas) as Area[]);
  const tables = await Promise.all(wanted.map(loadArea));
  for (const routes of tables) patch(pagesRouteId, routes);
};
