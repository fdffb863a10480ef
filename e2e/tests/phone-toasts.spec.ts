import { expect, publicationRef, test } from './fixtures.ts';

// Issue 12, found on a phone: the service page's 'Debes seleccionar un horario.' toast sat on
// top of the sticky 'Reservar cita' bar, hiding the button the toast talks about. Toasts on a
// phone stack above the bottom sticky actions. Phone layout only: the bar is not sticky on a
// desktop, so only the phone project runs this file (playwright.config.ts, testIgnore).
test('on a phone the slot toast leaves the sticky Reservar cita button uncovered', async ({
  page,
}, testInfo) => {
  const title = 'Sesión de psicología online';
  const ref = await publicationRef(page, title);
  await page.goto(`/ar/es/service/${ref}`);

  const picker = page.getByRole('region', { name: 'Elige día y horario' });
  await expect(picker.getByRole('button', { name: /, \d{2}:\d{2}/ }).first()).toBeVisible();
  // The slots start at the top of the screen, so the bar sticks to its bottom.
  await picker.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const book = picker.getByRole('button', { name: 'Reservar cita' });
  await book.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Debes seleccionar un horario.' });
  await expect(toast).toBeVisible();

  const [bookBox, viewport] = [await book.boundingBox(), page.viewportSize()];
  if (!bookBox || !viewport) throw new Error('not laid out');
  expect(bookBox.y + bookBox.height).toBeGreaterThan(viewport.height - 80); // the bar is at the bottom
  // Polled: the toast slides in, and where it rests is what counts.
  await expect
    .poll(async () => {
      const box = await toast.boundingBox();
      return box ? box.y + box.height : Number.POSITIVE_INFINITY;
    })
    .toBeLessThanOrEqual(bookBox.y);
  await page.screenshot({ path: testInfo.outputPath('slot-toast.png') });
});
