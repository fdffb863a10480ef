import { expect, type Page, test } from '@playwright/test';

/**
 * spec 000 §2.2 search routes against the seeded demo marketplace: browse a therapy, filter by
 * language (sidebar on desktop, drawer on phones), keep the filters in the URL, and page with
 * 'Cargar más'. An Argentine visitor of the ar site sees Argentine prices in pesos.
 */
async function openFilters(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Below 992 px the filters live in a drawer behind the 'Filtros' button.
  if ((page.viewportSize()?.width ?? 1280) < 992) {
    await page.getByRole('button', { name: /^Filtros/ }).click();
    return page.getByRole('dialog', { name: 'Filtros' });
  }
  return page.getByRole('complementary', { name: 'Filtros' });
}

test('browse a therapy, filter by language and load more results', async ({ page }) => {
  await page.goto('/ar/es/terapias');
  await page.getByRole('button', { name: 'Psicología', exact: true }).click();
  await expect(page).toHaveURL(/\/ar\/es\/terapias\?ref=1$/);
  const card = page.locator('.mantine-Card-root').filter({ hasText: 'Sesión de psicología online' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$ 25.000,00');
  await expect(card).toContainText('Próximo turno');

  await page.goto('/ar/es/search');
  const filters = await openFilters(page);
  // The checkbox follows the URL, so it turns on once the navigation lands.
  await filters.getByRole('checkbox', { name: 'Portugués' }).click();
  await expect(filters.getByRole('checkbox', { name: 'Portugués' })).toBeChecked();
  await expect(page).toHaveURL(/\/ar\/es\/search\?langPo=1$/);
  if (await page.getByRole('button', { name: 'Ver resultados' }).isVisible()) {
    await page.getByRole('button', { name: 'Ver resultados' }).click();
  }
  await expect(
    page.locator('.mantine-Card-root').filter({ hasText: 'Programa de nutrición en 4 sesiones' }),
  ).toBeVisible();
  await expect(page.locator('.mantine-Card-root').filter({ hasText: 'Musicoterapia online' })).toBeVisible();
  await expect(page.locator('.mantine-Card-root').filter({ hasText: 'Osteopatía en Madrid' })).toHaveCount(0);

  // The URL alone restores the filters (a shared link).
  await page.goto('/ar/es/search?langPo=1');
  const restored = await openFilters(page);
  await expect(restored.getByRole('checkbox', { name: 'Portugués' })).toBeChecked();
  await page.keyboard.press('Escape');

  await page.goto('/ar/es/search');
  // The services' grid (courses have a section of their own below it).
  const services = page.getByLabel('Resultados').locator('.mantine-Card-root');
  await expect(services).toHaveCount(12);
  await page.getByRole('button', { name: 'Cargar más' }).click();
  // The seed alone has 18 live publications; other journeys may have added some.
  await expect.poll(() => services.count()).toBeGreaterThan(12);

  // Issue 12: the demo course is found by its name and opens its course page.
  await page.goto('/ar/es/search');
  const searchBox = page.getByPlaceholder('Terapia, síntoma o nombre del profesional');
  await searchBox.fill('Respiración consciente');
  await searchBox.press('Enter');
  const course = page
    .getByRole('region', { name: 'Cursos' })
    .getByTestId('course-result')
    .filter({ hasText: 'Respiración consciente para la ansiedad' });
  await expect(course).toContainText('Lucía Fernández');
  // An Argentine visitor: the sold module in pesos, the open one free.
  await expect(course).toContainText(/Módulos desde\s*\$\s15\.000,00\sARS/);
  await expect(course).toContainText('1 módulo gratis');
  await course.getByRole('link', { name: 'Respiración consciente para la ansiedad' }).click();
  await expect(page).toHaveURL(/\/ar\/es\/course\/[A-Za-z0-9_-]+\/respiracion-consciente-para-la-ansiedad$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Respiración consciente para la ansiedad' }),
  ).toBeVisible();
});
