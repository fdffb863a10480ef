import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

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

/**
 * Shared Playwright fixtures (STYLE "Shared test fixtures"): `consoleErrors` collects the page's
 * console errors and uncaught exceptions of every test, and the test fails at its end when there
 * is any.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    // Every test of a spec that imports this `test` is watched, without asking for it.
    { auto: true },
  ],
});

export { expect };
