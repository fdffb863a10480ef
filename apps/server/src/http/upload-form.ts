import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartSpec } from '@agendo/contract';
import type { FastifyRequest } from 'fastify';
import { loadFileTypeFromFile } from '../lib/heavy-libraries.ts';

/**
 * One file of a multipart form, streamed to a temporary file (issue 28: a 500 MiB lesson video
 * read into memory could take the process down). The route reads it or moves it into place; the
 * temporary file is removed once the route has answered, whatever the outcome.
 */
export interface UploadedFile {
  field: string;
  name: string;
  /** Under DATA_DIR/tmp/uploads, the same file system as the stored files, so a move is a rename. */
  path: string;
  size: number;
}

export type UploadForm = { fields: Record<string, string>; files: UploadedFile[] };

export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'uploads');
}

/**
 * Calls `onIdle` when the connection has read nothing for a whole `idleMs` (a stalled client).
 * It watches the socket's byte count rather than listening to the request's data, which would
 * start the body flowing before the multipart parser is attached.
 */
function watchIdle(request: FastifyRequest, idleMs: number, onIdle: () => void): () => void {
  const socket = request.raw.socket as { bytesRead?: number } | undefined;
  if (typeof socket?.bytesRead !== 'number') return () => {};
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    const read = socket.bytesRead ?? seen;
    if (read === seen) onIdle();
    seen = read;
  }, idleMs);
  return () => clearInterval(timer);
}

export async function removeUploads(files: readonly UploadedFile[]): Promise<void> {
  await Promise.all(files.map((file) => fs.rm(file.path, { force: true })));
}

/**
 * Reads the form's fields and streams each declared file field to a temporary file, at most
 * `spec.maxBytes` each. Answers one of the spec's codes when the form is refused; then no
 * temporary file is left, nor when the client aborts or stalls for `idleMs` (its request is
 * destroyed, so the connection closes).
 */
export async function readUploadForm(
  request: FastifyRequest,
  spec: MultipartSpec,
  options: { tempDir: string; idleMs: number },
): Promise<UploadForm | string> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let truncated = false;
  const stopWatching = watchIdle(request, options.idleMs, () =>
    request.raw.destroy(new Error('Upload stalled')),
  );
  try {
    await fs.mkdir(options.tempDir, { recursive: true });
    const parts = request.parts({ limits: { files: spec.maxFiles, fileSize: spec.maxBytes, fields: 20 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if (spec.files.includes(part.fieldname)) {
        const file: UploadedFile = {
          field: part.fieldname,
          name: part.filename || 'archivo',
          path: path.join(options.tempDir, `${randomUUID()}.part`),
          size: 0,
        };
        files.push(file);
        const output = createWriteStream(file.path, { flags: 'wx' });
        await pipeline(part.file, output);
        file.size = output.bytesWritten;
        truncated ||= part.file.truncated;
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    await removeUploads(files);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return spec.codes.tooLarge;
    if (code === 'FST_FILES_LIMIT') return spec.codes.tooMany;
    return spec.codes.unreadable;
  } finally {
    stopWatching();
  }
  if (truncated) {
    await removeUploads(files);
    return spec.codes.tooLarge;
  }
  return { fields, files };
}

/** The whole file, for the routes whose limit is small (pictures, PDFs, record files). */
export function readUpload(file: UploadedFile): Promise<Buffer> {
  return fs.readFile(file.path);
}

/** The type from the file's first bytes on disk, never its name or the browser's word. */
export async function uploadType(file: UploadedFile): Promise<{ mime: string; ext: string } | undefined> {
  const fileTypeFromFile = await loadFileTypeFromFile();
  return fileTypeFromFile(file.path);
}

/** Moves the upload to `destination` (a rename: DATA_DIR/tmp is on the same file system). */
export async function moveUpload(file: UploadedFile, destination: string): Promise<void> {
  await fs.mkdir(path.dirname(destination), { recursive: true });
  await fs.rename(file.path, destination);
}

/**
 * Removes what a crashed process left in the temporary folder. Only old files: another instance
 * sharing DATA_DIR may be receiving one right now.
 */
export async function sweepStaleUploads(tempDir: string, olderThanMs: number, now = Date.now()) {
  const names = await fs.readdir(tempDir).catch(() => [] as string[]);
  for (const name of names) {
    const full = path.join(tempDir, name);
    const stat = await fs.stat(full).catch(() => null);
    if (stat && now - stat.mtimeMs > olderThanMs) await fs.rm(full, { force: true });
  }
}
