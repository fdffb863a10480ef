import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';

export type LessonFileKind = 'pdf' | 'video';

/** How long a link handed to an allowed viewer works; a shared link dies with it. */
export const lessonLinkSeconds = 2 * 60 * 60;

/**
 * Lesson files are paid content: they live outside the public /files/ folder and are served
 * only through short-lived signed links that find-lesson-data-workshop hands to viewers the
 * access rule lets in (a <video> or pdf.js request cannot carry the session header).
 */
export function lessonRoot(deps: Pick<AppDeps, 'config'>): string {
  return path.join(deps.config.dataDir, 'private', 'lessons');
}

export function resolveLessonKey(deps: Pick<AppDeps, 'config'>, key: string): string | null {
  const root = path.resolve(lessonRoot(deps));
  const full = path.resolve(root, key);
  return full.startsWith(root + path.sep) ? full : null;
}

function signature(secret: string, ref: string, kind: LessonFileKind, exp: number): string {
  return createHmac('sha256', secret).update(`${ref}:${kind}:${exp}`).digest('base64url');
}

export function signedLessonLink(
  deps: Pick<AppDeps, 'config' | 'now'>,
  ref: string,
  kind: LessonFileKind,
): string {
  const exp = Math.floor(deps.now().getTime() / 1000) + lessonLinkSeconds;
  return `/lesson-files/${ref}/${kind}?exp=${exp}&sig=${signature(deps.config.mediaSecret, ref, kind, exp)}`;
}

export function verifyLessonLink(
  deps: Pick<AppDeps, 'config' | 'now'>,
  ref: string,
  kind: LessonFileKind,
  exp: string | undefined,
  sig: string | undefined,
): boolean {
  const expNumber = Number(exp);
  if (!Number.isInteger(expNumber) || !sig) return false;
  if (expNumber * 1000 < deps.now().getTime()) return false;
  const expected = Buffer.from(signature(deps.config.mediaSecret, ref, kind, expNumber));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A new storage key for a lesson's file and where it lives under the private root. */
export function newLessonFileKey(
  deps: Pick<AppDeps, 'config'>,
  workshopRef: string,
  lessonRef: string,
  ext: string,
): { key: string; full: string } {
  const key = `${workshopRef}/${lessonRef}-${newRef()}.${ext}`;
  const full = resolveLessonKey(deps, key);
  if (!full) throw new Error('Lesson file key outside the private root');
  return { key, full };
}

/** Writes a lesson file under the private root; answers its storage key. */
export async function storeLessonFile(
  deps: Pick<AppDeps, 'config'>,
  workshopRef: string,
  lessonRef: string,
  bytes: Buffer,
  ext: string,
): Promise<string> {
  const { key, full } = newLessonFileKey(deps, workshopRef, lessonRef, ext);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, bytes);
  return key;
}
