import fs from 'node:fs/promises';
import path from 'node:path';
import type { Workbook } from 'exceljs';
import { DateTime } from 'luxon';
import { newRef } from './random.ts';

/**
 * The private download links of generated spreadsheets (spec 001 §7: download-excel-contacts,
 * find-billing-all with export). Every export keeps its files the same way, so the rules live
 * once: a link that expires in one export expires the same way in the other.
 */

/** A generated spreadsheet stays downloadable for an hour; older ones are removed. */
export const exportLifetimeMs = 60 * 60 * 1000;
/** Creation time first, so a file's age is read from its name; the random part makes it unguessable. */
const namePattern = /^(\d{13})-([A-Za-z0-9_-]{22})\.xlsx$/;

/** What an export reads of the app's dependencies (AppDeps has them; lib/ does not import deps.ts). */
interface ExportDeps {
  config: { dataDir: string };
  now(): Date;
}

export interface SpreadsheetExport {
  /** The file of a download link, when it is a well-formed name of this owner that has not expired. */
  fileFor(deps: ExportDeps, ownerRef: string, name: string): Promise<string | null>;
  /** Stores the workbook in the owner's folder, removing expired files there; answers its link. */
  save(deps: ExportDeps, ownerRef: string, workbook: Workbook): Promise<string>;
}

/**
 * One kind of export: its files under `dataDir/private/{folderName}/{ownerRef}/`, its links
 * `{routePrefix}{name}`. Outside the public files folder (served as-is at /files/) and one folder
 * per owner: the download route only ever looks in the caller's own folder.
 */
export function spreadsheetExport(folderName: string, routePrefix: string): SpreadsheetExport {
  const folderOf = (deps: ExportDeps, ownerRef: string) =>
    path.join(deps.config.dataDir, 'private', folderName, ownerRef);

  return {
    async fileFor(deps, ownerRef, name) {
      const match = namePattern.exec(name);
      if (!match) return null;
      const full = path.join(folderOf(deps, ownerRef), name);
      if (Number(match[1]) + exportLifetimeMs <= deps.now().getTime()) {
        await fs.rm(full, { force: true });
        return null;
      }
      try {
        await fs.access(full);
        return full;
      } catch {
        return null;
      }
    },

    async save(deps, ownerRef, workbook) {
      const folder = folderOf(deps, ownerRef);
      await fs.mkdir(folder, { recursive: true });
      await pruneExpired(deps, folder);
      const name = `${deps.now().getTime()}-${newRef()}.xlsx`;
      const buffer = await workbook.xlsx.writeBuffer();
      await fs.writeFile(path.join(folder, name), Buffer.from(buffer as ArrayBuffer));
      return `${routePrefix}${name}`;
    },
  };
}

async function pruneExpired(deps: ExportDeps, folder: string) {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const now = deps.now().getTime();
  await Promise.all(
    names
      .filter((name) => {
        const match = namePattern.exec(name);
        return !match || Number(match[1]) + exportLifetimeMs <= now;
      })
      .map((name) => fs.rm(path.join(folder, name), { force: true })),
  );
}

/** An Excel date cell showing the wall-clock time in `timeZone`: exceljs writes Dates as UTC serials. */
export function wallClockCell(iso: string, timeZone: string): Date;
export function wallClockCell(iso: string | null, timeZone: string): Date | null;
export function wallClockCell(iso: string | null, timeZone: string): Date | null {
  if (!iso) return null;
  const local = DateTime.fromISO(iso, { zone: 'utc' }).setZone(timeZone);
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute));
}
