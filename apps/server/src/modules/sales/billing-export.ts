import fs from 'node:fs/promises';
import path from 'node:path';
import type { BillingRow } from '@agendo/contract';
import { debtCell, payCell, payoutColumns } from '@agendo/contract';
import { DateTime } from 'luxon';
import type { AppDeps } from '../../deps.ts';
import { loadExcel } from '../../lib/heavy-libraries.ts';
import { newRef } from '../../lib/random.ts';

/** A generated spreadsheet stays downloadable for an hour; older ones are removed. */
const exportLifetimeMs = 60 * 60 * 1000;
export const billingExportPrefix = '/files/billing-export/';
const namePattern = /^(\d{13})-([A-Za-z0-9_-]{22})\.xlsx$/;

/** Outside the public files folder, one folder per owner: the route only looks in the caller's. */
function exportFolder(deps: AppDeps, ownerRef: string): string {
  return path.join(deps.config.dataDir, 'private', 'billing-exports', ownerRef);
}

export async function billingExportFileFor(
  deps: AppDeps,
  ownerRef: string,
  name: string,
): Promise<string | null> {
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

/** An Excel date cell showing a wall-clock time: exceljs writes Dates as UTC serials. */
function wallClock(iso: string | null, timeZone: string): Date | null {
  if (!iso) return null;
  const local = DateTime.fromISO(iso, { zone: 'utc' }).setZone(timeZone);
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute));
}

const major = (minor: number) => minor / 100;

/**
 * spec 001 §7 find-billing-all with export: the sales table's columns in a spreadsheet (amounts in
 * major units, real date cells in the viewer's zone). Answers the private download link.
 */
export async function writeBillingWorkbook(
  deps: AppDeps,
  ownerRef: string,
  rows: BillingRow[],
  timeZone: string,
): Promise<string> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Agendo';
  workbook.created = deps.now();
  const sheet = workbook.addWorksheet('Contrataciones', { views: [{ state: 'frozen', ySplit: 1 }] });
  const money = { numFmt: '#,##0.00' };
  sheet.columns = [
    { header: 'Fecha', key: 'date', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
    { header: 'Consultante', key: 'clientName', width: 24 },
    { header: 'Teléfono', key: 'clientPhone', width: 16 },
    { header: 'Email', key: 'clientMail', width: 28 },
    { header: 'Título', key: 'title', width: 28 },
    { header: 'Estado', key: 'modality', width: 12 },
    { header: 'Moneda', key: 'currency', width: 8 },
    { header: 'Bruto', key: 'price', width: 12, style: money },
    { header: 'Descuento', key: 'promoSeller', width: 12, style: money },
    { header: 'Final', key: 'netPrice', width: 12, style: money },
    { header: 'Pago confirmado', key: 'pay', width: 14 },
    { header: 'Fecha de pago', key: 'datePay', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
    { header: 'Deuda', key: 'debt', width: 12, style: money },
    { header: 'Comisión %', key: 'comisionPorc', width: 11 },
    { header: 'Comisión', key: 'AmmountAs', width: 12, style: money },
    { header: 'Liberado', key: 'cashedOut', width: 12, style: money },
    { header: 'Fecha de liberación', key: 'payoutDate', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
    { header: 'Pendiente de liberar', key: 'pending', width: 14, style: money },
    { header: 'ID venta', key: 'sellId', width: 24 },
    { header: 'ID pago', key: 'payId', width: 24 },
    { header: 'ID liberación', key: 'cashoutId', width: 24 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const payout = payoutColumns({ netPrice: r.netPrice, cashoutId: r.cashout_id });
    const cell = payCell(r);
    sheet.addRow({
      date: wallClock(r.date, timeZone),
      clientName: r.clientName,
      clientPhone: r.clientPhone ?? '',
      clientMail: r.clientMail ?? '',
      title: r.title,
      modality: r.modality,
      currency: r.currency,
      price: major(r.price),
      promoSeller: major(r.promoSeller),
      netPrice: major(r.netPrice),
      pay: cell === 'Marcar Paga' ? 'NO' : cell,
      datePay: wallClock(r.datePay, timeZone),
      debt: major(debtCell({ pendingPay: r.PendingPay, complete: r.complete })),
      comisionPorc: r.comisionPorc,
      AmmountAs: major(r.AmmountAs),
      cashedOut: major(payout.cashedOut),
      payoutDate: wallClock(r.payout_date, timeZone),
      pending: major(payout.pending),
      sellId: r.sellId,
      payId: r.payId ?? '',
      cashoutId: r.cashout_id ?? '',
    });
  }
  const folder = exportFolder(deps, ownerRef);
  await fs.mkdir(folder, { recursive: true });
  await pruneExpired(deps, folder);
  const name = `${deps.now().getTime()}-${newRef()}.xlsx`;
  const buffer = await workbook.xlsx.writeBuffer();
  await fs.writeFile(path.join(folder, name), Buffer.from(buffer as ArrayBuffer));
  return `${billingExportPrefix}${name}`;
}
