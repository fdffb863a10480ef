import fs from 'node:fs/promises';
import path from 'node:path';
import { contactImageLimits, routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { readUpload } from '../../http/upload-form.ts';
import { registerRoute } from '../../http-routes.ts';
import { loadFileTypeFromBuffer, loadSharp } from '../../lib/heavy-libraries.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { writeAuditEvent } from '../audit/audit.service.ts';
import { updateContactRow } from './contacts.repository.ts';
import { findOwnedContact } from './contacts.service.ts';

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

export function registerContactImageRoute(app: FastifyInstance, deps: AppDeps): void {
  /** POST /upload/contact-image (multipart: `ref`, then the file `image`). */
  registerRoute(app, deps, routes.uploadContactImage, async ({ fields, files }, { user, ip }) => {
    const event = { actorId: user.actorId, ownerId: user.id, area: 'contact', action: 'upload' as const, ip };
    const ref = fields.ref;
    const contact = refPattern.test(ref) ? await findOwnedContact(deps.db, user.id, ref) : null;
    if (!contact) {
      await writeAuditEvent(deps.db, {
        ...event,
        contactId: null,
        entityRef: ref.slice(0, 64) || null,
        outcome: 'denied',
        at: deps.now(),
      });
      throw new ActionError('E404');
    }
    const upload = files[0];
    if (!upload || upload.size === 0) throw new ActionError('E400');
    const bytes = await readUpload(upload);
    const [fileTypeFromBuffer, sharp] = await Promise.all([loadFileTypeFromBuffer(), loadSharp()]);
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !allowed.has(type.mime)) throw new ActionError('E415');
    // .rotate() applies the EXIF orientation; sharp drops every other metadata (GPS, camera) on output.
    const webp = await sharp(bytes)
      .rotate()
      .resize(contactImageLimits.side, contactImageLimits.side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
      .catch(() => null);
    if (!webp) throw new ActionError('E7');

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
      at: deps.now(),
    });
    return { status: '200', userImg: contactImageLink({ ref: contact.ref, img: name }) };
  });

  /** GET /files/contact-image/:contactRef with the Bearer header; anything not the owner's is 404. */
  registerRoute(app, deps, routes.contactImage, async ({ params }, { user, reply }) => {
    const contact = await findOwnedContact(deps.db, user.id, params.contactRef);
    if (!contact?.img || !namePattern.test(contact.img)) throw new ActionError('E404');
    const bytes = await fs.readFile(imagePath(deps, user.id, contact.img)).catch(() => null);
    if (!bytes) throw new ActionError('E404');
    return reply
      .header('Content-Type', 'image/webp')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
  });
}
