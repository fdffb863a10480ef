import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http-routes.ts';
import { loadFileTypeFromBuffer } from '../../lib/heavy-libraries.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findUserById, updateUser } from './accounts.repository.ts';

const extensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** POST /upload/avatar (multipart, field `image`): the type is read from the bytes, never the name. */
export function registerAvatarRoute(app: FastifyInstance, deps: AppDeps) {
  registerRoute(app, deps, routes.uploadAvatar, async ({ files }, ctx) => {
    const bytes = files[0]?.bytes;
    if (!bytes) throw new ActionError('E400', 'image');
    const fileTypeFromBuffer = await loadFileTypeFromBuffer();
    const type = await fileTypeFromBuffer(bytes);
    const ext = type ? extensions[type.mime] : undefined;
    if (!ext) throw new ActionError('E415', 'image');

    const user = await findUserById(deps.db, ctx.user.id);
    if (!user) throw new ActionError('E401');
    const userImg = await deps.storage.put('avatars', `${user.ref}-${newRef()}.${ext}`, bytes);
    await updateUser(deps.db, user.id, { img: userImg, updated_at: deps.now().toISOString() });
    if (user.img) await deps.storage.remove(user.img);
    return { status: '200', userImg };
  });
}
