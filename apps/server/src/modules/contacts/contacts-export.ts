import { contactGenders, insuranceApplies } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { loadExcel } from '../../lib/heavy-libraries.ts';
import { spreadsheetExport, wallClockCell } from '../../lib/spreadsheet-export.ts';
import type { ContactRow } from './contacts.repository.ts';

/** Private links at /files/contacts-export/, one folder per owner (see spreadsheetExport). */
export const contactsExports = spreadsheetExport('contacts-exports', '/files/contacts-export/');

interface ExportOwner {
  ref: string;
  countryId: number;
  timeZone: string;
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
      createdAt: wallClockCell(c.created_at, timeZone),
    });
  }

  return contactsExports.save(deps, owner.ref, workbook);
}
