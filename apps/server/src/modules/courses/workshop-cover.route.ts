import { type ActionDef, publicationLimits, workshopCoverErrors } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDeps } from '../../deps.ts';
import { reencodePublicImage } from '../../lib/public-image.ts';
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
    if (!request.isMultipart()) return sendError(reply, def, 'E400', 'es');
    let ref: string | null = null;
    let bytes: Buffer | null = null;
    let truncated = false;
    try {
      for await (const part of request.parts({
        limits: { fileSize: publicationLimits.maxImageBytes, files: 1 },
      })) {
        if (part.type === 'field') {
          if (part.fieldname === 'ref' && typeof part.value === 'string') ref = part.value;
        } else if (part.fieldname === 'image') {
          bytes = await part.toBuffer();
          truncated = part.file.truncated;
        } else {
          part.file.resume();
        }
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        return sendError(reply, def, 'E413', 'es');
      return sendError(reply, def, 'E400', 'es');
    }
    if (truncated) return sendError(reply, def, 'E413', 'es');
    if (!ref || !/^[A-Za-z0-9_-]{8,64}$/.test(ref)) return sendError(reply, def, 'E7', 'es');
    const workshop = await ownWorkshop(deps.db, session.user.id, ref).catch(() => null);
    if (!workshop) return sendError(reply, def, 'E7', 'es');
    if (!bytes) return sendError(reply, def, 'E400', 'es', 'image');
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !(publicationLimits.imageMimeTypes as readonly string[]).includes(type.mime)) {
      return sendError(reply, def, 'E415', 'es');
    }
    const webp = await reencodePublicImage(bytes);
    if (!webp) return sendError(reply, def, 'E415', 'es');
    const cover = await deps.storage.put('workshops', `${workshop.ref}-${newRef()}.webp`, webp);
    await updateWorkshop(deps.db, workshop.id, { cover, updated_at: deps.now().toISOString() });
    return reply.send({ status: '200', cover });
  });
}
