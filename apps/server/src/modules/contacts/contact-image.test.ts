import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';
import { registeredUser } from '../../test/user-fixtures.ts';

let jpeg: Buffer;

const t = useTestApp();
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3db8c3' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
    .toBuffer();
});

let seq = 0;
const professional = () => registeredUser(t);

async function addContact(token: string): Promise<string> {
  seq += 1;
  const res = await t.call(
    'add-contact',
    {
      userFirstName: 'Sofía',
      userLastName: 'Martínez',
      userPhone: '+34 612 34 56 78',
      userMail: `foto${seq}@example.com`,
      userCountry: 5,
      userState: (await t.deps.reference.listStates(5))[0]?.id,
    },
    token,
  );
  expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
  return res.body.ref as string;
}

function multipart(ref: string, file: { name: string; bytes: Buffer; type: string }) {
  return multipartBody({ ref }, [{ field: 'image', ...file }]);
}

const auth = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});

function upload(
  token: string | null,
  ref: string,
  file = { name: 'cara.jpg', bytes: jpeg, type: 'image/jpeg' },
) {
  const body = multipart(ref, file);
  return t.app.inject({
    method: 'POST',
    url: '/upload/contact-image',
    payload: body.payload,
    headers: { ...body.headers, ...auth(token) },
  });
}

const fetchImage = (token: string | null, ref: string) =>
  t.app.inject({ method: 'GET', url: `/files/contact-image/${ref}`, headers: auth(token) });

async function imgOf(ref: string) {
  const row = await t.deps.db
    .selectFrom('contacts')
    .select('img')
    .where('ref', '=', ref)
    .executeTakeFirstOrThrow();
  return row.img;
}

async function auditOf(ownerId: number) {
  return t.deps.db
    .selectFrom('audit_events')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('area', '=', 'contact')
    .where('action', '=', 'upload')
    .execute();
}

describe('contact image (spec 001 §2.2 userImg)', () => {
  it('stores a private webp without metadata, links it in the finds and serves it to the owner', async () => {
    const prof = await professional();
    const ref = await addContact(prof.token);
    const before = await t.call('find-user-info-contact', { ref }, prof.token);
    expect(before.body.userImg).toBeNull();

    const res = await upload(prof.token, ref);
    expect(res.statusCode, res.body).toBe(200);
    const link = `/files/contact-image/${ref}`;
    expect(res.json()).toEqual({ status: '200', userImg: link });

    const name = await imgOf(ref);
    expect(name).toMatch(/^[A-Za-z0-9_-]+\.webp$/);
    const stored = path.join(t.deps.config.dataDir, 'private', 'contact-images', String(prof.id), name ?? '');
    const bytes = await fs.readFile(stored);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-camera'))).toBe(false);
    // Not reachable through the public static folder.
    expect((await t.app.inject({ method: 'GET', url: `/files/${name}` })).statusCode).toBe(404);

    const info = await t.call('find-user-info-contact', { ref }, prof.token);
    expect(info.body.userImg).toBe(link);
    const list = await t.call('find-contacts', {}, prof.token);
    const entry = (list.body.contacts as { idSeller: string; imgSeller: string | null }[]).find(
      (c) => c.idSeller === ref,
    );
    expect(entry?.imgSeller).toBe(link);

    const served = await fetchImage(prof.token, ref);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('private');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect((await auditOf(prof.id)).map((e) => e.outcome)).toEqual(['ok']);

    // A new picture replaces the old file.
    expect((await upload(prof.token, ref)).statusCode).toBe(200);
    await expect(fs.access(stored)).rejects.toThrow();
  });

  it('answers 404 to another professional, 401 to a logged-out upload, and changes nothing', async () => {
    const a = await professional();
    const b = await professional();
    const ref = await addContact(a.token);
    expect((await upload(a.token, ref)).statusCode).toBe(200);
    const name = await imgOf(ref);

    const foreign = await upload(b.token, ref);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: '404' });
    // The policy answers a missing session like any action does.
    expect((await upload(null, ref)).json()).toMatchObject({ status: '401', code: 'E401' });
    expect((await upload(b.token, 'unknownContactRef1234')).statusCode).toBe(404);
    expect(await imgOf(ref)).toBe(name);
    expect((await auditOf(b.id)).map((e) => e.outcome)).toEqual(['denied', 'denied']);

    expect((await fetchImage(b.token, ref)).statusCode).toBe(404);
    expect((await fetchImage(null, ref)).statusCode).toBe(404);
    const client = await t.registerUser(2);
    expect((await fetchImage(client.token as string, ref)).statusCode).toBe(404);
  });

  it('refuses a text file renamed .jpg with 415 and writes nothing', async () => {
    const prof = await professional();
    const ref = await addContact(prof.token);
    const res = await upload(prof.token, ref, {
      name: 'foto.jpg',
      bytes: Buffer.from('esto no es una imagen, es texto plano'),
      type: 'image/jpeg',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      status: '415',
      code: 'E415',
      message: 'La imagen debe ser JPG, PNG o WEBP.',
      field: 'image',
    });
    expect(await imgOf(ref)).toBeNull();
    expect((await fetchImage(prof.token, ref)).statusCode).toBe(404);
  });
});
