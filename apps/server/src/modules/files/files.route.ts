import { type RouteDef, routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { ClinicalFileArea } from '../../db/tables/clinical.ts';
import type { AppDeps } from '../../deps.ts';
import { readUpload } from '../../http/upload-form.ts';
import { registerRoute } from '../../http-routes.ts';
import { ActionError } from '../../rpc-errors.ts';
import { writeAuditEvent } from '../audit/audit.service.ts';
import { findOwnedContact } from '../contacts/contacts.service.ts';
import { detectRecordFile, imageViews } from './file-checks.ts';
import { findFileOf, readPrivateFile, storePrivateFile, toRecordFile } from './files.service.ts';

/** spec 001 §7 File upload: each of the spec's upload paths stores into one area of the record. */
const uploads = [
  [routes.uploadStudiesFiles, 'studies'],
  [routes.uploadConsentFiles, 'consents'],
  [routes.uploadVaccinesFiles, 'vaccines'],
] as const satisfies readonly (readonly [RouteDef, ClinicalFileArea])[];

export function registerFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  for (const [def, area] of uploads) {
    registerRoute(app, deps, def, async ({ fields, files }, { user, ip }) => {
      if (files.length === 0) throw new ActionError('E5');
      const consId = fields.consId || fields.ref;
      const contact = /^[A-Za-z0-9_-]{8,64}$/.test(consId)
        ? await findOwnedContact(deps.db, user.id, consId)
        : null;
      const base = { actorId: user.actorId, ownerId: user.id, area: 'files', action: 'upload' as const, ip };
      if (!contact) {
        await writeAuditEvent(deps.db, {
          ...base,
          contactId: null,
          entityRef: consId.slice(0, 64) || null,
          outcome: 'denied',
          at: deps.now(),
        });
        throw new ActionError('E6');
      }

      // Every file is checked before any is stored: one refused file refuses the upload. Each is
      // read again to store it rather than all held in memory at once.
      const checked = [];
      for (const file of files) {
        const detected = await detectRecordFile(await readUpload(file));
        if (!detected) throw new ActionError('E4');
        checked.push({ file, detected });
      }
      const answer = [];
      for (const { file, detected } of checked) {
        let bytes = await readUpload(file);
        let large: Buffer | undefined;
        if (detected.kind === 'image') {
          const views = await imageViews(bytes).catch(() => null);
          if (!views) throw new ActionError('E7');
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
      return answer;
    });
  }

  /**
   * GET /record-files/{ref}/file|large with the Bearer header. The browser cannot put the header
   * on <img src> or a link, so the web app fetches the bytes and shows a blob: URL. Anything not
   * this professional's answers 404, the same as a file that does not exist.
   */
  registerRoute(app, deps, routes.recordFile, async ({ params }, { user, ip, reply }) => {
    const { ref, variant } = params;
    const row = await findFileOf(deps.db, user.id, ref);
    const event = { actorId: user.actorId, ownerId: user.id, area: 'files', action: 'download' as const, ip };
    const key = row ? (variant === 'large' ? row.large_key : row.storage_key) : null;
    if (!row || !key) {
      await writeAuditEvent(deps.db, {
        ...event,
        contactId: null,
        entityRef: ref,
        outcome: 'denied',
        at: deps.now(),
      });
      throw new ActionError('E404');
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
      throw new ActionError('E404');
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
  });
}
