import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { AppDeps } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { authenticate } from '../../rpc.ts';
import { writeAuditEvent } from '../audit/audit.service.ts';
import { updateContactRow } from './contacts.repository.ts';
import { findOwnedContact } from './contacts.service.ts';

/** spec 001 §2.2 userImg: the contact's picture. */
export const contactImageLimits = { maxBytes: 5 * 1024 * 1024, side: 512 } as const;
export const contactImagePrefix = '/files/contact-image/';
const allowed = new Set(['image/jpeg', 'image/png', 'image/webp']);
const refPattern = /^[A-Za-z0-9_-]{8,64}$/;
const namePattern = /^[A-Za-z0-9_-]{8,64}\.webp$/;

/** The link of find-contacts / find-user-info-contact: null while the contact has no picture. */
export function contactImageLink(contact: { ref: string; img: string | null }): string | null {
  return contact.img ? `${contactImagePrefix}${contact.ref}` : null;
}

/**
 * Contact photos are personal data (Ley 25.326): they live outside the public /files/ folder,
 * one folder per owning professional, and are served only to that professional.
 */
function imagePath(deps: AppDeps, ownerId: number, name: string): string {
  if (!Number.isInteger(ownerId) || !namePattern.test(name)) throw new Error('Bad contact image key');
  return path.join(deps.config.dataDir, 'private', 'contact-images', String(ownerId), name);
}

type User = NonNullable<Awaited<ReturnType<typeof authenticate>>>['user'];

/** Same rule as the contact's data: a professional, and contactsInfo in a corporate session. */
function mayUse(user: User): boolean {
  return user.userType === 1 && (user.permissions === null || user.permissions.contactsInfo === true);
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({ status: '404', code: 'E404', message: 'No encontramos el consultante.' });
const badRequest = (reply: FastifyReply, message: string) =>
  reply.code(400).send({ status: '400', code: 'E400', message, field: 'image' });

async function receive(request: FastifyRequest): Promise<{ ref: string; bytes: Buffer | null } | 'E413'> {
  let ref = '';
  let bytes: Buffer | null = null;
  try {
    const parts = request.parts({ limits: { files: 1, fileSize: contactImageLimits.maxBytes, fields: 5 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image' || bytes) {
          part.file.resume();
          continue;
        }
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'ref') {
        ref = String(part.value ?? '');
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return 'E413';
    throw error;
  }
  return { ref, bytes };
}

export function registerContactImageRoute(app: FastifyInstance, deps: AppDeps): void {
  /** POST /upload/contact-image (multipart: `ref`, then the file `image`). */
  app.post('/upload/contact-image', async (request, reply) => {
    if (!request.isMultipart()) return badRequest(reply, 'Debes elegir una imagen.');
    const session = await authenticate(deps, request);
    if (!session || !mayUse(session.user)) return notFound(reply);
    const user = session.user;
    const received = await receive(request).catch(() => null);
    const event = { actorId: user.actorId, ownerId: user.id, area: 'contact', action: 'upload' as const };
    const ref = received && received !== 'E413' ? received.ref : '';
    const contact = refPattern.test(ref) ? await findOwnedContact(deps.db, user.id, ref) : null;
    if (!contact) {
      await writeAuditEvent(deps.db, {
        ...event,
        contactId: null,
        entityRef: ref.slice(0, 64) || null,
        outcome: 'denied',
        ip: request.ip,
        at: deps.now(),
      });
      return notFound(reply);
    }
    if (received === 'E413') return badRequest(reply, 'La imagen no puede superar los 5 MB.');
    if (!received?.bytes || received.bytes.length === 0) return badRequest(reply, 'Debes elegir una imagen.');
    const type = await fileTypeFromBuffer(received.bytes);
    if (!type || !allowed.has(type.mime)) return badRequest(reply, 'La imagen debe ser JPG, PNG o WEBP.');
    // .rotate() applies the EXIF orientation; sharp drops every other metadata (GPS, camera) on output.
    const webp = await sharp(received.bytes)
      .rotate()
      .resize(contactImageLimits.side, contactImageLimits.side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
      .catch(() => null);
    if (!webp) return badRequest(reply, 'No pudimos leer la imagen.');

    const name = `${newRef()}.webp`;
    const file = imagePath(deps, user.id, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, webp);
    await updateContactRow(deps.db, contact.id, { img: name, updated_at: deps.now().toISOString() });
    if (contact.img && namePattern.test(contact.img)) {
      await fs.rm(imagePath(deps, user.id, contact.img), { force: true });
    }
    await writeAuditEvent(deps.db, {
      ...event,
      contactId: contact.id,
      entityRef: contact.ref,
      outcome: 'ok',
      ip: request.ip,
      at: deps.now(),
    });
    return reply.send({ status: '200', userImg: contactImageLink({ ref: contact.ref, img: name }) });
  });

  /** GET /files/contact-image/:contactRef with the Bearer header; anything not the owner's is 404. */
  app.get<{ Params: { contactRef: string } }>(`${contactImagePrefix}:contactRef`, async (request, reply) => {
    const { contactRef } = request.params;
    if (!refPattern.test(contactRef)) return notFound(reply);
    const session = await authenticate(deps, request);
    if (!session || !mayUse(session.user)) return notFound(reply);
    const contact = await findOwnedContact(deps.db, session.user.id, contactRef);
    if (!contact?.img || !namePattern.test(contact.img)) return notFound(reply);
    const bytes = await fs.readFile(imagePath(deps, session.user.id, contact.img)).catch(() => null);
    if (!bytes) return notFound(reply);
    return reply
      .header('Content-Type', 'image/webp')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
  });
}
