import { demo, expect, signIn, test } from './fixtures.ts';

const guides = [
  'Recorrido por la pantalla principal',
  'Cobrar por transferencia bancaria',
  'Vincular tu calendario',
  'Agendar una cita manual',
  'Crear el link de un servicio',
  'Cobrar con tarjeta',
];

// issue 18, spec 000 §2.4: each of the six guides runs to the end, on a desktop and on a phone
// (the phone project runs the phone versions: the header's menu is the burger there).
test('the professional runs each of the six guides to the end', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  await signIn(page, demo.professional);
  await page.goto('/ar/es/my-tools');
  await expect(page.getByRole('heading', { name: 'Mi agenda', level: 1 })).toBeVisible();

  for (const title of guides) {
    await page.getByRole('button', { name: 'Guías' }).click();
    const modal = page.getByRole('dialog', { name: 'Guías' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: `Ver guía: ${title}` }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/ar\/es\/my-tools/);

    const popover = page.locator('.driver-popover');
    // The tour starts about two seconds later (spec 000 §9: 1 s plus 1 s).
    await expect(popover).toBeVisible({ timeout: 6000 });
    const box = await popover.boundingBox();
    expect(box?.width, title).toBe(250);
    const progress = popover.locator('.driver-popover-progress-text');
    const total = Number((await progress.textContent())?.split(' de ')[1]);
    expect(total, title).toBeGreaterThan(1);
    for (let step = 1; step < total; step += 1) {
      await expect(progress).toHaveText(`${step} de ${total}`);
      if (step === 2) {
        // Anterior goes back one step, and Siguiente forward again.
        await popover.getByRole('button', { name: 'Anterior' }).click();
        await expect(progress).toHaveText(`1 de ${total}`);
        await popover.getByRole('button', { name: 'Siguiente' }).click();
        await expect(progress).toHaveText(`2 de ${total}`);
      }
      await popover.getByRole('button', { name: 'Siguiente' }).click();
    }
    await expect(progress).toHaveText(`${total} de ${total}`);
    if (phone) {
      // The phone version points at the burger, not at the desktop menu.
      const steps = await page.locator('[data-tour="menu-phone"]').count();
      expect(steps).toBe(1);
    }
    await popover.getByRole('button', { name: 'Finalizar' }).click();
    await expect(popover).toBeHidden();
  }
});
