import { expect, test, uniqueEmail } from './fixtures.ts';

const password = 'clave-segura-123';

test('the root sends a first-time visitor to a country home in Spanish', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/(ar|us|mx|cl|br|uy|pe|co|ec|la)\/es\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Encuentra a tu profesional');
  await expect(page.getByRole('link', { name: 'Agendo, inicio' })).toBeVisible();
});

test.describe('answers the browser logs as errors on purpose', () => {
  // A 404 page and a refused login are what these two tests provoke; nothing else may be logged.
  test.use({ ignoredConsoleErrors: /status of 40[04]/ });

  test('an unknown address shows the Spanish 404', async ({ page }) => {
    await page.goto('/ar/es/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await page.goto('/zz/es/login');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  });

  test('a wrong password is shown under the password field', async ({ page }) => {
    await page.goto('/ar/es/login');
    await page.getByLabel('Email').fill('nadie@agendo.test');
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-esta-123');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const field = page.getByLabel('Contraseña', { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
  });
});

for (const account of [
  {
    kind: 'profesional',
    cta: 'Soy profesional',
    choice: 'Soy profesional',
    firstName: 'Lucía',
    lastName: 'Fernández',
  },
  {
    kind: 'consultante',
    cta: 'Busco un profesional',
    choice: 'Soy consultante',
    firstName: 'Martín',
    lastName: 'Gómez',
  },
] as const) {
  test(`a ${account.kind} registers, verifies the e-mail, signs out and signs in again`, async ({ page }) => {
    const email = uniqueEmail(account.kind);
    // My account is headed with the person's name.
    const ownName = page.getByRole('heading', { name: `${account.firstName} ${account.lastName}` });

    await page.goto('/ar/es/');
    await page.getByRole('link', { name: account.cta, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/ar/es/register\\?tipo=${account.kind}`));
    await expect(page.getByRole('radio', { name: account.choice })).toBeChecked();
    await page.getByText(account.choice, { exact: true }).click();
    await page.getByLabel('Nombre').fill(account.firstName);
    await page.getByLabel('Apellido').fill(account.lastName);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    await expect(page).toHaveURL(/\/ar\/es\/my-account/);
    await expect(ownName).toBeVisible();
    await expect(
      page.getByText('Te enviamos un email para verificar tu cuenta', { exact: false }).first(),
    ).toBeVisible();

    // The mailbox lists the newest mail first; filtering by recipient keeps parallel runs apart.
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const link = page.locator('a[href*="/verify-email/"]').first();
    await expect(link).toBeVisible();
    // Links carry the server's public origin; follow the path on the app under test.
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();
    await page.goto(new URL(href ?? '', 'http://mail.invalid').pathname);
    await expect(page.getByRole('heading', { name: '¡Tu email fue verificado!' })).toBeVisible();
    await page.getByRole('link', { name: 'Continuar' }).click();
    await expect(ownName).toBeVisible();
    await expect(page.getByText('Verificado', { exact: true })).toBeVisible();

    await page.goto('/ar/es/logout');
    await expect(page).toHaveURL(/\/ar\/es\/?$/);
    await expect(page.getByRole('link', { name: 'Busco un profesional' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.goto('/ar/es/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/ar\/es\/my-account/);
    await expect(ownName).toBeVisible();
    await expect(page.getByLabel('Nombre')).toHaveValue(account.firstName);
  });
}
