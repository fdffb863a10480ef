import { type ActionDef, publicationImageErrors, publicationLimits } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { isPublicImage, receiveRefAndImage, reencodePublicImage } from '../../lib/public-image.ts';
import { newRef } from '../../lib/random.ts';
import { authenticate, sendError } from '../../rpc.ts';
import { countImages, findOwnedPublication, insertImage, nextImagePosition } from './catalogue.repository.ts';

/** The route is not an action; it answers with its own small catalogue. */
const def = { errors: publicationImageErrors } as unknown as ActionDef;

/**
 * POST /upload/publication-image (multipart: field `ref` = the publication's ref, file `image`).
 * Only the owner may add images; a foreign ref answers like an unknown one (E7).
 */
export function registerPublicationMedia(app: FastifyInstance, deps: AppDeps): void {
  app.post('/upload/publication-image', async (request, reply) => {
    const session = await authenticate(deps, request);
    if (!session) return sendError(reply, def, 'E401', 'es');
    if (session.user.userType !== 1) return sendError(reply, def, 'E403', 'es');
    const received = await receiveRefAndImage(request, publicationLimits.maxImageBytes);
    if (typeof received === 'string') return sendError(reply, def, received, 'es');
    const { ref, bytes } = received;
    if (!ref || !/^[A-Za-z0-9_-]{8,64}$/.test(ref)) return sendError(reply, def, 'E7', 'es');
    const publication = await findOwnedPublication(deps.db, ref, session.user.id);
    if (!publication) return sendError(reply, def, 'E7', 'es');
    if (!bytes) return sendError(reply, def, 'E400', 'es', 'image');

    if (!(await isPublicImage(bytes))) return sendError(reply, def, 'E415', 'es');
    if ((await countImages(deps.db, publication.id)) >= publicationLimits.maxImages) {
      return sendError(reply, def, 'E9', 'es');
    }
    const webp = await reencodePublicImage(bytes);
    if (!webp) return sendError(reply, def, 'E415', 'es');

    const imageRef = newRef();
    const link = await deps.storage.put('publications', `${publication.ref}-${imageRef}.webp`, webp);
    await insertImage(deps.db, {
      ref: imageRef,
      publication_id: publication.id,
      path: link,
      position: await nextImagePosition(deps.db, publication.id),
      created_at: deps.now().toISOString(),
    });
    return reply.send({ status: '200', image: { id: imageRef, link } });
  });
}
