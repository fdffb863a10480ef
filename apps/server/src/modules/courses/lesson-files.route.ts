import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { type ActionDef, courseLimits, lessonFileErrors } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { AppDeps } from '../../deps.ts';
import { authenticate, sendError } from '../../rpc.ts';
import { findLessonByRef, updateLesson } from './courses.repository.ts';
import { type LessonFileKind, resolveLessonKey, storeLessonFile, verifyLessonLink } from './lesson-media.ts';
import { ownLesson } from './workshop-editor.service.ts';

const def = { errors: lessonFileErrors } as unknown as ActionDef;

const accepted: Record<LessonFileKind, Record<string, string>> = {
  pdf: { 'application/pdf': 'pdf' },
  video: { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/ogg': 'ogv', 'application/ogg': 'ogv' },
};

const mimeOfExt: Record<string, string> = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
};

function isKind(value: unknown): value is LessonFileKind {
  return value === 'pdf' || value === 'video';
}

/** bytes=start-end (one range; browsers seeking a video send exactly this). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'bad';
  const [, from, to] = match;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (!suffix) return 'bad';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  return start > end || start >= size ? 'bad' : { start, end };
}

export function registerLessonFileRoutes(app: FastifyInstance, deps: AppDeps): void {
  /** POST /upload/lesson-file (multipart: ref = the lesson's ref, kind = pdf | video, file). Owner only. */
  app.post('/upload/lesson-file', async (request, reply) => {
    const session = await authenticate(deps, request);
    if (!session) return sendError(reply, def, 'E401', 'es');
    if (session.user.userType !== 1) return sendError(reply, def, 'E403', 'es');
    if (!request.isMultipart()) return sendError(reply, def, 'E400', 'es');
    let ref: string | null = null;
    let kind: LessonFileKind | null = null;
    let bytes: Buffer | null = null;
    let name = 'archivo';
    let truncated = false;
    try {
      for await (const part of request.parts({
        limits: { fileSize: courseLimits.lessonVideoMaxBytes, files: 1, fields: 5 },
      })) {
        if (part.type === 'field') {
          if (part.fieldname === 'ref' && typeof part.value === 'string') ref = part.value;
          if (part.fieldname === 'kind' && isKind(part.value)) kind = part.value;
        } else if (part.fieldname === 'file') {
          bytes = await part.toBuffer();
          name = part.filename || name;
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
    if (!ref || !/^[A-Za-z0-9_-]{8,64}$/.test(ref) || !kind) return sendError(reply, def, 'E7', 'es');
    const owned = await ownLesson(deps.db, session.user.id, ref).catch(() => null);
    if (!owned) return sendError(reply, def, 'E7', 'es');
    if (!bytes) return sendError(reply, def, 'E400', 'es', 'file');
    if (kind === 'pdf' && bytes.length > courseLimits.lessonPdfMaxBytes)
      return sendError(reply, def, 'E413', 'es');
    const type = await fileTypeFromBuffer(bytes);
    const ext = type ? accepted[kind][type.mime] : undefined;
    if (!ext) return sendError(reply, def, 'E415', 'es');
    const key = await storeLessonFile(deps, owned.workshop.ref, owned.lesson.ref, bytes, ext);
    const fileName = name.slice(0, 200);
    await updateLesson(
      deps.db,
      owned.lesson.id,
      kind === 'pdf' ? { pdf_key: key, pdf_name: fileName } : { video_key: key, video_name: fileName },
    );
    return reply.send({ status: '200', fileName });
  });

  /** GET /lesson-files/{ref}/{kind}?exp&sig: the signed link of find-lesson-data-workshop. */
  app.get<{
    Params: { ref: string; kind: string };
    Querystring: { exp?: string; sig?: string; download?: string };
  }>('/lesson-files/:ref/:kind', async (request, reply) => {
    const { ref, kind } = request.params;
    if (!isKind(kind) || !verifyLessonLink(deps, ref, kind, request.query.exp, request.query.sig)) {
      return reply.code(403).send({ status: '403' });
    }
    const lesson = await findLessonByRef(deps.db, ref);
    const key = kind === 'pdf' ? lesson?.pdf_key : lesson?.video_key;
    const full = key ? resolveLessonKey(deps, key) : null;
    const stat = full ? await fs.stat(full).catch(() => null) : null;
    if (!lesson || !full || !stat) return reply.code(404).send({ status: '404' });
    const ext = full.split('.').pop() ?? '';
    const fileName = (kind === 'pdf' ? lesson.pdf_name : lesson.video_name) ?? `clase.${ext}`;
    reply.header('Content-Type', mimeOfExt[ext] ?? 'application/octet-stream');
    reply.header('Accept-Ranges', 'bytes');
    reply.header('Cache-Control', 'private, max-age=600');
    reply.header('X-Content-Type-Options', 'nosniff');
    const disposition = request.query.download === '1' && lesson.download_pdf === 1 ? 'attachment' : 'inline';
    reply.header('Content-Disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    const range = parseRange(request.headers.range, stat.size);
    if (range === 'bad') {
      reply.header('Content-Range', `bytes */${stat.size}`);
      return reply.code(416).send();
    }
    if (range) {
      reply.code(206);
      reply.header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
      reply.header('Content-Length', String(range.end - range.start + 1));
      return reply.send(createReadStream(full, { start: range.start, end: range.end }));
    }
    reply.header('Content-Length', String(stat.size));
    return reply.send(createReadStream(full));
  });
}
