import type { Insertable, Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import { insertReturningId } from '../../db/insert-row.ts';
import type { ClinicalFilesTable } from '../../db/tables/clinical.ts';

export type FileRow = Selectable<ClinicalFilesTable>;

export async function insertFile(db: DB, row: Insertable<ClinicalFilesTable>): Promise<number> {
  return insertReturningId(db, 'clinical_files', row);
}

/** A file of this professional; another professional's ref finds nothing. */
export function findOwnedFile(db: DB, professionalId: number, ref: string) {
  return db
    .selectFrom('clinical_files')
    .selectAll()
    .where('professional_id', '=', professionalId)
    .where('ref', '=', ref)
    .executeTakeFirst();
}

export function findFilesByRefs(db: DB, professionalId: number, refs: readonly string[]) {
  if (refs.length === 0) return Promise.resolve([] as FileRow[]);
  return db
    .selectFrom('clinical_files')
    .selectAll()
    .where('professional_id', '=', professionalId)
    .where('ref', 'in', [...refs])
    .execute();
}
