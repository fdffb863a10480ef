import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { loadExcel } from './heavy-libraries.ts';
import { exportLifetimeMs, spreadsheetExport, wallClockCell } from './spreadsheet-export.ts';

const t = useTestApp();

const reports = spreadsheetExport('report-exports', '/files/report-export/');

async function workbook() {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Hoja').addRow(['uno']);
  return book;
}

const nameOf = (link: string) => link.slice('/files/report-export/'.length);
const ownerFolder = (owner: string) => path.join(t.deps.config.dataDir, 'private', 'report-exports', owner);

// The contacts and billing downloads (spec 001 §7) both keep their files through this helper.
describe('spreadsheet exports', () => {
  it("answers a link whose file only its owner's lookup finds, and never a path outside the folder", async () => {
    const link = await reports.save(t.deps, 'ownerA', await workbook());
    expect(link).toMatch(/^\/files\/report-export\/\d{13}-[A-Za-z0-9_-]{22}\.xlsx$/);
    const name = nameOf(link);
    const file = await reports.fileFor(t.deps, 'ownerA', name);
    expect(file).toBe(path.join(ownerFolder('ownerA'), name));
    const ExcelJS = await loadExcel();
    const read = new ExcelJS.Workbook();
    await read.xlsx.readFile(file ?? '');
    expect(read.getWorksheet('Hoja')?.getRow(1).getCell(1).value).toBe('uno');

    expect(await reports.fileFor(t.deps, 'ownerB', name)).toBeNull();
    expect(await reports.fileFor(t.deps, 'ownerB', `../ownerA/${name}`)).toBeNull();
    expect(await reports.fileFor(t.deps, 'ownerA', name.replace('.xlsx', '.txt'))).toBeNull();
  });

  it('expires a link after an hour and removes its file', async () => {
    const start = t.clock.now;
    const name = nameOf(await reports.save(t.deps, 'ownerC', await workbook()));
    t.clock.now = new Date(start.getTime() + exportLifetimeMs - 1);
    expect(await reports.fileFor(t.deps, 'ownerC', name)).not.toBeNull();
    t.clock.now = new Date(start.getTime() + exportLifetimeMs);
    expect(await reports.fileFor(t.deps, 'ownerC', name)).toBeNull();
    t.clock.now = start;
    await expect(fs.access(path.join(ownerFolder('ownerC'), name))).rejects.toThrow();
  });

  it("a new export removes the owner's expired and foreign files, keeping the live ones", async () => {
    const start = t.clock.now;
    const old = nameOf(await reports.save(t.deps, 'ownerD', await workbook()));
    await fs.writeFile(path.join(ownerFolder('ownerD'), 'stray.txt'), 'x');
    t.clock.now = new Date(start.getTime() + 30 * 60_000);
    const recent = nameOf(await reports.save(t.deps, 'ownerD', await workbook()));
    expect((await fs.readdir(ownerFolder('ownerD'))).sort()).toEqual([old, recent].sort());
    t.clock.now = new Date(start.getTime() + exportLifetimeMs + 60_000);
    const latest = nameOf(await reports.save(t.deps, 'ownerD', await workbook()));
    t.clock.now = start;
    expect((await fs.readdir(ownerFolder('ownerD'))).sort()).toEqual([recent, latest].sort());
  });

  it("writes an instant as the viewer's wall-clock time, and an absent one as an empty cell", () => {
    expect(wallClockCell('2026-11-22T12:30:00.000Z', 'America/Argentina/Buenos_Aires')).toEqual(
      new Date(Date.UTC(2026, 10, 22, 9, 30)),
    );
    expect(wallClockCell(null, 'America/Argentina/Buenos_Aires')).toBeNull();
  });
});
