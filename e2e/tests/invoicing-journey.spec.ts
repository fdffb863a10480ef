import type { Page } from '@playwright/test';
import { qrOfPdf } from '../../apps/server/src/test/pdf-qr.ts';
import { pdfText as serverPdfText } from '../../apps/server/src/test/pdf-text.ts';
import { demo, expect, saleIdOf, signIn, test } from './fixtures.ts';

// issue 15 acceptance, as a new user would: the demo professional (a monotributista linked to
// the AFIP imitation by the seed) fills their fiscal data (a CUIT with a wrong check digit is
// refused), issues a Factura C for a paid sale from the sales table, sees 'Ver Factura', and the
// PDF's QR decodes to AFIP's verification URL whose JSON carries the invoice's CUIT, point of
// sale, number, amount and CAE. Both projects run against one seeded server: each run invoices
// another paid sale.

test.describe.configure({ timeout: 180_000 });

/** The demo professional's CUIT (seed-bookings.ts), and the same with its last digit changed. */
const demoCuit = '27284561231';
const wrongCheckDigit = '27284561232';

/** The text pdfkit wrote, spaces collapsed. */
function pdfText(pdf: Buffer): string {
  return serverPdfText(pdf).replace(/\s+/g, ' ');
}

/** What the signed-in page's own session may fetch (the PDF is private to the professional). */
async function withSession(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { authorization: `Bearer ${token}` };
}

test('the professional fills the fiscal data and issues a Factura C whose QR verifies with AFIP', async ({
  page,
}) => {
  await signIn(page, demo.professional);

  // Fiscal data (spec 002 §2 mode 1): a wrong check digit is refused as such (issue 34).
  await page.goto('/ar/es/edit-afip-data');
  const cuit = page.getByRole('textbox', { name: /Número de CUIT/ });
  await expect(cuit).toHaveValue(demoCuit);
  await cuit.fill(wrongCheckDigit);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    page.getByText('El dígito verificador del CUIT no es correcto: revisa el número.'),
  ).toBeVisible();
  await cuit.fill(demoCuit);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos de facturación guardados.')).toBeVisible();

  // The sales table: a paid sale still to invoice.
  await page.goto('/ar/es/billing');
  await expect(page.getByRole('heading', { name: 'Ventas y cobros', level: 1 })).toBeVisible();
  // A table on a desktop; on a phone (36em or narrower) a list of cards (issue 34).
  const phone = (page.viewportSize()?.width ?? 0) <= 576;
  const sales = phone
    ? page.getByRole('list', { name: 'Ventas y cobros' }).getByRole('listitem')
    : page.locator('tbody tr');
  const row = sales.filter({ has: page.getByRole('button', { name: 'Facturar' }) }).first();
  await expect(row).toBeVisible();
  const saleId = await saleIdOf(row);
  const saleRow = phone ? page.locator(`li[data-sale-id="${saleId}"]`) : sales.filter({ hasText: saleId });
  await saleRow.getByRole('button', { name: 'Facturar' }).click();

  const dialog = page.getByRole('dialog', { name: 'Facturar' });
  await expect(dialog.getByText('Tipo de factura: C')).toBeVisible();
  // spec 002 §5: the registry search needs a document first.
  await dialog.getByRole('button', { name: 'Buscar' }).click();
  await expect(dialog.getByText('Debes ingresar el DNI o CUIT de la persona.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Facturar' }).click();
  await expect(page.getByText('Factura Generada')).toBeVisible();
  await expect(dialog).toBeHidden();
  const view = saleRow.getByRole('button', { name: 'Ver Factura' });
  await expect(view).toBeVisible();
  await expect(saleRow.getByRole('button', { name: 'Facturar' })).toHaveCount(0);

  // 'Ver Factura' opens the PDF, fetched with the session, in the app's PDF reader (spec 000
  // §2.3); at 572 px or narrower in a new tab instead, shown from a blob.
  if ((page.viewportSize()?.width ?? 0) <= 572) {
    const [tab] = await Promise.all([page.context().waitForEvent('page'), view.click()]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
  } else {
    await view.click();
    const reader = page.getByRole('dialog', { name: /^Factura de / });
    // pdf.js and its worker load on this first PDF: slow on a busy runner.
    await expect(reader.getByText(/^Página 1 de \d+$/)).toBeVisible({ timeout: 30_000 });
    await expect(reader.getByRole('img', { name: /^Página 1 de factura-/ })).toBeVisible();
    await expect(reader.getByRole('link', { name: 'Descargar' })).toHaveAttribute('download', /^factura-/);
    await page.keyboard.press('Escape');
    await expect(reader).toBeHidden();
    await expect(view).toBeFocused();
  }

  // The same PDF as the server serves it to this session (and to nobody without one).
  const headers = await withSession(page);
  const listed = await page.request.post('/index.php', {
    headers,
    data: {
      action: 'find-billing-all',
      mode: 1,
      search: saleId,
      browserCountry: 'ar',
      userLang: 'es',
      urlcode: '127.0.0.1',
    },
  });
  const sale = (await listed.json()).rows.find((r: { id: string }) => r.id === saleId);
  expect(sale.billLink).toMatch(/^\/invoice-files\//);
  expect((await page.request.get(sale.billLink)).status()).toBe(404);
  const pdf = Buffer.from(await (await page.request.get(sale.billLink, { headers })).body());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  const url = qrOfPdf(pdf);
  expect(url).toMatch(/^https:\/\/www\.afip\.gob\.ar\/fe\/qr\/\?p=/);
  // The QR is also the PDF's link over it.
  expect(pdf.toString('latin1')).toContain(`/URI (${url})`);
  const json = JSON.parse(Buffer.from((url ?? '').split('?p=')[1] ?? '', 'base64').toString('utf8'));
  const text = pdfText(pdf);
  const number = Number(/Comp\. Nro: (\d{8})/.exec(text)?.[1]);
  const cae = /CAE N°: (\d{14})/.exec(text)?.[1];
  expect(json).toMatchObject({
    ver: 1,
    cuit: Number(demoCuit),
    ptoVta: 1,
    tipoCmp: 11,
    nroCmp: number,
    importe: sale.netPrice / 100,
    moneda: 'PES',
    tipoCodAut: 'E',
    codAut: Number(cae),
  });
  expect(number).toBeGreaterThan(0);
  expect(text).toContain('Punto de Venta: 00001');
});
