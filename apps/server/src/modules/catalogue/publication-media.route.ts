import { publicationLimits, routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { readUpload } from '../../http/upload-form.ts';
import { registerRoute } from '../../http-routes.ts';
import { isPublicImage, reencodePublicImage } from '../../lib/public-image.ts';
import { newRef } from '../../lib/random.ts';
import { ActionError } from '../../rpc-errors.ts';
import { countImages, findOwnedPublication, insertImage, nextImagePosition } from './catalogue.repository.ts';

/**
 * POST /upload/publication-image (multipart: field `ref` = the publication's ref, file `image`).
 * Only the owner may add images; a foreign ref answers like an unknown one (E7).
 */
export function registerPublicationMedia(app: FastifyInstance, deps: AppDeps): void {
  registerRoute(app, deps, routes.uploadPublicationImage, async ({ fields, files }, ctx) => {
    const publication = await findOwnedPublication(deps.db, fields.ref, ctx.user.id);
    if (!publication) throw new ActionError('E7');
    const upload = files[0];
    if (!upload) throw new ActionError('E400', 'image');
    const bytes = await readUpload(upload);

    if (!(await isPublicImage(bytes))) throw new ActionError('E415');
    if ((await countImages(deps.db, publication.id)) >= publicationLimits.maxImages) {
      throw new ActionError('E9');
    }
    const webp = await reencodePublicImage(bytes);
    if (!webp) throw new ActionError('E415');

    const imageRef = newRef();
    const link = await deps.storage.put('publications', `${publication.ref}-${imageRef}.webp`, webp);
    await insertImage(deps.db, {
      ref: imageRef,
      publication_id: publication.id,
      path: link,
      position: await nextImagePosition(deps.db, publication.id),
      created_at: deps.now().toISOString(),
    });
    return { status: '200', image: { id: imageRef, link } };
  });
}
