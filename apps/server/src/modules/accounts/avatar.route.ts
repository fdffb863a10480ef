import { avatarLimits } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDeps } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { authenticate, sendError } from '../../rpc.ts';
import { findUserById, updateUser } from './accounts.repository.ts';

const extensions: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** POST /upload/avatar (multipart, field `image`): the type is read from the bytes, never the name. */
export function registerAvatarRoute(app: FastifyInstance, deps: AppDeps) {
  app.post('/upload/avatar', async (request, reply) => {
    const session = await authenticate(deps, request);
    if (!session) return sendError(reply, undefined, 'E401', 'es');
    if (!request.isMultipart()) return sendError(reply, undefined, 'E400', 'es');
    const file = await request.file({ limits: { fileSize: avatarLimits.maxBytes, files: 1 } });
    if (!file) return sendError(reply, undefined, 'E400', 'es', 'image');
    const bytes = await file.toBuffer().catch(() => null);
    if (!bytes || file.file.truncated) return sendError(reply, undefined, 'E413', 'es', 'image');
    const type = await fileTypeFromBuffer(bytes);
    const ext = type ? extensions[type.mime] : undefined;
    if (!type || !ext) return sendError(reply, undefined, 'E415', 'es', 'image');

    const user = await findUserById(deps.db, session.user.id);
    if (!user) return sendError(reply, undefined, 'E401', 'es');
    const userImg = await deps.storage.put('avatars', `${user.ref}-${newRef()}.${ext}`, bytes);
    await updateUser(deps.db, user.id, { img: userImg, updated_at: deps.now().toISOString() });
    if (user.img) await deps.storage.remove(user.img);
    return reply.send({ status: '200', userImg });
  });
}
