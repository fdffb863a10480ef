import { expect, test } from './fixtures.ts';

/**
 * Issue 3 acceptance: a logged-out visitor from another country (Spain: Madrid time, the
 * `mx` route prefix that ES visitors are sent to, spec 000 §2.1) finds a service of the demo
 * professional (Lucía Fernández, Argentina) through search, opens its page, sees slots in
 * their own time zone and the USD price, pages through windows and sees the promo countdown.
 */
test.use({ timezoneId: 'Europe/Madrid', locale: 'es-ES' });

test('a visitor from Spain finds a service, sees Madrid times, the USD price and the promo countdown', async ({
  page,
}, testInfo) => {
  await page.goto('/mx/es/search');
  const searchBox = page.getByPlaceholder('Terapia, síntoma o nombre del profesional');
  await searchBox.fill('Fernández');
  await searchBox.press('Enter');
  await expect(page).toHaveURL(/\/mx\/es\/search\?.*q=/);

  // The demo professional's service with a live promo (the seed gives her one).
  const card = page
    .locator('.mantine-Card-root')
    .filter({ hasText: 'Lucía Fernández' })
    .filter({ hasText: /Promo/ })
    .first();
  await expect(card, 'search lists a promo service of Lucía Fernández').toBeVisible();
  await card.locator('a[href*="/service/"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('promo-countdown')).toBeVisible();
  await expect(page).toHaveURL(/\/mx\/es\/service\/[A-Za-z0-9_-]+/);
  await expect(page).toHaveTitle(/Lucía Fernández · Agendo/);

  // The professional is Argentinian and the visitor is not: the price is in USD, promo struck through.
  await expect(page.getByTestId('price')).toContainText('US$');
  await expect(page.getByTestId('old-price')).toBeVisible();
  await expect(page.getByText('Precio internacional en dólares estadounidenses (USD).')).toBeVisible();
  await expect(page.getByRole('link', { name: /Lucía Fernández/ })).toHaveAttribute(
    'href',
    /\/mx\/es\/professional\//,
  );

  // The countdown ticks every second.
  const countdown = page.getByTestId('promo-countdown');
  await expect(countdown).toContainText('La promoción termina en');
  const before = await countdown.textContent();
  await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(before);

  // Slots in the visitor's zone, with the professional's hour beside each one.
  const picker = page.getByRole('region', { name: 'Elige día y horario' });
  await expect(picker.getByText(/Horarios en tu zona horaria \(Madrid, GMT\+\d\)\./)).toBeVisible();
  await expect(picker.getByText(/en Buenos Aires \(GMT-3\)$/).first()).toBeVisible();
  const range = picker.getByTestId('window-range');
  const firstWindow = await range.textContent();

  await picker.getByRole('button', { name: 'Fechas siguientes' }).click();
  await expect(range).not.toHaveText(firstWindow ?? '');
  await picker.getByRole('button', { name: 'Fechas anteriores' }).click();
  await expect(range).toHaveText(firstWindow ?? '');
  // The first window starts today: there is nothing before it.
  await picker.getByRole('button', { name: 'Fechas anteriores' }).click();
  await expect(page.getByText('Fechas no disponibles.')).toBeVisible();

  for (const [name, viewport] of [
    ['phone', { width: 375, height: 740 }],
    ['desktop', { width: 1280, height: 900 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await page.screenshot({ path: testInfo.outputPath(`service-page-${name}.png`), fullPage: true });
  }
});
