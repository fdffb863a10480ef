import fs from 'node:fs/promises';
import path from 'node:path';
import { type OutputOf, type SocialNetwork, socialNetworks } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import {
  findProfessionalByNickname as findProfessionalByNicknameRow,
  findProfile,
  latestAnsweredQuestions,
  ratingOf,
} from './profile.repository.ts';

type Profile = NonNullable<Awaited<ReturnType<typeof findProfile>>>;
export type Links = OutputOf<'find-user-profile'>['socialNetworks'];

export function readLinks(json: string | null): Links {
  const stored = json ? (JSON.parse(json) as Partial<Record<SocialNetwork, string | null>>) : {};
  return Object.fromEntries(socialNetworks.map((n) => [n, stored[n] ?? null])) as Links;
}

export function readCertificate(row: Profile | undefined) {
  if (!row?.certificate_path || !row.certificate_kind) return null;
  return { link: row.certificate_path, kind: row.certificate_kind, title: row.certificate_title ?? '' };
}

/**
 * What the public page may show of a professional's profile (issue 18). Only public fields are
 * read out here: the address, the signature and the account's e-mail and phone never leave.
 */
export async function publicProfileOf(db: DB, professionalId: number) {
  const [row, rating, questions] = await Promise.all([
    findProfile(db, professionalId),
    ratingOf(db, professionalId),
    latestAnsweredQuestions(db, professionalId, 5),
  ]);
  return {
    businessName: row?.business_name ?? null,
    userBio: row?.bio ?? null,
    nickname: row?.nickname ?? null,
    logoSquare: row?.logo_square ?? null,
    logoRectangle: row?.logo_rectangle ?? null,
    socialNetworks: readLinks(row?.social_links ?? null),
    certificate: readCertificate(row),
    ratingAverage: rating.average,
    ratingCount: rating.count,
    questions: questions.map((q) => ({
      ref: q.ref,
      text: q.text,
      answer: q.answer ?? '',
      publicationTitle: q.title,
    })),
  };
}

/** Whose public page a nickname names, whatever its case (the short link /go/{nickname}). */
export function findProfessionalByNickname(db: DB, nickname: string) {
  return findProfessionalByNicknameRow(db, nickname.toLowerCase());
}

/** The signature lives outside the public /files/ folder (see migration 0031). */
export function privateSignRoot(deps: Pick<AppDeps, 'config'>): string {
  return path.join(deps.config.dataDir, 'private', 'signs');
}

export function insidePrivate(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Path outside private storage');
  return full;
}

/** The image and certificate files a profile points at: public ones by path, the signature by key. */
export async function profileFilesOf(db: DB, userId: number) {
  const row = await findProfile(db, userId);
  const publicPaths = [row?.logo_square, row?.logo_rectangle, row?.certificate_path].filter(
    (p): p is string => typeof p === 'string',
  );
  return { publicPaths, signKey: row?.sign_key ?? null };
}

/** Removes those files (a closed account's, issue 18); a file already gone is not an error. */
export async function removeProfileFiles(
  deps: Pick<AppDeps, 'config' | 'storage'>,
  files: Awaited<ReturnType<typeof profileFilesOf>>,
) {
  for (const publicPath of files.publicPaths) await deps.storage.remove(publicPath);
  if (files.signKey) await fs.rm(insidePrivate(privateSignRoot(deps), files.signKey), { force: true });
}
