import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

// STYLE: accessible by default. axe-core checks each main page against WCAG 2.1 A/AA rules;
// any violation fails the run with the rule and the offending elements.
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

for (const path of [
  '/ar/es/',
  '/ar/es/login',
  '/ar/es/register',
  '/ar/es/recovery-account',
  '/ar/es/no-existe',
]) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
}

test('my account has no accessibility violations', async ({ page }) => {
  await page.goto('/ar/es/login');
  await page.getByLabel('Email').fill('consultante@agendo.test');
  await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/my-account/);
  await expect(page.getByLabel('Nombre')).toHaveValue('Martín');
  expect(await violations(page)).toEqual([]);
});
