import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePublication, makeUser } from '../test/booking-fixtures.ts';
import { chatCast } from '../test/chat-fixtures.ts';
import { makeContact } from '../test/contact-fixtures.ts';
import { multipartBody } from '../test/multipart.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

/**
 * issue 28: a photo taken with a phone carries where it was taken. Every picture route stores a
 * re-encoded copy without EXIF (GPS, camera): one table, one JPEG with GPS tags, nothing back.
 */
let t: TestApp;
let pro: { id: number; token: string };
let gpsJpeg: Buffer;
let chat: { ref: string; token: string };

beforeAll(async () => {
  t = await startTestApp();
  pro = await makeUser(t, { userType: 1, countryId: 5 });
  // Buenos Aires, 34°36′S 58°22′W, as a phone writes it into the GPS block (IFD3).
  gpsJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'CamaraSecreta', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '34/1 36/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '58/1 22/1 0/1',
      },
    })
    .toBuffer();
  const cast = await chatCast(t);
  const opened = await t.call('open-chat', { ref: cast.bookingRef }, cast.client.token);
  chat = { ref: opened.body.chat.ref, token: cast.client.token };
});
afterAll(() => t.close());

async function post(url: string, token: string, fields: Record<string, string>, field: string) {
  const { payload, headers } = multipartBody(fields, [
    { field, name: 'foto.jpg', type: 'image/jpeg', bytes: gpsJpeg },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function stored(url: string, token: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Each picture route: upload the JPEG, answer the stored copy's bytes. */
const routes: [string, () => Promise<Buffer>][] = [
  ['avatar', async () => stored((await post('/upload/avatar', pro.token, {}, 'image')).userImg, pro.token)],
  [
    'profile logo',
    async () => {
      const answer = await post('/upload/profile-image', pro.token, { kind: 'logo-square' }, 'image');
      return stored(answer.img, pro.token);
    },
  ],
  [
    'publication image',
    async () => {
      const publication = await makePublication(t, pro.id);
      const answer = await post('/upload/publication-image', pro.token, { ref: publication.ref }, 'image');
      return stored(answer.image.link, pro.token);
    },
  ],
  [
    'workshop cover',
    async () => {
      const workshop = await t.call(
        'save-workshop',
        { title: 'Curso con portada', description: 'Un curso.', payCash: 1, payCard: 1, limitTime: 0 },
        pro.token,
      );
      const answer = await post('/upload/workshop-cover', pro.token, { ref: workshop.body.ref }, 'image');
      return stored(answer.cover, pro.token);
    },
  ],
  [
    'contact image',
    async () => {
      const contact = await makeContact(t, pro.id);
      const answer = await post('/upload/contact-image', pro.token, { ref: contact.ref }, 'image');
      return stored(answer.userImg, pro.token);
    },
  ],
  [
    'chat image',
    async () => {
      const answer = await post('/upload/chat-attachment', chat.token, { ref: chat.ref }, 'file');
      return stored(answer.message.attachment.url, chat.token);
    },
  ],
  [
    'certificate image',
    async () => {
      const answer = await post('/upload/user-certificate', pro.token, { title: 'Matrícula' }, 'file');
      return stored(answer.certificate.link, pro.token);
    },
  ],
];

describe('pictures lose their metadata (issue 28)', () => {
  it('the JPEG sent carries GPS tags', async () => {
    const exif = (await sharp(gpsJpeg).metadata()).exif;
    // The GPS block's pointer (tag 0x8825, little-endian in sharp's output) is in IFD0.
    expect(exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
  });

  it.each(routes)('%s: the stored copy has no EXIF, XMP or GPS', async (_name, upload) => {
    const bytes = await upload();
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('CamaraSecreta'))).toBe(false);
  });
});
