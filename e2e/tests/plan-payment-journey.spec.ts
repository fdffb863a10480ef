import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

// Issue 34 acceptance: a professional on the free plan (the seed's gratis@agendo.test, her trial
// over, her third service paused by the plan) chooses Plan Inicial and is asked to pay before it
// starts: the free plan and its limits stay, and my-plan says what is owed and how to pay. She
// does not pay here, so the desktop and the phone run find her in the same state, one after the
// other (choosing the same plan again replaces the choice, with the same amount owed).

test.describe.configure({ timeout: 120_000 });

const pausedService = 'Orientación en hábitos saludables';

/** Whether her service's menu offers to resume it (paused) rather than to pause it. */
async function expectPaused(page: Page, title: string) {
  await page.goto('/ar/es/my-services');
  await page.getByRole('button', { name: `Más acciones de ${title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Reanudar' })).toBeVisible();
  await page.keyboard.press('Escape');
}

test('a free-plan professional chooses a paid plan and is asked to pay before it starts', async ({
  page,
}, testInfo) => {
  await signIn(page, 'gratis@agendo.test');
  await page.goto('/ar/es/my-plan');
  const current = page.getByRole('region', { name: 'Tu plan actual' });
  await expect(current.getByRole('heading', { name: 'Plan Gratuito' })).toBeVisible();
  await expect(current.getByText('Hasta 2 publicaciones activas, sin talleres ni cursos.')).toBeVisible();

  // She chooses Plan Inicial in the monthly grid and confirms its price.
  const grid = page.getByRole('region', { name: 'Planes', exact: true });
  await grid.getByRole('tab', { name: 'Planes mensuales' }).click();
  await grid
    .getByRole('tabpanel')
    .getByRole('article', { name: 'Plan Inicial', exact: true })
    .getByRole('button', { name: /^(Elegir|Elegido)$/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Cambiar de plan' });
  await expect(confirm).toContainText(/Vas a cambiar a Plan Inicial por \$\s?9\.999/);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page.getByText('Elegiste el Plan Inicial. Comenzará cuando pagues su primer período.'),
  ).toBeVisible();

  // It has not started: she is still on the free plan, told what she owes and how to pay.
  await expect(current.getByRole('heading', { name: 'Plan Gratuito' })).toBeVisible();
  await expect(current.getByRole('status')).toContainText(
    /Elegiste el Plan Inicial \(planes mensuales\): comenzará cuando pagues su primer período, \$\s?9\.999/,
  );
  const pay = page.getByRole('region', { name: 'Paga tu plan para activarlo' });
  await expect(pay).toContainText(
    /se cobra el primer mes \(\$\s?9\.999[^)]*\) y tu plan comienza en ese momento/,
  );
  await expect(pay.getByRole('button', { name: 'Vincular tarjeta' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('plan-owed.png'), fullPage: true });

  // The free plan's limits stay until she pays: her third service is still paused.
  await expectPaused(page, pausedService);
});
