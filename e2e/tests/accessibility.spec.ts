// STYLE: accessible by default. axe-core checks each main page against WCAG 2.1 A/AA rules;
// any violation fails the run with the rule and the offending elements.
import { axeViolations, demo, expect, signIn, test } from './fixtures.ts';

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
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('my account has no accessibility violations', async ({ page }) => {
  await signIn(page, demo.client);
  await expect(page).toHaveURL(/my-account/);
  await expect(page.getByLabel('Nombre')).toHaveValue('Martín');
  expect(await axeViolations(page)).toEqual([]);
});
