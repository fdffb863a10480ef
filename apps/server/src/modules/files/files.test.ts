import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { createCorporateSession } from '../auth/auth.service.ts';
import {
  contactOf,
  count,
  fetchFile,
  type Professional,
  professional,
  smallJpeg,
  smallPdf,
  upload,
} from '../clinical/test/clinical-fixtures.ts';
import { privateRoot } from './files.service.ts';

let a: Professional;
let b: Professional;
let contactA: { ref: string; id: number };
let contactB: { ref: string; id: number };
let pdf: Buffer;
let jpeg: Buffer;

const t = useTestApp();
beforeAll(async () => {
  a = await professional(t);
  b = await professional(t, 'Bruno', 'Sosa');
  contactA = await contactOf(t, a.id);
  contactB = await contactOf(t, b.id);
  pdf = await smallPdf();
  jpeg = await smallJpeg();
});

const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
// A Windows executable: the MZ header, the PE offset and the PE signature.
const exe = (() => {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
})();
/** An OLE2 container with a WordDocument stream name (what a .doc is). */
const doc = (() => {
  const bytes = Buffer.alloc(2048);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes, 0);
  Buffer.from('WordDocument', 'utf16le').copy(bytes, 1024);
  return bytes;
})();

describe('upload (spec 001 §5, §7, §8)', () => {
  it('stores a PDF and a JPEG and answers id, link, type, baselink', async () => {
    const res = await upload(t, a.token, contactA.ref, [
      { name: 'laboratorio.pdf', bytes: pdf },
      { name: 'radiografía.jpg', bytes: jpeg },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      type: 'pdf',
      baselink: '/record-files/',
      large: null,
      name: 'laboratorio.pdf',
    });
    expect(res.body[1]).toMatchObject({ type: 'image', name: 'radiografía.jpg' });
    expect(res.body[1].link).toBe(`/record-files/${res.body[1].id}/file`);
    expect(res.body[1].large).toBe(`/record-files/${res.body[1].id}/large`);
  });

  it('strips image metadata and makes a webp large view', async () => {
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const [image] = (await upload(t, a.token, contactA.ref, [{ name: 'foto.jpeg', bytes: jpeg }])).body;
    const original = await fetchFile(t, a.token, image.link);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    const large = await fetchFile(t, a.token, image.large);
    expect(large.headers['content-type']).toBe('image/webp');
    expect((await sharp(large.rawPayload).metadata()).format).toBe('webp');
  });

  it('accepts the treatments/consents and vaccines paths, also under /upload/', async () => {
    for (const route of [
      '/upload-consent-files.php',
      '/upload-vaccines-files.php',
      '/upload/upload-studies-files',
    ]) {
      const res = await upload(t, a.token, contactA.ref, [{ name: 'a.pdf', bytes: pdf }], route);
      expect(res.statusCode, route).toBe(200);
    }
  });

  it('accepts a Word 97 file by its content', async () => {
    const res = await upload(t, a.token, contactA.ref, [{ name: 'informe.doc', bytes: doc }]);
    expect(res.statusCode).toBe(200);
    expect(res.body[0].type).toBe('doc');
    const served = await fetchFile(t, a.token, res.body[0].link);
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses an eighth file', async () => {
    const before = await count(t, 'clinical_files');
    const files = Array.from({ length: 8 }, (_, i) => ({ name: `f${i}.pdf`, bytes: pdf }));
    const res = await upload(t, a.token, contactA.ref, files);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'E2', message: 'Solo puedes subir hasta 7 archivos' });
    expect(await count(t, 'clinical_files')).toBe(before);
  });

  it('accepts seven files', async () => {
    const files = Array.from({ length: 7 }, (_, i) => ({ name: `f${i}.pdf`, bytes: pdf }));
    expect((await upload(t, a.token, contactA.ref, files)).body).toHaveLength(7);
  });

  it('refuses a file over 7,000,000 bytes', async () => {
    const before = await count(t, 'clinical_files');
    const big = Buffer.concat([pdf, Buffer.alloc(7_000_001 - pdf.length, 0x20)]);
    const res = await upload(t, a.token, contactA.ref, [{ name: 'grande.pdf', bytes: big }]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'E3', message: 'Los archivos no pueden pesar mas de 7mb' });
    expect(await count(t, 'clinical_files')).toBe(before);
  });

  it.each([
    ['an HTML page renamed .pdf', html, 'informe.pdf', 'application/pdf'],
    ['an executable renamed .pdf', exe, 'estudio.pdf', 'application/pdf'],
    ['an executable renamed .jpg', exe, 'foto.jpg', 'image/jpeg'],
    ['a PNG (not in the list)', null, 'captura.png', 'image/png'],
  ])('refuses %s, whatever its name and type say', async (_label, bytes, name, type) => {
    const before = await count(t, 'clinical_files');
    const body =
      bytes ??
      (await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer());
    const res = await upload(t, a.token, contactA.ref, [
      { name: 'ok.pdf', bytes: pdf },
      { name, bytes: body, type },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      code: 'E4',
      message: 'Hubo un error al intentar subir los archivos (E4)',
    });
    expect(await count(t, 'clinical_files')).toBe(before);
  });

  it('refuses an upload without files or for an unknown or foreign contact', async () => {
    expect((await upload(t, a.token, contactA.ref, [])).body.code).toBe('E5');
    const foreign = await upload(t, b.token, contactA.ref, [{ name: 'a.pdf', bytes: pdf }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toMatchObject({
      code: 'E6',
      message: 'Hubo un error al intentar subir los archivos (E6)',
    });
    const denied = await t.deps.db
      .selectFrom('audit_events')
      .selectAll()
      .where('owner_id', '=', b.id)
      .where('action', '=', 'upload')
      .executeTakeFirstOrThrow();
    expect(denied).toMatchObject({ outcome: 'denied', contact_id: null, entity_ref: contactA.ref });
  });

  it('refuses a logged-out upload and a corporate member without contactsClinic', async () => {
    const out = await upload(t, null, contactA.ref, [{ name: 'a.pdf', bytes: pdf }]);
    expect(out.statusCode).toBe(401);
    const member = await professional(t, 'Marta', 'Equipo');
    const token = await createCorporateSession(t.deps, a.id, member.id, { contactsInfo: true });
    const refused = await upload(t, token, contactA.ref, [{ name: 'a.pdf', bytes: pdf }]);
    expect(refused.statusCode).toBe(403);
    const allowed = await createCorporateSession(t.deps, a.id, member.id, { contactsClinic: true });
    expect((await upload(t, allowed, contactA.ref, [{ name: 'a.pdf', bytes: pdf }])).statusCode).toBe(200);
  });
});

