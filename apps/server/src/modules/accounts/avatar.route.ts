import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { readUpload } from '../../http/upload-form.ts';
import { registerRoute } from '../../http-routes.ts';
import { isPublicImage, reencodePublicImage } from '../../lib/public-image.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findUserById, updateUser } from './accounts.repository.ts';

/**
 * POST /upload/avatar (multipart, field `image`): JPG, PNG or WEBP by the bytes, never the name,
 * stored re-encoded as webp like every public picture (issue 28: the original kept its GPS tags).
 */
export function registerAvatarRoute(app: FastifyInstance, deps: AppDeps) {
  registerRoute(app, deps, routes.uploadAvatar, async ({ files }, ctx) => {
    const upload = files[0];
    if (!upload) throw new ActionError('E400', 'image');
    const bytes = await readUpload(upload);
    if (!(await isPublicImage(bytes))) throw new ActionError('E415', 'image');
    const webp = await reencodePublicImage(bytes);
    if (!webp) throw new ActionError('E415', 'image');

    const user = await findUserById(deps.db, ctx.user.id);
    if (!user) throw new ActionError('E401');
    const userImg = await deps.storage.put('avatars', `${user.ref}-${newRef()}.webp`, webp);
    await updateUser(deps.db, user.id, { img: userImg, updated_at: deps.now().toISOString() });
    if (user.img) await deps.storage.remove(user.img);
    return { status: '200', userImg };
  });
}
