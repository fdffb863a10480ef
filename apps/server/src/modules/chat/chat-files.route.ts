import fs from 'node:fs/promises';
import path from 'node:path';
import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { readUpload } from '../../http/upload-form.ts';
import { registerRoute } from '../../http-routes.ts';
import { loadFileTypeFromBuffer, loadSharp } from '../../lib/heavy-libraries.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findMessageByRef } from './chat.repository.ts';
import { chatMembership, sendChatMessage } from './chat.service.ts';

const images = new Set(['image/jpeg', 'image/png', 'image/webp']);
const keyPattern = /^\d+\/[A-Za-z0-9_-]{8,64}\.(webp|pdf)$/;

/**
 * Chat files are private correspondence between a professional and a client: they live outside
 * the public /files/ folder, one folder per conversation, and are served only by /chat-files/.
 */
function chatFilePath(deps: AppDeps, key: string): string {
  if (!keyPattern.test(key)) throw new Error('Bad chat file key');
  return path.join(deps.config.dataDir, 'private', 'chat', key);
}

/** What the bytes are (never the name or the browser's type) and what is stored: webp or the PDF. */
async function checkedFile(bytes: Buffer): Promise<{ kind: 'image' | 'pdf'; mime: string; bytes: Buffer }> {
  const fileTypeFromBuffer = await loadFileTypeFromBuffer();
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === 'application/pdf') return { kind: 'pdf', mime: 'application/pdf', bytes };
  if (!type || !images.has(type.mime)) throw new ActionError('E415');
  const sharp = await loadSharp();
  // Re-encoded like every uploaded image: turned upright, metadata (GPS, camera) dropped.
  const webp = await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer()
    .catch(() => null);
  if (!webp) throw new ActionError('E7');
  return { kind: 'image', mime: 'image/webp', bytes: webp };
}

export function registerChatFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  /** POST /upload/chat-attachment (multipart: `ref` of the conversation, `text`, then `file`). */
  registerRoute(app, deps, routes.uploadChatAttachment, async ({ fields, files }, { user }) => {
    // The conversation first: a stranger learns nothing about the file checks either.
    const m = await chatMembership(deps, user, fields.ref);
    const upload = files[0];
    if (!upload || upload.size === 0) throw new ActionError('E400');
    const file = await checkedFile(await readUpload(upload));
    const ref = newRef();
    const key = `${m.conversationId}/${ref}.${file.kind === 'pdf' ? 'pdf' : 'webp'}`;
    const full = chatFilePath(deps, key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    await fs.writeFile(full, file.bytes);
    const given =
      [...upload.name]
        .map((c) => (c < ' ' || c === '/' || c === '\\' ? '_' : c))
        .join('')
        .slice(0, 200) || 'archivo';
    // An image is stored as webp: its name says so, so a download opens with the right program.
    const name = file.kind === 'image' ? `${given.replace(/\.[^.]*$/, '')}.webp` : given;
    try {
      const message = await sendChatMessage(deps, user, {
        ref: fields.ref,
        text: fields.text,
        attachment: { kind: file.kind, name, size: file.bytes.length, mime: file.mime, key },
      });
      return { status: '200', message };
    } catch (error) {
      // No message, no file (a refused send, e.g. the rate limit, leaves nothing behind).
      await fs.rm(full, { force: true });
      throw error;
    }
  });

  /**
   * GET /chat-files/{message ref} with the Bearer header. Whoever is not a party of the
   * message's conversation gets the same 404 as a message that does not exist.
   */
  registerRoute(app, deps, routes.chatFile, async ({ params }, { user, reply }) => {
    const row = await findMessageByRef(deps.db, params.ref);
    if (!row?.attachment_key || !row.attachment_mime) throw new ActionError('E404');
    await chatMembership(deps, user, row.conversationRef).catch(() => {
      throw new ActionError('E404');
    });
    const bytes = await fs.readFile(chatFilePath(deps, row.attachment_key)).catch(() => null);
    if (!bytes) throw new ActionError('E404');
    const name = row.attachment_name ?? 'archivo';
    const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    return reply
      .header('Content-Type', row.attachment_mime)
      .header(
        'Content-Disposition',
        `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      .send(bytes);
  });
}
