import fs from 'node:fs/promises';
import path from 'node:path';
import { contactGenders, insuranceApplies } from '@agendo/contract';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../deps.ts';
import { loadExcel } from '../../lib/heavy-libraries.ts';
import { newRef } from '../../lib/random.ts';
import type { ContactRow } from './contacts.repository.ts';

/** A generated spreadsheet stays downloadable for an hour; older ones are removed. */
export const exportLifetimeMs = 60 * 60 * 1000;
export const exportRoutePrefix = '/files/contacts-export/';
const namePattern = /^(\d{13})-([A-Za-z0-9_-]{22})\.xlsx$/;

/**
 * Exports live outside the public files folder (served as-is at /files/), in one folder per
 * owner: the download route only ever looks in the caller's own folder.
 */
export function exportFolder(deps: AppDeps, ownerRef: string): string {
  return path.join(deps.config.dataDir, 'private', 'contacts-exports', ownerRef);
}

/** The file of a download link, when it is a well-formed name of this owner that has not expired. */
export async function exportFileFor(deps: AppDeps, ownerRef: string, name: string): Promise<string | null> {
  const match = namePattern.exec(name);
  if (!match) return null;
  const full = path.join(exportFolder(deps, ownerRef), name);
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
}

async function pruneExpired(deps: AppDeps, folder: string) {
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

interface ExportOwner {
  ref: string;
  countryId: number;
  timeZone: string;
}

/** An Excel date cell showing a wall-clock time: exceljs writes Dates as UTC serials. */
function wallClock(local: DateTime): Date {
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute));
}

/**
 * spec 001 §7 download-excel-contacts: one row per live contact, Spanish headers, real date cells.
 * Answers the download link.
 */
export async function writeContactsWorkbook(
  deps: AppDeps,
  owner: ExportOwner,
  contacts: ContactRow[],
  timeZone: string,
): Promise<string> {
  const withInsurance = contacts.some((c) => insuranceApplies(owner.countryId, c.country_id));
  const countryNames = new Map<number, string>();
  const stateNames = new Map<number, Map<number, string>>();
  const cityNames = new Map<number, Map<number, string>>();
  const countryName = async (id: number | null) => {
    if (id === null) return '';
    if (!countryNames.has(id)) countryNames.set(id, (await deps.reference.countryById(id))?.name ?? '');
    return countryNames.get(id) ?? '';
  };
  const stateName = async (countryId: number | null, id: number | null) => {
    if (countryId === null || id === null) return '';
    if (!stateNames.has(countryId)) {
      const list = await deps.reference.listStates(countryId);
      stateNames.set(countryId, new Map(list.map((s) => [s.id, s.name])));
    }
    return stateNames.get(countryId)?.get(id) ?? '';
  };
  const cityName = async (stateId: number | null, id: number | null) => {
    if (stateId === null || id === null) return '';
    if (!cityNames.has(stateId)) {
      const list = await deps.reference.listCities(stateId);
      cityNames.set(stateId, new Map(list.map((c) => [c.id, c.name])));
    }
    return cityNames.get(stateId)?.get(id) ?? '';
  };

  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Agendo';
  workbook.created = deps.now();
  const sheet = workbook.addWorksheet('Consultantes', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Nombre', key: 'firstName', width: 18 },
    { header: 'Apellido', key: 'lastName', width: 18 },
    { header: 'Email', key: 'email', width: 30 },
    { header: 'Teléfono', key: 'phone', width: 18 },
    { header: 'Documento', key: 'identify', width: 14 },
    { header: 'Fecha de nacimiento', key: 'birth', width: 20, style: { numFmt: 'dd/mm/yyyy' } },
    { header: 'Género', key: 'gender', width: 13 },
    { header: 'País', key: 'country', width: 16 },
    { header: 'Provincia', key: 'state', width: 20 },
    { header: 'Ciudad', key: 'city', width: 20 },
    { header: 'Dirección', key: 'street', width: 30 },
    { header: 'Piso', key: 'floor', width: 6 },
    { header: 'Departamento', key: 'depto', width: 14 },
    { header: 'Código postal', key: 'pobox', width: 14 },
    ...(withInsurance
      ? [
          { header: 'Obra social', key: 'obraSocial', width: 20 },
          { header: 'Número de afiliado', key: 'numObraSocial', width: 20 },
        ]
      : []),
    { header: 'Alta', key: 'createdAt', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
  ];
  sheet.getRow(1).font = { bold: true };

  for (const c of contacts) {
    const insurance = insuranceApplies(owner.countryId, c.country_id);
    const birth =
      c.birth_year && c.birth_month && c.birth_day
        ? new Date(Date.UTC(c.birth_year, c.birth_month - 1, c.birth_day))
        : null;
    sheet.addRow({
      firstName: c.first_name,
      lastName: c.last_name,
      email: c.email,
      phone: c.phone ?? '',
      identify: c.identify ?? '',
      birth,
      gender: contactGenders.find((g) => g.value === c.gender)?.es ?? '',
      country: await countryName(c.country_id),
      state: await stateName(c.country_id, c.state_id),
      city: await cityName(c.state_id, c.city_id),
      street: c.street ?? '',
      floor: c.floor ?? '',
      depto: c.depto ?? '',
      pobox: c.pobox ?? '',
      obraSocial: insurance ? (c.obra_social ?? '') : '',
      numObraSocial: insurance ? (c.num_obra_social ?? '') : '',
      createdAt: wallClock(DateTime.fromISO(c.created_at, { zone: 'utc' }).setZone(timeZone)),
    });
  }

  const folder = exportFolder(deps, owner.ref);
  await fs.mkdir(folder, { recursive: true });
  await pruneExpired(deps, folder);
  const name = `${deps.now().getTime()}-${newRef()}.xlsx`;
  const buffer = await workbook.xlsx.writeBuffer();
  await fs.writeFile(path.join(folder, name), Buffer.from(buffer as ArrayBuffer));
  return `${exportRoutePrefix}${name}`;
}
