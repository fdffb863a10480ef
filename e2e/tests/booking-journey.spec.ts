import { expect, type Page, test } from '@playwright/test';

// Issue 4 acceptance, paid booking: the demo client books a paid online session, pays with the
// sandbox test card in the provider's hosted page (overlay frame, signed webhook, return URL)
// and sees it in my-bookings as ABONADA. Runs on the desktop and phone projects.

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function signIn(page: Page, email: string) {
  await page.goto('/ar/es/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/my-account|my-tools|home/);
}

async function publicationRef(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/index.php', {
    data: {
      action: 'search-publications',
      browserCountry: 'ar',
      userLang: 'es',
      urlcode: 'e2e',
      text: title,
    },
  });
  const body = (await response.json()) as { publications: { ref: string; title: string }[] };
  const found = body.publications.find((p) => p.title === title);
  if (!found) throw new Error(`no publication ${title}`);
  return found.ref;
}

/** Picks a free slot of the service page's picker (a later window on the phone, so projects differ). */
async function pickSlot(page: Page, windows: number) {
  const picker = page.getByRole('region', { name: 'Elige día y horario' });
  for (let i = 0; i < windows; i += 1)
    await picker.getByRole('button', { name: 'Fechas siguientes' }).click();
  const slot = picker.getByRole('button', { name: /, \d{2}:\d{2}/ }).first();
  await expect(slot).toBeVisible();
  await slot.click();
  await picker.getByRole('button', { name: 'Reservar cita' }).click();
}

test('the client books a paid online session and pays with the sandbox test card', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  await signIn(page, 'consultante@agendo.test');
  const ref = await publicationRef(page, 'Sesión de psicología online');
  await page.goto(`/ar/es/service/${ref}`);
  await pickSlot(page, testInfo.project.name === 'phone' ? 2 : 1);

  await expect(page).toHaveURL(new RegExp(`/ar/es/confirmation/${ref}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirma tu reserva' })).toBeVisible();
  await expect(page.getByTestId('checkout-price')).toContainText('25.000');
  await expect(page.getByText(/Guardamos este horario para ti durante \d+:\d{2}/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('confirmation.png'), fullPage: true });

  // Online: no cash (spec 002 §5); card and transfer → the 'Opciones de Pago' chooser.
  await page.getByRole('button', { name: 'Continuar al pago' }).click();
  const chooser = page.getByRole('dialog', { name: 'Opciones de Pago' });
  await expect(chooser.getByRole('button', { name: 'Pagar en efectivo en la cita' })).toHaveCount(0);
  await chooser.getByRole('button', { name: 'Pagar con tarjeta de crédito o débito' }).click();

  const frame = page.frameLocator('iframe[title="Pago con tarjeta"]');
  await expect(frame.getByText('Entorno de prueba de Agendo')).toBeVisible();
  await frame.getByLabel('Número de tarjeta').fill('4000 0000 0000 0002');
  await frame.getByLabel('Vencimiento').fill('12/30');
  await frame.getByLabel('Código de seguridad').fill('123');
  await frame.getByLabel('Nombre del titular').fill('Martina Gómez');
  await frame.getByRole('button', { name: /^Pagar/ }).click();
  await expect(frame.getByRole('alert')).toContainText('La tarjeta fue rechazada');
  await page.screenshot({ path: testInfo.outputPath('declined.png'), fullPage: true });

  await frame.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await frame.getByLabel('Vencimiento').fill('12/30');
  await frame.getByLabel('Código de seguridad').fill('123');
  await frame.getByLabel('Nombre del titular').fill('Martina Gómez');
  await frame.getByRole('button', { name: /^Pagar/ }).click();

  await expect(page).toHaveURL(/\/ar\/es\/pay-success\?ref=/);
  await expect(page.getByRole('heading', { name: '¡Pago aprobado! Tu cita está reservada' })).toBeVisible();
  const bookingRef = new URL(page.url()).searchParams.get('ref') ?? '';
  await page.screenshot({ path: testInfo.outputPath('pay-success.png'), fullPage: true });

  await page.getByRole('link', { name: 'Ver mis citas' }).click();
  await expect(page).toHaveURL(new RegExp(`/ar/es/my-bookings/${bookingRef}`));
  await expect(page.getByText('ABONADA').first()).toBeVisible();
  expect(errors).toEqual([]);
});
