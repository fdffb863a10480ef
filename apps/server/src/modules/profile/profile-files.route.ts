import fs from 'node:fs/promises';
import path from 'node:path';
import { type ProfileImageKind, routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { readUpload } from '../../http/upload-form.ts';
import { registerRoute } from '../../http-routes.ts';
import type { SessionUser } from '../../kernel/session.ts';
import { loadFileTypeFromBuffer } from '../../lib/heavy-libraries.ts';
import { isPublicImage, reencodePublicImage } from '../../lib/public-image.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findProfile, saveProfile } from './profile.repository.ts';
import { insidePrivate, privateSignRoot } from './profile.service.ts';

export const signRoute = '/profile-files/sign';

/**
 * A team member of a corporate session acts on the agenda and contacts, not on the owner's
 * public face (the same rule as the profile's text editors).
 */
function requireOwner(user: SessionUser) {
  if (user.userType !== 1 || user.permissions !== null) throw new ActionError('E403');
}

const columnOf = { 'logo-square': 'logo_square', 'logo-rectangle': 'logo_rectangle' } as const;

export async function removeProfileFile(
  deps: AppDeps,
  userId: number,
  kind: ProfileImageKind | 'certificate',
) {
  const row = await findProfile(deps.db, userId);
  if (!row) return;
  const now = deps.now().toISOString();
  if (kind === 'sign') {
    if (!row.sign_key) return;
    await saveProfile(deps.db, userId, { sign_key: null }, now);
    await fs.rm(insidePrivate(privateSignRoot(deps), row.sign_key), { force: true });
  } else if (kind === 'certificate') {
    if (!row.certificate_path) return;
    await saveProfile(
      deps.db,
      userId,
      { certificate_path: null, certificate_kind: null, certificate_title: null, certificate_at: null },
      now,
    );
    await deps.storage.remove(row.certificate_path);
  } else {
    const previous = row[columnOf[kind]];
    if (!previous) return;
    await saveProfile(deps.db, userId, { [columnOf[kind]]: null }, now);
    await deps.storage.remove(previous);
  }
}

export function registerProfileFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  /**
   * POST /upload/profile-image (multipart: `kind`, file `image`). JPG, PNG or WEBP by the bytes;
   * what is stored is a webp re-encoded without the camera's metadata. The row is written first
   * and the old file removed after, so a failure never leaves the profile pointing at nothing.
   */
  registerRoute(app, deps, routes.uploadProfileImage, async ({ fields, files }, { user }) => {
    requireOwner(user);
    const upload = files[0];
    if (!upload) throw new ActionError('E400', 'image');
    const bytes = await readUpload(upload);
    if (!(await isPublicImage(bytes))) throw new ActionError('E415');
    const webp = await reencodePublicImage(bytes);
    if (!webp) throw new ActionError('E7');
    const { kind } = fields;
    const before = await findProfile(deps.db, user.id);
    const now = deps.now().toISOString();
    if (kind === 'sign') {
      const key = `${user.id}/${newRef()}.webp`;
      const full = insidePrivate(privateSignRoot(deps), key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, webp);
      await saveProfile(deps.db, user.id, { sign_key: key }, now);
      if (before?.sign_key)
        await fs.rm(insidePrivate(privateSignRoot(deps), before.sign_key), { force: true });
      return { status: '200', kind, img: signRoute };
    }
    const column = columnOf[kind];
    const img = await deps.storage.put('profile', `${user.ref}-${kind}-${newRef()}.webp`, webp);
    await saveProfile(deps.db, user.id, { [column]: img }, now);
    const previous = before?.[column];
    if (previous) await deps.storage.remove(previous);
    return { status: '200', kind, img };
  });

  /** GET /profile-files/sign: the caller's own signature; anyone else's is unreachable by design. */
  registerRoute(app, deps, routes.profileSign, async (_input, { user, reply }) => {
    const row = await findProfile(deps.db, user.id);
    const bytes = row?.sign_key
      ? await fs.readFile(insidePrivate(privateSignRoot(deps), row.sign_key)).catch(() => null)
      : null;
    if (!bytes) throw new ActionError('E404');
    return reply
      .header('Content-Type', 'image/webp')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(bytes);
  });

  /**
   * POST /upload/user-certificate (multipart: `title`, file `file`): an image is re-encoded like
   * the logos; a PDF is kept as sent (there is nothing to re-encode it with), served as a file.
   */
  registerRoute(app, deps, routes.uploadUserCertificate, async ({ fields, files }, { user }) => {
    requireOwner(user);
    const upload = files[0];
    if (!upload) throw new ActionError('E400', 'file');
    const bytes = await readUpload(upload);
    const fileTypeFromBuffer = await loadFileTypeFromBuffer();
    const type = await fileTypeFromBuffer(bytes);
    let stored: { bytes: Buffer; ext: string; kind: 'image' | 'pdf' };
    if (type?.mime === 'application/pdf') {
      stored = { bytes, ext: 'pdf', kind: 'pdf' };
    } else {
      if (!(await isPublicImage(bytes))) throw new ActionError('E415');
      const webp = await reencodePublicImage(bytes);
      if (!webp) throw new ActionError('E415');
      stored = { bytes: webp, ext: 'webp', kind: 'image' };
    }
    const before = await findProfile(deps.db, user.id);
    const link = await deps.storage.put(
      'certificates',
      `${user.ref}-${newRef()}.${stored.ext}`,
      stored.bytes,
    );
    const now = deps.now().toISOString();
    await saveProfile(
      deps.db,
      user.id,
      {
        certificate_path: link,
        certificate_kind: stored.kind,
        certificate_title: fields.title,
        certificate_at: now,
      },
      now,
    );
    if (before?.certificate_path) await deps.storage.remove(before.certificate_path);
    return { status: '200', certificate: { link, kind: stored.kind, title: fields.title } };
  });
}
