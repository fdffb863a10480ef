import type { Page } from '@playwright/test';
import { callAction, expect, test } from './fixtures.ts';

// Issue 5 acceptance, clinical part: the demo professional fills every clinical tab (CIE-10
// found by typing 'asma' and 'F32'), uploads a PDF and a JPEG study, edits and deletes entries,
// prints the record to PDF and sees the audit trail. Runs on the desktop and phone projects.

/** A small but real PDF (the server checks the bytes, not the name). */
const pdfFixture = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A JPEG drawn by the browser itself, so it is a real image the server can re-encode. */
async function jpegFixture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 90;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#345';
      ctx.fillRect(0, 0, 120, 90);
      ctx.fillStyle = '#cde';
      ctx.fillRect(50, 10, 20, 70);
    }
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

async function rpc(page: Page, action: string, input: Record<string, unknown>) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await callAction(page, action, input, token);
  return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
}

/** A fresh contact with a phone of another country; the seeded first contact if the form rules change. */
async function newContact(page: Page): Promise<string> {
  const stamp = Date.now().toString(36);
  const states = await rpc(page, 'find-states', { userCountry: 5 });
  const list = (states.body.states ?? states.body.results ?? []) as { id: number }[];
  const created = await rpc(page, 'add-contact', {
    userFirstName: 'Renata',
    userLastName: 'Clínica',
    userPhone: '+56961234567',
    userMail: `e2e-clinica-${stamp}@agendo.test`,
    userCountry: 5,
    userState: list[0]?.id ?? null,
  });
  if (created.status === 200 && typeof created.body.ref === 'string') return created.body.ref;
  const contacts = await rpc(page, 'find-contacts', { mode: 1 });
  const first = (contacts.body.contacts as { idSeller: string }[] | undefined)?.[0];
  if (!first) throw new Error(`no contact to work on: ${JSON.stringify(created.body)}`);
  return first.idSeller;
}

