import { describeError, recordFileLimits, uploadMessages } from '@agendo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClinicalFileArea } from '../../db/tables/clinical.ts';
import type { AppDeps } from '../../deps.ts';
import { authenticate } from '../../rpc.ts';
import { writeAuditEvent } from '../audit/audit.service.ts';
import type { SessionUser } from '../auth/auth.service.ts';
import { findOwnedContact } from '../contacts/contacts.service.ts';
import { detectRecordFile, imageViews } from './file-checks.ts';
import { findFileOf, readPrivateFile, storePrivateFile, toRecordFile } from './files.service.ts';

/**
 * spec 001 §7 File upload: multipart field images[] with the contact's ref in `consId`. The
 * spec's paths are kept (treatments share the consents path) and also answer under /upload/.
 */
const uploadPaths: Record<string, ClinicalFileArea> = {
  '/upload-studies-files': 'studies',
  '/upload-studies-files.php': 'studies',
  '/upload-consent-files.php': 'consents',
  '/upload-vaccines-files.php': 'vaccines',
};

/** Only the owning professional, or a corporate session with contactsClinic (spec 001 §6). */
function mayUseRecords(user: SessionUser): boolean {
  return user.userType === 1 && (user.permissions === null || user.permissions.contactsClinic === true);
}

function uploadError(reply: FastifyReply, code: string) {
  const message =
    code === 'E2'
      ? uploadMessages.tooMany
      : code === 'E3'
        ? uploadMessages.tooLarge
        : code === 'E401'
          ? (describeError(undefined, 'E401')?.es ?? '')
          : uploadMessages.failed(code);
  const status = code === 'E401' ? 401 : code === 'E403' ? 403 : 400;
  return reply.code(status).send({ status: String(status), code, message });
}

interface Received {
  name: string;
  bytes: Buffer;
}

async function receive(request: FastifyRequest): Promise<{ files: Received[]; consId: string } | string> {
  const files: Received[] = [];
  let consId = '';
  try {
    const parts = request.parts({
      limits: { files: recordFileLimits.maxFiles, fileSize: recordFileLimits.maxBytes, fields: 20 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images[]' && part.fieldname !== 'images') {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        files.push({ name: part.filename || 'archivo', bytes });
      } else if (part.fieldname === 'consId' || part.fieldname === 'ref') {
        consId = String(part.value ?? '');
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') return 'E2';
    if (code === 'FST_REQ_FILE_TOO_LARGE') return 'E3';
    return 'E7';
  }
  return { files, consId };
}

export function registerFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const upload = (area: ClinicalFileArea) => async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await authenticate(deps, request);
    if (!session) return uploadError(reply, 'E401');
    const user = session.user;
    if (!mayUseRecords(user)) return uploadError(reply, 'E403');
    if (!request.isMultipart()) return uploadError(reply, 'E5');
    const received = await receive(request);
    if (typeof received === 'string') return uploadError(reply, received);
    if (received.files.length === 0) return uploadError(reply, 'E5');
    if (received.files.length > recordFileLimits.maxFiles) return uploadError(reply, 'E2');

    const contact = /^[A-Za-z0-9_-]{8,64}$/.test(received.consId)
      ? await findOwnedContact(deps.db, user.id, received.consId)
      : null;
    const base = {
      actorId: user.actorId,
      ownerId: user.id,
      area: 'files',
      action: 'upload' as const,
      ip: request.ip,
    };
    if (!contact) {
      await writeAuditEvent(deps.db, {
        ...base,
        contactId: null,
        entityRef: received.consId.slice(0, 64) || null,
        outcome: 'denied',
        at: deps.now(),
      });
      return uploadError(reply, 'E6');
    }

    // Every file is checked before any is stored: one refused file refuses the upload.
    const checked = [];
    for (const file of received.files) {
      const detected = await detectRecordFile(file.bytes);
      if (!detected) return uploadError(reply, 'E4');
      checked.push({ file, detected });
    }
    const answer = [];
    for (const { file, detected } of checked) {
      let bytes = file.bytes;
      let large: Buffer | undefined;
      if (detected.kind === 'image') {
        const views = await imageViews(file.bytes).catch(() => null);
        if (!views) return uploadError(reply, 'E7');
        bytes = views.original;
        large = views.large;
      }
      const stored = await storePrivateFile(deps, {
        professionalId: user.id,
        contactId: contact.id,
        area,
        kind: detected.kind,
        mime: detected.mime,
        name: file.name,
        bytes,
        ext: detected.ext,
        ...(large ? { large } : {}),
        actorId: user.actorId,
        at: deps.now(),
      });
      await writeAuditEvent(deps.db, {
        ...base,
        contactId: contact.id,
        entityRef: stored.ref,
        outcome: 'ok',
        at: deps.now(),
      });
      answer.push(toRecordFile(stored));
    }
    // spec 001 §7: the answer is the array of files itself.
    return reply.send(answer);
  };

  for (const [route, area] of Object.entries(uploadPaths)) {
    app.post(route, upload(area));
    app.post(`/upload${route}`, upload(area));
  }

  /**
   * GET /record-files/{ref}/file|large with the Bearer header. The browser cannot put the header
   * on <img src> or a link, so the web app fetches the bytes and shows a blob: URL. Anything not
   * this professional's answers 404, the same as a file that does not exist.
   */
  app.get<{ Params: { ref: string; variant: string } }>(
    '/record-files/:ref/:variant',
    async (request, reply) => {
      const notFound = () =>
        reply.code(404).send({ status: '404', code: 'E404', message: 'No encontramos el archivo.' });
      const { ref, variant } = request.params;
      if (!/^[A-Za-z0-9_-]{8,64}$/.test(ref) || (variant !== 'file' && variant !== 'large'))
        return notFound();
      const session = await authenticate(deps, request);
      if (!session || !mayUseRecords(session.user)) return notFound();
      const user = session.user;
      const row = await findFileOf(deps.db, user.id, ref);
      const event = {
        actorId: user.actorId,
        ownerId: user.id,
        area: 'files',
        action: 'download' as const,
        ip: request.ip,
      };
      const key = row ? (variant === 'large' ? row.large_key : row.storage_key) : null;
      if (!row || !key) {
        await writeAuditEvent(deps.db, {
          ...event,
          contactId: null,
          entityRef: ref,
          outcome: 'denied',
          at: deps.now(),
        });
        return notFound();
      }
      const bytes = await readPrivateFile(deps, key).catch(() => null);
      if (!bytes) {
        await writeAuditEvent(deps.db, {
          ...event,
          contactId: row.contact_id,
          entityRef: ref,
          outcome: 'error',
          at: deps.now(),
        });
        return notFound();
      }
      await writeAuditEvent(deps.db, {
        ...event,
        area: row.area === 'records' ? 'records' : 'files',
        contactId: row.contact_id,
        entityRef: ref,
        outcome: 'ok',
        at: deps.now(),
      });
      const mime = variant === 'large' ? 'image/webp' : row.mime;
      const name =
        variant === 'large' ? `${row.original_name.replace(/\.[^.]*$/, '')}.webp` : row.original_name;
      // Word files are never shown inline; images and PDFs are, inside the app's viewer.
      const disposition = row.kind === 'doc' ? 'attachment' : 'inline';
      const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('Content-Type', mime)
        .header(
          'Content-Disposition',
          `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
        .send(bytes);
    },
  );
}
