import type { BillingRow } from '@agendo/contract';
import { debtCell, payCell, payoutColumns } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { loadExcel } from '../../lib/heavy-libraries.ts';
import { spreadsheetExport, wallClockCell } from '../../lib/spreadsheet-export.ts';

/** Private links at /files/billing-export/, one folder per owner (see spreadsheetExport). */
export const billingExports = spreadsheetExport('billing-exports', '/files/billing-export/');

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
      date: wallClockCell(r.date, timeZone),
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
      datePay: wallClockCell(r.datePay, timeZone),
      debt: major(debtCell({ pendingPay: r.PendingPay, complete: r.complete })),
      comisionPorc: r.comisionPorc,
      AmmountAs: major(r.AmmountAs),
      cashedOut: major(payout.cashedOut),
      payoutDate: wallClockCell(r.payout_date, timeZone),
      pending: major(payout.pending),
      sellId: r.sellId,
      payId: r.payId ?? '',
      cashoutId: r.cashout_id ?? '',
    });
  }
  return billingExports.save(deps, ownerRef, workbook);
}