describe('privacy of stored files', () => {
  let file: { id: string; link: string; large: string };
  beforeAll(async () => {
    file = (await upload(t, a.token, contactA.ref, [{ name: 'privado.jpg', bytes: jpeg }])).body[0];
  });

  it('serves the owner with Content-Disposition and nosniff', async () => {
    const res = await fetchFile(t, a.token, file.link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="privado.jpg"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 404 to another professional and to a logged-out request, for any variant', async () => {
    for (const link of [file.link, file.large]) {
      expect((await fetchFile(t, b.token, link)).statusCode).toBe(404);
      expect((await fetchFile(t, null, link)).statusCode).toBe(404);
    }
    expect((await fetchFile(t, b.token, `/record-files/${file.id}/../../etc`)).statusCode).toBe(404);
    expect((await fetchFile(t, a.token, '/record-files/unknownref12345/file')).statusCode).toBe(404);
  });

  it('answers 404 to a corporate member without contactsClinic', async () => {
    const member = await professional(t, 'Tomás', 'Equipo');
    const token = await createCorporateSession(t.deps, a.id, member.id, { contactsNotes: true });
    expect((await fetchFile(t, token, file.link)).statusCode).toBe(404);
    const allowed = await createCorporateSession(t.deps, a.id, member.id, { contactsClinic: true });
    expect((await fetchFile(t, allowed, file.link)).statusCode).toBe(200);
  });

  it('keeps the bytes outside the public /files/ folder', async () => {
    const row = await t.deps.db
      .selectFrom('clinical_files')
      .selectAll()
      .where('ref', '=', file.id)
      .executeTakeFirstOrThrow();
    const onDisk = path.join(privateRoot(t.deps), row.storage_key);
    expect(fs.existsSync(onDisk)).toBe(true);
    expect(path.resolve(onDisk).startsWith(path.resolve(t.deps.storage.root))).toBe(false);
    const guess = await t.app.inject({ method: 'GET', url: `/files/${row.storage_key}` });
    expect(guess.statusCode).toBe(404);
  });

  it("B cannot attach A's file to B's own contact's entry", async () => {
    const res = await t.call(
      'save-medical-studies',
      {
        consId: contactB.ref,
        studyType: 'Ecografía',
        studyDate: '2026-11-01',
        description: 'x',
        files: [{ id: file.id }],
      },
      b.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe('E11');
  });

  it('downloads are audited, and a denied fetch too', async () => {
    const before = await count(t, 'audit_events');
    await fetchFile(t, a.token, file.link);
    await fetchFile(t, b.token, file.link);
    const rows = await t.deps.db
      .selectFrom('audit_events')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(await count(t, 'audit_events')).toBe(before + 2);
    expect(rows.map((r) => [r.action, r.outcome, r.owner_id])).toEqual([
      ['download', 'denied', b.id],
      ['download', 'ok', a.id],
    ]);
  });
});
