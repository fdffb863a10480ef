import type { Page } from '@playwright/test';
import { demo, expect, signIn, test } from './fixtures.ts';

// Issue 12: no link inside the app leads to a 404. For the demo professional, the demo client and
// an anonymous visitor, a crawler starts from their main pages (plus the header menu), follows
// every same-origin <a href> (React Router's <Link>s render one) and visits each route pattern
// once, asserting the app's 'Página no encontrada' page never shows, nor a page whose record the
// link named is missing ('No encontramos el servicio', '… la cita'…). Both projects run it: the
// phone's header is a drawer with its own links, and pages lay out other links on a phone.

/** Links of the live-sessions issue (rooms, chats, meetings): not built yet, left out on purpose. */
const LIVE = /^\/[a-z]{2}\/[a-z]{2}\/(room|chat|chats|prof-chat|meeting|meet-room|course-room)(\/|$)/;
/** Server answers, not pages: files, downloads, payment returns, the dev mailbox. */
const SERVER =
  /^\/(index\.php|healthz|files|record-files|lesson-files|calendar|go|payments|sandbox-checkout|dev|upload)/;
/** Leaving (logout) would end the crawl's session. */
const LEAVING = /^\/[a-z]{2}\/[a-z]{2}\/logout(\/|$)/;
/** The not-found of a record a link named (ids the link carried that the server does not know). */
const MISSING_RECORD = /No encontramos (el|la|al|a) /;

// Enough for every route of the professional's menus (billing, bank, payment options and the legal footer
// added to the crawl; 63 stopped before my-services on desktop).
const MAX_PAGES = 100;

/** `/ar/es/service/abc/sesion-online` → `/ar/es/service/:/:`: one visit per route, whatever its ids. */
function routePattern(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  const prefixed =
    parts.length >= 2 && /^[a-z]{2}$/.test(parts[0] ?? '') && /^[a-z]{2}$/.test(parts[1] ?? '');
  const keep = prefixed ? (parts[2] === 'admin' ? 4 : 3) : 1;
  return `/${parts.map((part, i) => (i < keep ? part : ':')).join('/')}`;
}

/**
 * Waits for the page's heading (the contacts page's are h2) and for its loaders to go, without
 * waiting for the network to rest (polling pages never rest).
 */
async function settle(page: Page) {
  await page
    .locator('main h1, main h2, main [role="alert"]')
    .first()
    .waitFor({ state: 'visible', timeout: 10_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          'main [aria-busy="true"], main .mantine-Loader-root, main .mantine-Skeleton-root[data-visible="true"]',
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

async function linksOf(page: Page): Promise<string[]> {
  return page.locator('a[href]:not([download])').evaluateAll((anchors) =>
    anchors
      .map((a) => new URL((a as HTMLAnchorElement).href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname),
  );
}

/** The header's links, which live in a menu (desktop) or a drawer (phone) until opened. */
async function headerLinks(page: Page): Promise<string[]> {
  const userMenu = page.getByRole('button', { name: 'Menú de tu cuenta' });
  const burger = page.getByRole('button', { name: 'Abrir menú' });
  // The user menu loads lazily after the page: give it a moment (a visitor on a desktop has none).
  await userMenu
    .or(burger)
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  const opener = (await burger.isVisible()) ? burger : (await userMenu.isVisible()) ? userMenu : null;
  if (!opener) return [];
  await opener.click();
  await page.locator('[role="menu"] a[href], [role="dialog"] a[href]').first().waitFor();
  const links = await linksOf(page);
  await page.keyboard.press('Escape');
  return links;
}

/** Crawls from `seeds`; returns the route patterns visited and every broken link with its page. */
async function crawl(page: Page, seeds: string[]) {
  const queue: { path: string; from: string }[] = seeds.map((path) => ({ path, from: 'seed' }));
  const seen = new Set<string>();
  const broken: string[] = [];
  let first = true;
  while (queue.length > 0 && seen.size < MAX_PAGES) {
    const next = queue.shift() as { path: string; from: string };
    const pattern = routePattern(next.path);
    if (seen.has(pattern) || LIVE.test(next.path) || SERVER.test(next.path) || LEAVING.test(next.path))
      continue;
    seen.add(pattern);
    await page.goto(next.path);
    await settle(page);
    const main = page.locator('main');
    const notFound = await main.getByRole('heading', { name: 'Página no encontrada' }).isVisible();
    const missing = MISSING_RECORD.exec((await main.textContent()) ?? '');
    if (notFound || missing)
      broken.push(`${next.path} (linked from ${next.from})${missing ? `: ${missing[0]}…` : ''}`);
    const links = [...(await linksOf(page)), ...(first ? await headerLinks(page) : [])];
    first = false;
    for (const path of links) queue.push({ path, from: next.path });
  }
  return { visited: [...seen], broken };
}

/** Whether the crawl visited some page of `route` (e.g. 'service'), with or without ids. */
function reached(visited: string[], route: string): boolean {
  return visited.some((pattern) => pattern === `/ar/es/${route}` || pattern.startsWith(`/ar/es/${route}/`));
}

// The professional's crawl grew with the settings, linking, legal and plan pages of issues 15–18
// (up to MAX_PAGES); at about a second a page on a loaded runner it passed two minutes.
test.describe.configure({ timeout: 300_000 });

test('no in-app link of the anonymous visitor leads to a 404', async ({ page }) => {
  const { visited, broken } = await crawl(page, [
    '/ar/es/',
    '/ar/es/search',
    '/ar/es/terapias',
    '/ar/es/sintomas',
  ]);
  expect(broken).toEqual([]);
  // The crawl reached the pages behind the lists, not just the seeds.
  for (const route of ['service', 'professional', 'login', 'register'])
    expect(reached(visited, route)).toBe(true);
});

test('no in-app link of the demo client leads to a 404', async ({ page }) => {
  await signIn(page, demo.client);
  const { visited, broken } = await crawl(page, [
    '/ar/es/',
    '/ar/es/search',
    '/ar/es/my-account',
    '/ar/es/my-bookings',
    '/ar/es/my-courses',
  ]);
  expect(broken).toEqual([]);
  for (const route of ['service', 'my-bookings', 'my-courses']) expect(reached(visited, route)).toBe(true);
});

test('no in-app link of the demo professional leads to a 404', async ({ page }) => {
  await signIn(page, demo.professional);
  // A contact opens from a row button, not a link: its address seeds the crawl.
  await page.goto('/ar/es/clients');
  await page.getByRole('button', { name: /Valentina Sosa/ }).click();
  await expect(page).toHaveURL(/\/clients\/[^/]+$/);
  const contact = new URL(page.url()).pathname;
  const { visited, broken } = await crawl(page, [
    '/ar/es/',
    '/ar/es/my-tools',
    '/ar/es/search',
    '/ar/es/my-account',
    '/ar/es/clients',
    contact,
    '/ar/es/my-workshops',
  ]);
  expect(broken).toEqual([]);
  expect(
    // waiting-room: the announce screen (issue 17), from the professional's menu.
    ['clients', 'course', 'my-services', 'blocked-days', 'waiting-room'].filter(
      (route) => !reached(visited, route),
    ),
  ).toEqual([]);
});
