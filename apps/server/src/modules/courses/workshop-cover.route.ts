import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { readUpload } from '../../http/upload-form.ts';
import { registerRoute } from '../../http-routes.ts';
import { isPublicImage, reencodePublicImage } from '../../lib/public-image.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { updateWorkshop } from './courses.repository.ts';
import { ownWorkshop } from './workshop-editor.service.ts';

/**
 * POST /upload/workshop-cover (multipart: field `ref` = the workshop's ref, file `image`): the
 * course's cover on its page and cards. Owner only; a foreign ref answers like an unknown one.
 */
export function registerWorkshopCoverRoute(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, routes.uploadWorkshopCover, async ({ fields, files }, ctx) => {
    const workshop = await ownWorkshop(deps.db, ctx.user.id, fields.ref).catch(() => null);
    if (!workshop) throw new ActionError('E7');
    const upload = files[0];
    if (!upload) throw new ActionError('E400', 'image');
    const bytes = await readUpload(upload);
    if (!(await isPublicImage(bytes))) throw new ActionError('E415');
    const webp = await reencodePublicImage(bytes);
    if (!webp) throw new ActionError('E415');
    const cover = await deps.storage.put('workshops', `${workshop.ref}-${newRef()}.webp`, webp);
    await updateWorkshop(deps.db, workshop.id, { cover, updated_at: deps.now().toISOString() });
    return { status: '200', cover };
  });
}