async function openTab(page: Page, name: string) {
  // On a phone the last save's toast can slide over the menu item as it is tapped; then the tap
  // lands on the toast, so the whole step is tried again.
  await expect(async () => {
    const menu = page.getByRole('button', { name: /Menú de opciones/ });
    if (await menu.isVisible()) {
      await menu.click();
    }
    await page.getByRole('navigation', { name: 'Menú de opciones' }).getByText(name, { exact: true }).click();
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

async function pickOption(page: Page, label: string, option: string | RegExp, typed?: string) {
  const dialog = page.getByRole('dialog');
  const input = dialog
    .getByRole('textbox', { name: label })
    .or(dialog.getByLabel(label, { exact: true }))
    .first();
  await input.click();
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function addCie(page: Page, label: string, search: string, code: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(label).fill(search);
  await dialog.getByRole('option', { name: code }).first().click();
}

async function save(page: Page, toast: string) {
  await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(toast, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** A button (Editar, Eliminar) of the listed entry that shows `text`. */
function entryButton(page: Page, text: string, name: string) {
  return page.getByRole('article').filter({ hasText: text }).getByRole('button', { name });
}

async function upload(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByRole('dialog').locator('input[type=file]').setInputFiles(files);
  await expect(page.getByText('Archivos subidos correctamente.').first()).toBeVisible();
}

test('the professional keeps a clinical history: every tab, CIE-10, files, edit, delete, print, audit', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/ar/es/login');
  await page.getByLabel('Email').fill('profesional@agendo.test');
  await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(/login/);

  const contactRef = await newContact(page);
  const jpeg = await jpegFixture(page);
  await page.goto(`/ar/es/clients/${contactRef}`);
  await page.getByRole('tab', { name: /Cl[ií]nica/ }).click();

  // Motivo de consulta (the default tab): add, then edit.
  await expect(page.getByRole('heading', { name: 'Motivo de consulta', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Agregar motivo' }).first().click();
  await page.getByRole('dialog').getByLabel('Motivo').fill('Dificultad para dormir desde hace tres meses.');
  await save(page, 'Motivo agregado');
  await entryButton(page, 'Dificultad para dormir', 'Editar').click();
  await page.getByRole('dialog').getByLabel('Motivo').fill('Insomnio de conciliación desde hace tres meses.');
  await save(page, 'Motivo actualizado');
  await expect(page.getByText('Insomnio de conciliación desde hace tres meses.')).toBeVisible();

  // Consulta y evolución: two diagnoses found by 'F32' and 'asma'.
  await openTab(page, 'Consulta y evolución');
  await page.getByRole('button', { name: 'Agregar consulta' }).first().click();
  await addCie(page, 'Diagnóstico CIE-10', 'F32', /^Agregar F32 Episodio depresivo$/);
  await addCie(page, 'Diagnóstico CIE-10', 'asma', /^Agregar J45\.9 /);
  await page.getByRole('dialog').getByLabel('Detalle').fill('Primera consulta. Se acuerdan objetivos.');
  await save(page, 'Consulta agregada');
  await expect(page.getByText('F32 Episodio depresivo')).toBeVisible();
  await expect(page.getByText(/J45\.9 Asma, no especificada/)).toBeVisible();

  // Estudios: a PDF and a JPEG.
  await openTab(page, 'Estudios');
  await page.getByRole('button', { name: 'Agregar estudio' }).first().click();
  await pickOption(page, 'Tipo de estudio', 'Hemograma completo', 'Hemograma');
  await page.getByRole('dialog').getByLabel('Fecha del estudio').fill('2026-11-02');
  await upload(page, [
    { name: 'laboratorio.pdf', mimeType: 'application/pdf', buffer: pdfFixture },
    { name: 'radiografia.jpg', mimeType: 'image/jpeg', buffer: jpeg },
  ]);
  await page.getByRole('dialog').getByLabel('Detalles').fill('Valores dentro de rango.');
  await save(page, 'Estudio agregado');
  // The image reader of spec 000 §2.3; at 572 px or narrower a new tab instead.
  if ((page.viewportSize()?.width ?? 0) <= 572) {
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Ver radiografia.jpg' }).click(),
    ]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
  } else {
    await page.getByRole('button', { name: 'Ver radiografia.jpg' }).click();
    const reader = page.getByRole('dialog', { name: 'radiografia.jpg' });
    await expect(reader.getByRole('img', { name: 'radiografia.jpg' })).toBeVisible();
    await expect(reader.getByRole('link', { name: 'Descargar' })).toHaveAttribute(
      'download',
      'radiografia.jpg',
    );
    await reader.getByRole('button', { name: 'Cerrar' }).click();
    await expect(reader).toBeHidden();
  }

  // Tratamientos.
  await openTab(page, 'Tratamientos');
  await page.getByRole('button', { name: 'Agregar tratamiento' }).first().click();
  const treatment = page.getByRole('dialog', { name: 'Nuevo Tratamiento' });
  await treatment.getByLabel('Tratamiento', { exact: true }).fill('Salbutamol');
  await treatment.getByLabel('Dosis o frecuencia').fill('2 puff cada 8 horas');
  await treatment.getByLabel('Inicio').fill('2026-11-01');
  await treatment.getByLabel('Fin').fill('2027-02-01');
  await addCie(page, 'Diagnóstico CIE-10', 'asma', /^Agregar J45\.9 /);
  await treatment.getByLabel('Observaciones').fill('Control en un mes.');
  await upload(page, [{ name: 'receta.pdf', mimeType: 'application/pdf', buffer: pdfFixture }]);
  await save(page, 'Tratamiento agregado');

  // Consentimientos.
  await openTab(page, 'Consentimientos');
  await expect(page.getByText('No existen Consentimientos cargados.')).toBeVisible();
  await page.getByRole('button', { name: 'Agregar consentimiento' }).first().click();
  await pickOption(page, 'Tipo de consentimiento', 'Consentimiento informado general');
  await page.getByRole('dialog').getByLabel('Fecha', { exact: true }).fill('2026-11-01');
  await pickOption(page, 'Firmado por', 'Paciente', undefined);
  await upload(page, [{ name: 'consentimiento.pdf', mimeType: 'application/pdf', buffer: pdfFixture }]);
  await save(page, 'Consentimiento agregado');

  // Alergias: two, then one deleted with the spec's confirmation.
  await openTab(page, 'Alergias');
  await expect(page.getByText('No existen Alergias cargadas.')).toBeVisible();
  for (const name of ['Penicilina', 'Polen']) {
    await page.getByRole('button', { name: 'Agregar alergia' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nueva Alergia' });
    await dialog.getByLabel('Alergia', { exact: true }).fill(name);
    await pickOption(page, 'Severidad', 'Grave');
    await dialog.getByLabel('Reacción (opcional)').fill('Urticaria');
    await dialog.getByLabel('Notas (opcional)').fill('Evitar exposición.');
    await save(page, 'Antecedente agregado');
  }
  await entryButton(page, 'Polen', 'Eliminar').click();
  await expect(page.getByText('Estás por borrar una alergia. ¿Deseás continuar?')).toBeVisible();
  await page.getByRole('button', { name: 'Sí, borrar' }).click();
  await expect(page.getByText('Alergia eliminada').first()).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Polen' })).toHaveCount(0);
  await expect(page.getByRole('article').filter({ hasText: 'Penicilina' })).toBeVisible();

  // Antecedentes personales y familiares.
  await openTab(page, 'Antecedentes personales');
  await page.getByRole('button', { name: 'Agregar antecedente' }).first().click();
  await addCie(page, 'Código CIE-10 (opcional)', 'asma', /^Agregar J45\.9 /);
  await page.getByRole('dialog').getByLabel('Descripción').fill('Asma en la infancia.');
  await save(page, 'Antecedente agregado');
  await openTab(page, 'Antecedentes familiares');
  await page.getByRole('button', { name: 'Agregar antecedente' }).first().click();
  await page.getByRole('dialog').getByLabel('Descripción').fill('Madre con hipertensión.');
  await save(page, 'Antecedente agregado');
  await expect(page.getByText('Madre con hipertensión.')).toBeVisible();

  // Vacunas.
  await openTab(page, 'Vacunas');
  await expect(page.getByText('No existen vacunas cargadas.')).toBeVisible();
  await page.getByRole('button', { name: 'Agregar vacuna' }).first().click();
  await pickOption(page, 'Vacuna', 'Antigripal (influenza)', 'Antigripal');
  await page.getByRole('dialog').getByLabel('Fecha de aplicación').fill('2026-04-15');
  await page.getByRole('dialog').getByLabel('Observaciones').fill('Sin reacciones.');
  await upload(page, [{ name: 'carnet.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
  await save(page, 'Vacuna agregada');

  // Print the record from the options menu: a private PDF, shown in the app's PDF reader (spec
  // 000 §2.3), or at 572 px or narrower in a new tab from a blob.
  const phone = (page.viewportSize()?.width ?? 0) <= 572;
  const popup = phone ? page.waitForEvent('popup') : null;
  await page.getByRole('button', { name: 'Opciones del consultante' }).click();
  await page.getByRole('menuitem', { name: 'Imprimir ficha' }).click();
  if (popup) await (await popup).close();
  else {
    const reader = page.getByRole('dialog', { name: /^Ficha de / });
    await expect(reader.getByText(/^Página 1 de \d+$/)).toBeVisible();
    await reader.getByRole('button', { name: 'Cerrar' }).click();
    await expect(reader).toBeHidden();
  }
  // The same link without the session answers 404; with it, a PDF.
  const printed = await rpc(page, 'print-records', { ref: contactRef });
  expect(printed.status).toBe(200);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const pdf = await page.request.get(String(printed.body.file), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect((await page.request.get(String(printed.body.file))).status()).toBe(404);

  // The audit trail shows the print among the reads and writes.
  await page.getByRole('button', { name: 'Opciones del consultante' }).click();
  await page.getByRole('menuitem', { name: 'Ver registro de accesos' }).click();
  const trail = page.getByRole('dialog', { name: 'Registro de accesos' });
  await expect(trail.getByText(/Imprimió/).first()).toBeVisible();
  const more = trail.getByRole('button', { name: 'Cargar más' });
  while (await more.isVisible()) {
    await more.click();
    await page.waitForLoadState('networkidle');
  }
  await expect(trail.getByText(/Agregó · Alergias/).first()).toBeVisible();
  await expect(trail.getByText(/Borró · Alergias/).first()).toBeVisible();
  await expect(trail.getByText(/Editó · Motivo de consulta/).first()).toBeVisible();
});
