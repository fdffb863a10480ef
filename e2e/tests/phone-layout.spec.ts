import { expect, type Locator, test } from '@playwright/test';
import { demo, signIn } from './fixtures.ts';

// issue 12, found on a 375 px phone: the contact form's 'Departamento' and 'Código postal' labels
// ran together, and the contact tabs were cut off at the left ('ontrataciones').
test.use({ viewport: { width: 375, height: 812 }, actionTimeout: 45_000 });
test.setTimeout(180_000);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

test('on a phone the contact form labels and the contact tabs are whole', async ({ page }, testInfo) => {
  await signIn(page, demo.professional);
  await page.goto('/ar/es/clients');
  await page.getByRole('button', { name: 'Nuevo consultante' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo consultante' })).toBeVisible();

  const labels = ['Piso', 'Departamento', 'Código postal'].map((name) =>
    page.locator('label').filter({ hasText: new RegExp(`^${name}`) }),
  );
  for (const label of labels) {
    await label.scrollIntoViewIfNeeded();
    // The label's text fits its own width (nothing clipped or spilling into the next one).
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
  const [depto, postal] = [await box(labels[1] as Locator), await box(labels[2] as Locator)];
  const sameRow = Math.abs(depto.y - postal.y) < 4;
  expect(sameRow ? depto.x + depto.width <= postal.x : true).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('contact-form-375.png'), fullPage: true });

  await page.goto('/ar/es/clients');
  await page.getByRole('button', { name: /Valentina Sosa/ }).click();
  const tabs = page.getByRole('tablist', { name: 'Secciones del consultante' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const tab of await tabs.all()) {
    const b = await box(tab);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(375);
  }
  await page.screenshot({ path: testInfo.outputPath('contact-tabs-375.png'), fullPage: true });
});
