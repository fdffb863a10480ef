import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCast } from '../../test/chat-fixtures.ts';
import { type FormFile, multipartBody } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';
import { connect, type TestSocket, wsUrlOf } from '../../test/ws-client.ts';
import { smallJpeg, smallPdf } from '../clinical/test/clinical-fixtures.ts';

// issue 17: either party attaches an image or a PDF to the conversation; the bytes are checked,
// stored privately and served only to the conversation's parties (and team sessions with
// contactsChat); the message carries the attachment over the wire and live over the channel.
let cast: Awaited<ReturnType<typeof chatCast>>;
let chatRef: string;
let otherChatRef: string;
let jpeg: Buffer;
let pdf: Buffer;
const open: TestSocket[] = [];
const notFound = { status: '404', code: 'E404', message: 'No encontramos la conversación.' };

const chatFolder = () => path.join(t.deps.config.dataDir, 'private', 'chat');
const storedFiles = (): string[] =>
  fs.existsSync(chatFolder()) ? fs.readdirSync(chatFolder(), { recursive: true, encoding: 'utf8' }) : [];
const storedCount = () => storedFiles().filter((f) => /\.(webp|pdf)$/.test(f)).length;

function attach(token: string | null, ref: string, file?: Omit<FormFile, 'field'>, text?: string) {
  const { payload, headers } = multipartBody(
    { ref, ...(text === undefined ? {} : { text }) },
    file ? [{ field: 'file', ...file }] : [],
  );
  return t.app.inject({
    method: 'POST',
    url: '/upload/chat-attachment',
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}
const fetchFile = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const countMessages = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const t = useTestApp();
beforeAll(async () => {
  cast = await chatCast(t);
  chatRef = (await t.call('open-chat', { ref: cast.bookingRef }, cast.client.token)).body.chat.ref;
  otherChatRef = (await t.call('open-chat', { ref: cast.otherBookingRef }, cast.otherClient.token)).body.chat
    .ref;
  jpeg = await smallJpeg();
  pdf = await smallPdf();
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

describe('a party attaches a file', () => {
  it('sends a PDF with a caption: stored, carried by the message, heard live by the other side', async () => {
    const url = await wsUrlOf(t.app);
    const proSocket = await connect(url, cast.pro.token);
    open.push(proSocket);

    const res = await attach(
      cast.client.token,
      chatRef,
      { name: 'Análisis.pdf', type: 'application/pdf', bytes: pdf },
      '  Te paso los estudios  ',
    );
    expect(res.statusCode).toBe(200);
    const message = res.json().message;
    expect(message).toMatchObject({
      chat: chatRef,
      senderRole: 'client',
      text: 'Te paso los estudios',
      attachment: { kind: 'pdf', name: 'Análisis.pdf', size: pdf.length, url: `/chat-files/${message.id}` },
    });

    const heard = await proSocket.next('chat.message', (f) => f.message.id === message.id);
    expect(heard.message.attachment).toEqual(message.attachment);

    // History and the other party's download carry the same file, byte for byte.
    const history = await t.call('find-chat-messages', { ref: chatRef }, cast.pro.token);
    expect(history.body.messages.at(-1).attachment).toEqual(message.attachment);
    const file = await fetchFile(message.attachment.url, cast.pro.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    // A team session with contactsChat reads it too.
    expect((await fetchFile(message.attachment.url, cast.memberWith)).statusCode).toBe(200);
  });

  it('re-encodes an image as webp without its metadata, and the professional may send one too', async () => {
    const res = await attach(cast.pro.token, chatRef, {
      name: 'ejercicios.jpg',
      type: 'image/jpeg',
      bytes: jpeg,
    });
    expect(res.statusCode).toBe(200);
    const { attachment, text } = res.json().message;
    expect(text).toBe('');
    expect(attachment).toMatchObject({ kind: 'image', name: 'ejercicios.webp' });
    const file = await fetchFile(attachment.url, cast.client.token);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(attachment.size).toBe(file.rawPayload.length);
  });

  it('keeps the files out of the public folder', async () => {
    const [stored] = storedFiles().filter((f) => f.endsWith('.pdf'));
    expect(stored).toBeDefined();
    const guess = await t.app.inject({ method: 'GET', url: `/files/${stored}` });
    expect(guess.statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('nobody outside the conversation may attach: the same 404 as an unknown conversation', async () => {
    const before = [await countMessages(), storedCount()];
    const { stranger, otherPro, otherClient, memberWithout } = cast;
    for (const token of [stranger.token, otherPro.token, otherClient.token, memberWithout]) {
      const res = await attach(token, chatRef, { name: 'a.pdf', type: 'application/pdf', bytes: pdf });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject(notFound);
    }
    // A party of one conversation cannot post into another one by its ref.
    const foreign = await attach(cast.client.token, otherChatRef, {
      name: 'a.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    expect(foreign.json()).toMatchObject(notFound);
    expect(
      (await attach(null, chatRef, { name: 'a.pdf', type: 'application/pdf', bytes: pdf })).statusCode,
    ).toBe(401);
    expect([await countMessages(), storedCount()]).toEqual(before);
  });

  it('nobody outside the conversation may download: 404, like a file that does not exist', async () => {
    const sent = await attach(cast.client.token, chatRef, {
      name: 'b.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    const { url } = sent.json().message.attachment;
    const { stranger, otherPro, otherClient, memberWithout } = cast;
    for (const token of [stranger.token, otherPro.token, otherClient.token, memberWithout]) {
      const res = await fetchFile(url, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'E404', message: 'No encontramos el archivo.' });
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // A text-only message has no file behind its ref.
    const plain = await t.call('send-chat-message', { ref: chatRef, text: 'Gracias' }, cast.pro.token);
    expect(plain.body.message.attachment).toBeNull();
    expect((await fetchFile(`/chat-files/${plain.body.message.id}`, cast.pro.token)).statusCode).toBe(404);
  });

  it('refuses a wrong type, an oversize file, a missing file and an unreadable image with Spanish 400s', async () => {
    const before = [await countMessages(), storedCount()];
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]);
    // A JPEG header followed by garbage: the type says image, the decoder cannot read it.
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(400, 7)]);
    const refused = [
      {
        file: { name: 'foto.pdf', type: 'application/pdf', bytes: html },
        body: { code: 'E415', message: 'El archivo debe ser una imagen JPG, PNG o WEBP, o un PDF.' },
      },
      {
        file: { name: 'grande.pdf', type: 'application/pdf', bytes: big },
        body: { code: 'E413', message: 'El archivo no puede superar los 10 MB.' },
      },
      {
        file: { name: 'rota.jpg', type: 'image/jpeg', bytes: broken },
        body: { code: 'E7', message: 'No pudimos leer la imagen.' },
      },
    ];
    for (const { file, body } of refused) {
      const res = await attach(cast.client.token, chatRef, file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json()).toMatchObject(body);
    }

    const none = await attach(cast.client.token, chatRef);
    expect(none.json()).toMatchObject({ code: 'E400', message: 'Debes elegir un archivo.' });

    const long = await attach(
      cast.client.token,
      chatRef,
      { name: 'a.pdf', type: 'application/pdf', bytes: pdf },
      'x'.repeat(2001),
    );
    expect(long.json()).toMatchObject({
      code: 'E3',
      message: 'El mensaje puede tener hasta 2000 caracteres.',
    });

    expect([await countMessages(), storedCount()]).toEqual(before);
  });
});
