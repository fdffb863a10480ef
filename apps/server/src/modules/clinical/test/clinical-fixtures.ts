import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { newRef } from '../../../lib/random.ts';
import { makeContact } from '../../../test/contact-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { findUserByEmail } from '../../accounts/accounts.repository.ts';

export interface Professional {
  token: string;
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

export async function professional(t: TestApp, firstName = 'Ana', lastName = 'Pérez'): Promise<Professional> {
  const { token, userMail } = await t.registerUser(1, { userFirstName: firstName, userLastName: lastName });
  const row = await findUserByEmail(t.deps.db, userMail);
  if (!row) throw new Error('no user');
  return { token, id: row.id, email: userMail, firstName, lastName };
}

/** A contact row of this professional, written directly (the contacts slice owns the form). */
export function contactOf(
  t: TestApp,
  professionalId: number,
  firstName = 'Julia',
): Promise<{ ref: string; id: number }> {
  return makeContact(t, professionalId, {
    first_name: firstName,
    last_name: 'Núñez',
    phone: '+5491155550000',
    street: 'Av. Siempreviva 742',
    gender: 2,
    birth_year: 1985,
    birth_month: 4,
    birth_day: 12,
  });
}

export function smallPdf(text = 'Informe de laboratorio — Hemograma'): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A6' });
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });
}

/** A JPEG carrying EXIF (camera make) so the test can check the metadata is stripped. */
export function smallJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 60 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Artist: 'Paciente' } })
    .toBuffer();
}

export interface UploadPart {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body with the contact's ref and the files under images[]. */
export function multipart(consId: string, files: UploadPart[]) {
  const boundary = `----agendo${newRef()}`;
  const chunks: Buffer[] = [];
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="consId"\r\n\r\n${consId}\r\n`),
  );
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images[]"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  t: TestApp,
  token: string | null,
  consId: string,
  files: UploadPart[],
  route = '/upload-studies-files',
) {
  const body = multipart(consId, files);
  const res = await t.app.inject({
    method: 'POST',
    url: route,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read loosely typed answers
  return { statusCode: res.statusCode, body: res.json() as any };
}

export async function fetchFile(t: TestApp, token: string | null, link: string) {
  return t.app.inject({
    method: 'GET',
    url: link,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export async function count(
  t: TestApp,
  table: 'clinical_entries' | 'clinical_entry_versions' | 'audit_events' | 'clinical_files',
) {
  const row = await t.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
