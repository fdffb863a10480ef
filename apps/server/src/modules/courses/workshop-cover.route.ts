import { type ActionDef, publicationLimits, workshopCoverErrors } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { isPublicImage, receiveRefAndImage, reencodePublicImage } from '../../lib/public-image.ts';
import { newRef } from '../../lib/random.ts';
import { authenticate, sendError } from '../../rpc.ts';
import { updateWorkshop } from './courses.repository.ts';
import { ownWorkshop } from './workshop-editor.service.ts';

const def = { errors: workshopCoverErrors } as unknown as ActionDef;

/**
 * POST /upload/workshop-cover (multipart: field `ref` = the workshop's ref, file `image`): the
 * course's cover on its page and cards. Owner only; a foreign ref answers like an unknown one.
 */
export function registerWorkshopCoverRoute(app: FastifyInstance, deps: AppDeps): void {
  app.post('/upload/workshop-cover', async (request, reply) => {
    const session = await authenticate(deps, request);
    if (!session) return sendError(reply, def, 'E401', 'es');
    if (session.user.userType !== 1) return sendError(reply, def, 'E403', 'es');
    const received = await receiveRefAndImage(request, publicationLimits.maxImageBytes);
    if (typeof received === 'string') return sendError(reply, def, received, 'es');
    const { ref, bytes } = received;
    if (!ref || !/^[A-Za-z0-9_-]{8,64}$/.test(ref)) return sendError(reply, def, 'E7', 'es');
    const workshop = await ownWorkshop(deps.db, session.user.id, ref).catch(() => null);
    if (!workshop) return sendError(reply, def, 'E7', 'es');
    if (!bytes) return sendError(reply, def, 'E400', 'es', 'image');
    if (!(await isPublicImage(bytes))) return sendError(reply, def, 'E415', 'es');
    const webp = await reencodePublicImage(bytes);
    if (!webp) return sendError(reply, def, 'E415', 'es');
    const cover = await deps.storage.put('workshops', `${workshop.ref}-${newRef()}.webp`, webp);
    await updateWorkshop(deps.db, workshop.id, { cover, updated_at: deps.now().toISOString() });
    return reply.send({ status: '200', cover });
  });
}
