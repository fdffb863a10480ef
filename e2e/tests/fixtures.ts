import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** Demo logins of the seed (README). */
export const demo = {
  professional: 'profesional@agendo.test',
  client: 'consultante@agendo.test',
  password: 'demo1234',
} as const;

/** Signs in through the login page as a person would. */
export async function signIn(page: Page, email: string, password: string = demo.password) {
  await page.goto('/ar/es/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/login/);
}

/**
 * Signs out as a test needs it between two people: the page is left first (about:blank), so no
 * request of the open page (a poll, a refetch on focus) meets the cleared cookie and logs a 401.
 */
export async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/**
 * Calls an action as the web app does (POST /index.php with the wire format's envelope): test
 * plumbing for reading a ref or checking what the server answers, never a step of the journey.
 */
export async function callAction(
  page: Page,
  action: string,
  input: Record<string, unknown> = {},
  token?: string | null,
) {
  return page.request.post('/index.php', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data: { action, browserCountry: 'ar', userLang: 'es', urlcode: 'e2e', ...input },
  });
}

/** The ref of the demo publication with this exact title, found through the public search. */
export async function publicationRef(page: Page, title: string): Promise<string> {
  const response = await callAction(page, 'search-publications', { text: title });
  const body = (await response.json()) as { publications: { ref: string; title: string }[] };
  const found = body.publications.find((p) => p.title === title);
  if (!found) throw new Error(`no publication ${title}`);
  return found.ref;
}

/** The sale id a row of the sales table (billing) shows in a cell of its own. */
export async function saleIdOf(row: Locator): Promise<string> {
  // A phone's sales card carries its sale's id as data-sale-id (it shows none).
  const card = await row.getAttribute('data-sale-id');
  if (card) return card;
  const cell = row
    .locator('td')
    .filter({ hasText: /^[A-Za-z0-9_-]{20,}$/ })
    .first();
  return (await cell.innerText()).trim();
}

/** The sandbox provider's test cards (README): one approved, one declined. */
export const testCards = { approved: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/**
 * Pays in the sandbox provider's hosted card page (the overlay frame the checkout opens), as a
 * buyer types it; answers the frame so a journey can read what it shows next.
 */
export async function payInSandbox(page: Page, card: string, holder: string) {
  const frame = page.frameLocator('iframe[title="Pago con tarjeta"]');
  await expect(frame.getByText('Entorno de prueba de Agendo')).toBeVisible();
  await frame.getByLabel('Número de tarjeta').fill(card);
  await frame.getByLabel('Vencimiento').fill('12/30');
  await frame.getByLabel('Código de seguridad').fill('123');
  await frame.getByLabel('Nombre del titular').fill(holder);
  await frame.getByRole('button', { name: /^Pagar/ }).click();
  return frame;
}

/**
 * STYLE: accessible by default. The page's WCAG 2.1 A/AA violations as readable lines (rule,
 * impact, offending elements), so a journey asserts `toEqual([])` and a failure names them.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** A fresh address per run, so parallel projects and repeated runs never collide. */
export function uniqueEmail(kind: string): string {
  return `e2e-${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@agendo.test`;
}

/**
 * Collects a page's console errors and uncaught exceptions. The `test` below does it for every
 * test's own page; a journey that opens another page (a second browser context) watches that one
 * with this and asserts its list itself.
 */
export function watchConsole(page: Page, ignored?: RegExp): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !ignored?.test(message.text()))
      errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Shared Playwright fixtures (STYLE "Shared test fixtures"): `consoleErrors` collects the page's
 * console errors and uncaught exceptions of every test, and the test fails at its end when there
 * is any. A spec that provokes errors on purpose (a 400 the browser logs) names them with
 * `test.use({ ignoredConsoleErrors: /…/ })`.
 */
export const test = base.extend<{ consoleErrors: string[]; ignoredConsoleErrors: RegExp | undefined }>({
  ignoredConsoleErrors: [undefined, { option: true }],
  consoleErrors: [
    async ({ page, ignoredConsoleErrors }, use) => {
      const errors = watchConsole(page, ignoredConsoleErrors);
      await use(errors);
      expect(errors).toEqual([]);
    },
    // Every test of a spec that imports this `test` is watched, without asking for it.
    { auto: true },
  ],
});

export { expect };
