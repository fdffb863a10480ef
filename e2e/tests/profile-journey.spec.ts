import { demo, expect, signIn, test } from './fixtures.ts';

/** A 1×1 PNG: enough for the server's image checks, which re-encode it as webp. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Issue 18: the demo professional completes the profile (logo, certificate, phone), sees it on
 * the public page, and the short link /go/{nickname} leads there with a card a crawler reads
 * without JavaScript (title, description, image in the HTML the server sends).
 */
test('the professional completes the profile and shares the public page by its short link', async ({
  page,
}, testInfo) => {
  // A whole journey of uploads and page loads: longer than one page's default budget.
  test.setTimeout(180_000);
  await signIn(page, demo.professional);

  await page.goto('/ar/es/my-profile');
  await page.getByRole('link', { name: /Logo cuadrado/ }).click();
  await expect(page.getByRole('heading', { name: 'Logo cuadrado' })).toBeVisible();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Datos Actualizados.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo cuadrado' })).toHaveAttribute(
    'src',
    /\/files\/profile\/.+\.webp$/,
  );

  await page.goto('/ar/es/change-user-certificate');
  await page.getByLabel('Título del certificado').fill('Licenciada en Psicología (UBA), M.N. 12345');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'titulo.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Subir certificado' }).click();
  const current = page.getByRole('region', { name: 'Certificado actual' });
  await expect(current.getByText('Verificado por el profesional')).toBeVisible();

  await page.goto('/ar/es/change-user-phone');
  await page.getByLabel('Teléfono:').fill('11 5555 0199');
  await page.getByRole('button', { name: 'Guardar teléfono' }).click();
  await expect(page.getByText('Datos Actualizados.')).toBeVisible();

  await page.goto('/ar/es/user-web');
  await expect(page.getByRole('heading', { name: 'Mi página web' })).toBeVisible();
  const shortLink = await page.getByRole('textbox', { name: 'Tu enlace corto' }).inputValue();
  expect(shortLink).toMatch(/\/go\/lucia-fernandez$/);
  if (testInfo.project.name.includes('phone'))
    await page.screenshot({ path: testInfo.outputPath('user-web.png'), fullPage: true });

  // The short link leads to the public page with what was just completed.
  await page.goto(shortLink);
  await expect(page).toHaveURL(/\/ar\/es\/professional\/[A-Za-z0-9_-]{8,}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const certificate = page.getByRole('region', { name: 'Certificado' });
  await expect(certificate.getByText('Licenciada en Psicología (UBA), M.N. 12345')).toBeVisible();
  await expect(certificate.getByText('Verificado por el profesional')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sobre mí' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('public-page.png'), fullPage: true });

  // What a crawler gets: the server's HTML, no JavaScript run.
  const crawled = await page.request.get(shortLink);
  expect(crawled.ok()).toBe(true);
  expect(crawled.url()).toMatch(/\/ar\/es\/professional\//);
  const html = await crawled.text();
  const meta = (property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  expect(html).toMatch(/<title>[^<]+ · Agendo<\/title>/);
  expect(meta('og:title')).toMatch(/ · Agendo$/);
  expect(meta('og:description')?.length).toBeGreaterThan(10);
  expect(meta('og:url')).toBe(page.url());
  const image = meta('og:image');
  expect(image).toMatch(/\/files\/profile\/.+\.webp$/);
  const served = await page.request.get(image ?? '');
  expect(served.headers()['content-type']).toBe('image/webp');

  // getSellerPublish: the same page in the chosen colour, with the same card for crawlers.
  await page.goto('/ar/es/user-web');
  await page.getByRole('radio', { name: 'Violeta' }).click();
  await page.getByRole('link', { name: 'Ver mi página' }).click();
  await expect(page).toHaveURL(/\/getSellerPublish\/[A-Za-z0-9_-]{8,}\/0\/violet$/);
  await expect(page.getByRole('region', { name: 'Certificado' })).toBeVisible();
});
