import { demo, expect, signIn, test } from './fixtures.ts';

/** A tiny PNG written on the fly (no binary fixtures in the repository). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a professional creates, illustrates, pauses and deletes a service', async ({ page }) => {
  const title = `Sesión de reiki ${Date.now()}`;
  await signIn(page, demo.professional);

  await page.goto('/ar/es/new-service');
  await page.getByRole('button', { name: 'Crear servicio' }).click();
  await expect(page.getByText('Debes ingresar el título del servicio.')).toBeVisible();

  await page.getByLabel('Título').fill(title);
  await page.getByRole('textbox', { name: 'Terapia o especialidad' }).click();
  await page.getByRole('option', { name: 'Reiki' }).click();
  await page.getByLabel('Descripción').fill('Una sesión de reiki para relajarte y equilibrar tu energía.');
  await page.getByRole('radio', { name: 'Online y presencial' }).check();
  await page.getByLabel('Dirección').fill('Av. Santa Fe 1234, CABA');
  await page.getByLabel('Precio (ARS)').fill('15000');
  await page.getByLabel('Precio internacional (USD)').fill('20');
  await page.getByRole('button', { name: 'Crear servicio' }).click();

  await expect(page).toHaveURL(/\/ar\/es\/general-service\/[A-Za-z0-9_-]+\/agenda$/);
  await expect(page.getByText('Servicio creado. Ahora define tu disponibilidad.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Editar disponibilidad' })).toHaveAttribute(
    'href',
    /\/ar\/es\/edit-turns-recurrents\//,
  );

  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'consultorio.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Imagen 1 del servicio' })).toBeVisible();
  await expect(page.getByText('Portada', { exact: true })).toBeVisible();

  await page.goto('/ar/es/my-services');
  const card = page.locator('.mantine-Card-root', { hasText: title });
  await expect(card.getByText('Activo')).toBeVisible();
  await card.getByRole('button', { name: `Más acciones de ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Pausar' }).click();
  await expect(card.getByText('Pausado')).toBeVisible();

  await card.getByRole('button', { name: `Más acciones de ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar servicio' });
  await dialog.getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(page.getByText('El servicio fue eliminado.')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
});
