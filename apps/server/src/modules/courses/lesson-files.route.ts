import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { courseLimits, routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { moveUpload, uploadType } from '../../http/upload-form.ts';
import { registerRoute } from '../../http-routes.ts';
import { ActionError } from '../../rpc-errors.ts';
import { findLessonByRef, updateLesson } from './courses.repository.ts';
import { type LessonFileKind, newLessonFileKey, resolveLessonKey, verifyLessonLink } from './lesson-media.ts';
import { ownLesson } from './workshop-editor.service.ts';

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
  registerRoute(app, deps, routes.uploadLessonFile, async ({ fields, files }, ctx) => {
    const { ref, kind } = fields;
    const owned = await ownLesson(deps.db, ctx.user.id, ref).catch(() => null);
    if (!owned) throw new ActionError('E7');
    const file = files[0];
    if (!file) throw new ActionError('E400', 'file');
    if (kind === 'pdf' && file.size > courseLimits.lessonPdfMaxBytes) throw new ActionError('E413');
    const type = await uploadType(file);
    const ext = type ? accepted[kind][type.mime] : undefined;
    if (!ext) throw new ActionError('E415');
    const { key, full } = newLessonFileKey(deps, owned.workshop.ref, owned.lesson.ref, ext);
    await moveUpload(file, full);
    const fileName = file.name.slice(0, 200);
    await updateLesson(
      deps.db,
      owned.lesson.id,
      kind === 'pdf' ? { pdf_key: key, pdf_name: fileName } : { video_key: key, video_name: fileName },
    );
    return { status: '200', fileName };
  });

  /** GET /lesson-files/{ref}/{kind}?exp&sig: the signed link of find-lesson-data-workshop. */
  registerRoute(app, deps, routes.lessonFile, async ({ params, query }, { reply, request }) => {
    const { ref, kind } = params;
    if (!verifyLessonLink(deps, ref, kind, query.exp, query.sig)) throw new ActionError('E403');
    const lesson = await findLessonByRef(deps.db, ref);
    const key = kind === 'pdf' ? lesson?.pdf_key : lesson?.video_key;
    const full = key ? resolveLessonKey(deps, key) : null;
    const stat = full ? await fs.stat(full).catch(() => null) : null;
    if (!lesson || !full || !stat) throw new ActionError('E404');
    const ext = full.split('.').pop() ?? '';
    const fileName = (kind === 'pdf' ? lesson.pdf_name : lesson.video_name) ?? `clase.${ext}`;
    reply.header('Content-Type', mimeOfExt[ext] ?? 'application/octet-stream');
    reply.header('Accept-Ranges', 'bytes');
    reply.header('Cache-Control', 'private, max-age=600');
    reply.header('X-Content-Type-Options', 'nosniff');
    const disposition = query.download === '1' && lesson.download_pdf === 1 ? 'attachment' : 'inline';
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
