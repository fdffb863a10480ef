import fs from 'node:fs/promises';
import path from 'node:path';
import type { RecordFile } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { ClinicalFileArea } from '../../db/tables/clinical.ts';
import type { AppDeps } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { type FileRow, findFilesByRefs, findOwnedFile, insertFile } from './files.repository.ts';

export type { FileRow };

/**
 * Record files are health data (Ley 26.529): they live outside the public /files/ folder and
 * are served only by the authenticated /record-files/ route to the owning professional.
 */
export function privateRoot(deps: Pick<AppDeps, 'config'>): string {
  return path.join(deps.config.dataDir, 'private', 'records');
}

function resolveInside(root: string, key: string): string {
  const full = path.resolve(root, key);
  if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Path outside private storage');
  return full;
}

export const recordFileBase = '/record-files/';

export function toRecordFile(row: FileRow): RecordFile {
  return {
    id: row.ref,
    type: row.kind === 'image' ? 'image' : row.kind === 'pdf' ? 'pdf' : 'doc',
    link: `${recordFileBase}${row.ref}/file`,
    baselink: recordFileBase,
    large: row.large_key ? `${recordFileBase}${row.ref}/large` : null,
    name: row.original_name,
  };
}

export interface NewPrivateFile {
  professionalId: number;
  contactId: number;
  area: ClinicalFileArea;
  kind: 'image' | 'pdf' | 'doc';
  mime: string;
  name: string;
  bytes: Buffer;
  ext: string;
  /** The webp large view of an image. */
  large?: Buffer;
  actorId: number;
  at: Date;
}

/** Writes the bytes under the private root and records the file; answers its row. */
export async function storePrivateFile(deps: Pick<AppDeps, 'config' | 'db'>, file: NewPrivateFile) {
  const ref = newRef();
  const root = privateRoot(deps);
  const folder = `${file.professionalId}/${file.contactId}`;
  const key = `${folder}/${ref}.${file.ext}`;
  await fs.mkdir(resolveInside(root, folder), { recursive: true });
  await fs.writeFile(resolveInside(root, key), file.bytes);
  let largeKey: string | null = null;
  if (file.large) {
    largeKey = `${folder}/${ref}-large.webp`;
    await fs.writeFile(resolveInside(root, largeKey), file.large);
  }
  const row = {
    ref,
    professional_id: file.professionalId,
    contact_id: file.contactId,
    area: file.area,
    kind: file.kind,
    mime: file.mime,
    original_name: file.name.slice(0, 255),
    size: file.bytes.length,
    storage_key: key,
    large_key: largeKey,
    actor_id: file.actorId,
    created_at: file.at.toISOString(),
  };
  const id = await insertFile(deps.db, row);
  return { ...row, id } satisfies FileRow;
}

export function readPrivateFile(deps: Pick<AppDeps, 'config'>, key: string): Promise<Buffer> {
  return fs.readFile(resolveInside(privateRoot(deps), key));
}

export function findFileOf(db: DB, professionalId: number, ref: string) {
  return findOwnedFile(db, professionalId, ref);
}

/** The files behind these refs, by ref; refs of other professionals are simply absent. */
export async function recordFilesByRef(db: DB, professionalId: number, refs: readonly string[]) {
  const rows = await findFilesByRefs(db, professionalId, [...new Set(refs)]);
  return new Map(rows.map((row) => [row.ref, toRecordFile(row)]));
}

/** True when every ref is an uploaded file of this professional for this contact. */
export async function areContactUploads(
  db: DB,
  professionalId: number,
  contactId: number,
  refs: readonly string[],
): Promise<boolean> {
  const unique = [...new Set(refs)];
  const rows = await findFilesByRefs(db, professionalId, unique);
  return (
    rows.length === unique.length &&
    rows.every((row) => row.contact_id === contactId && row.area !== 'records')
  );
}
