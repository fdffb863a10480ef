import { invoiceLetters, ivaConditions } from '@agendo/contract';
import { loadQrCode } from '../../lib/heavy-libraries.ts';
import { openPdfDocument } from '../../lib/pdf-document.ts';
import { printable } from '../../lib/pdf-text.ts';

/** An issued invoice as printed (the invoices row, issue 15). Amounts in minor units (cents). */
export interface InvoicePrint {
  issuerCuit: string;
  issuerName: string;
  issuerAddress: string;
  issuerCondition: number;
  /** Start of activities, 'YYYY-MM-DD'. */
  issuerStart: string;
  pointOfSale: number;
  voucherType: 1 | 6 | 11;
  number: number;
  issuedOn: string;
  serviceFrom: string;
  serviceTo: string;
  dueOn: string;
  receptorName: string;
  receptorAddress: string;
  receptorCondition: number;
  /** AFIP's DocTipo: 80 CUIT, 86 CUIL, 96 DNI, 99 none. */
  receptorDocType: number;
  receptorDocNumber: string;
  concept: string;
  currency: string;
  totalMinor: number;
  netMinor: number;
  vatMinor: number;
  cae: string;
  caeExpiry: string;
}

/** AFIP's own code of each voucher type, printed under the letter ('COD. 011'). */
const voucherCode = (type: number) => String(type).padStart(3, '0');

/**
 * RG 4892 (AFIP's QR on electronic invoices): https://www.afip.gob.ar/fe/qr/?p= followed by the
 * base64 of this JSON, numbers as numbers, in AFIP's published key order. The PDF prints its QR
 * and links it, and tests decode both.
 */
export function invoiceQrPayload(invoice: InvoicePrint) {
  return {
    ver: 1,
    fecha: invoice.issuedOn,
    cuit: Number(invoice.issuerCuit),
    ptoVta: invoice.pointOfSale,
    tipoCmp: invoice.voucherType,
    nroCmp: invoice.number,
    importe: invoice.totalMinor / 100,
    moneda: invoice.currency === 'ARS' ? 'PES' : invoice.currency,
    ctz: 1,
    tipoDocRec: invoice.receptorDocType,
    nroDocRec: Number(invoice.receptorDocNumber || '0'),
    tipoCodAut: 'E',
    codAut: Number(invoice.cae),
  };
}

export const afipQrBase = 'https://www.afip.gob.ar/fe/qr/?p=';

export function invoiceQrUrl(invoice: InvoicePrint): string {
  return `${afipQrBase}${Buffer.from(JSON.stringify(invoiceQrPayload(invoice))).toString('base64')}`;
}

/** The QR as printed, exported so tests decode exactly what the PDF carries. */
export async function invoiceQrPng(invoice: InvoicePrint): Promise<Buffer> {
  const QRCode = await loadQrCode();
  // The standard quiet zone of 4 modules: phone readers (and jsQR) miss a QR this dense without it.
  return QRCode.toBuffer(invoiceQrUrl(invoice), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 400,
  });
}

/** '27/11/2026' from '2026-11-27'. */
function dmy(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** '$ 25.000,00' (AFIP prints amounts with two decimals, in Argentine notation). */
function money(minor: number): string {
  return `$ ${(minor / 100).toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const conditionName = (id: number) => ivaConditions.find((c) => c.id === id)?.name ?? '—';

function receptorDocument(type: number, number: string): string {
  if (type === 99 || !number) return 'Sin identificar';
  const name = type === 80 ? 'CUIT' : type === 86 ? 'CUIL' : 'DNI';
  return `${name}: ${number}`;
}

const ink = '#1f2933';
const muted = '#52606d';
const line = '#9aa5b1';

/**
 * The invoice in the usual Argentine layout (RG 1415 / RG 4291 as AFIP's own 'Comprobantes en
 * línea' prints it): ORIGINAL band, issuer on the left and the invoice's data on the right of a
 * box with the letter and its code in the middle, the service period, the receptor, the item,
 * the totals, and the CAE with its expiry beside the RG 4892 QR.
 */
export async function renderInvoicePdf(invoice: InvoicePrint): Promise<Buffer> {
  const qr = await invoiceQrPng(invoice);
  const letter = invoiceLetters[invoice.voucherType];
  const numberText = `${String(invoice.pointOfSale).padStart(5, '0')}-${String(invoice.number).padStart(8, '0')}`;
  const { doc, bytes } = await openPdfDocument({
    size: 'A4',
    margin: 30,
    info: {
      Title: `Factura ${letter} ${numberText}`,
      Author: printable(invoice.issuerName),
      // The issue date rather than the render time: the same invoice renders the same bytes.
      CreationDate: new Date(`${invoice.issuedOn}T12:00:00Z`),
    },
  });

  const left = 30;
  const width = doc.page.width - 60;
  const mid = left + width / 2;
  doc.lineWidth(0.8).strokeColor(line);

  // ORIGINAL band.
  doc.rect(left, 30, width, 22).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(ink)
    .text('ORIGINAL', left, 36, { width, align: 'center' });

  // Header box: issuer | letter | invoice data.
  const top = 52;
  const headerHeight = 150;
  doc.rect(left, top, width, headerHeight).stroke();
  doc
    .moveTo(mid, top + 44)
    .lineTo(mid, top + headerHeight)
    .stroke();
  doc.rect(mid - 24, top, 48, 44).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(26)
    .text(letter, mid - 24, top + 4, { width: 48, align: 'center' });
  doc
    .fontSize(7)
    .text(`COD. ${voucherCode(invoice.voucherType)}`, mid - 24, top + 33, { width: 48, align: 'center' });

  const colWidth = width / 2 - 40;
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(printable(invoice.issuerName), left + 10, top + 12, {
      width: colWidth,
      height: 40,
      ellipsis: true,
    });
  const issuerLines: [string, string][] = [
    ['Razón Social: ', invoice.issuerName],
    ['Domicilio Comercial: ', invoice.issuerAddress],
    ['Condición frente al IVA: ', conditionName(invoice.issuerCondition)],
  ];
  let y = top + 62;
  for (const [label, value] of issuerLines) {
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .text(label, left + 10, y, { continued: true, width: colWidth });
    doc.font('Helvetica').text(printable(value), { width: colWidth });
    y = doc.y + 6;
  }

  const right = mid + 40;
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text('FACTURA', right, top + 10, { width: colWidth });
  const dataLines: [string, string][] = [
    ['Punto de Venta: ', String(invoice.pointOfSale).padStart(5, '0')],
    ['Comp. Nro: ', String(invoice.number).padStart(8, '0')],
    ['Fecha de Emisión: ', dmy(invoice.issuedOn)],
    ['CUIT: ', invoice.issuerCuit],
    ['Ingresos Brutos: ', invoice.issuerCuit],
    ['Fecha de Inicio de Actividades: ', dmy(invoice.issuerStart)],
  ];
  y = top + 42;
  for (const [label, value] of dataLines) {
    doc.font('Helvetica-Bold').fontSize(8.5).text(label, right, y, { continued: true, width: colWidth });
    doc.font('Helvetica').text(value, { width: colWidth });
    y = doc.y + 5;
  }

  // Service period (concept 2: services).
  y = top + headerHeight + 6;
  doc.rect(left, y, width, 20).stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(8.5)
    .text(
      `Período Facturado Desde: ${dmy(invoice.serviceFrom)}     Hasta: ${dmy(invoice.serviceTo)}     Fecha de Vto. para el pago: ${dmy(invoice.dueOn)}`,
      left + 10,
      y + 6,
      { width: width - 20 },
    );

  // Receptor.
  y += 26;
  doc.rect(left, y, width, 58).stroke();
  const receptor: [string, string, number, number][] = [
    [receptorDocument(invoice.receptorDocType, invoice.receptorDocNumber), '', left + 10, y + 8],
    ['Apellido y Nombre / Razón Social: ', invoice.receptorName, right - 40, y + 8],
    ['Condición frente al IVA: ', conditionName(invoice.receptorCondition), left + 10, y + 24],
    ['Domicilio: ', invoice.receptorAddress, right - 40, y + 24],
    ['Condición de venta: ', 'Contado', left + 10, y + 40],
  ];
  for (const [label, value, x, ly] of receptor) {
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .text(label, x, ly, { continued: value !== '', width: colWidth + 30 });
    if (value)
      doc.font('Helvetica').text(printable(value), { width: colWidth + 30, height: 14, ellipsis: true });
  }

  // Items: one line, the concept of the sale.
  y += 66;
  const cols = [
    { title: 'Código', x: left, w: 50 },
    { title: 'Producto / Servicio', x: left + 50, w: width - 50 - 300 },
    { title: 'Cantidad', x: left + width - 300, w: 55 },
    { title: 'U. Medida', x: left + width - 245, w: 60 },
    { title: 'Precio Unit.', x: left + width - 185, w: 90 },
    { title: 'Subtotal', x: left + width - 95, w: 95 },
  ];
  doc.rect(left, y, width, 18).fillAndStroke('#e4e7eb', line);
  doc.fillColor(ink).font('Helvetica-Bold').fontSize(8);
  for (const c of cols)
    doc.text(c.title, c.x + 4, y + 5, { width: c.w - 8, align: c.x === left ? 'left' : 'center' });
  y += 24;
  const itemPrice = invoice.voucherType === 1 ? invoice.netMinor : invoice.totalMinor;
  const cells = ['1', printable(invoice.concept), '1,00', 'unidades', money(itemPrice), money(itemPrice)];
  doc.font('Helvetica').fontSize(8.5);
  cols.forEach((c, i) => {
    doc.text(cells[i] ?? '', c.x + 4, y, {
      width: c.w - 8,
      align: i === 1 ? 'left' : i >= 4 ? 'right' : 'center',
    });
  });

  // Totals, above the footer.
  const totalsTop = 560;
  doc.rect(left, totalsTop, width, 90).stroke();
  const totals: [string, string][] =
    invoice.voucherType === 1
      ? [
          ['Importe Neto Gravado: ', money(invoice.netMinor)],
          ['IVA 21%: ', money(invoice.vatMinor)],
          ['Importe Total: ', money(invoice.totalMinor)],
        ]
      : [
          ['Subtotal: ', money(invoice.totalMinor)],
          ['Importe Otros Tributos: ', money(0)],
          ['Importe Total: ', money(invoice.totalMinor)],
        ];
  y = totalsTop + 12;
  for (const [label, value] of totals) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(label, mid, y, { width: width / 2 - 110, align: 'right' });
    doc.text(value, left + width - 110, y, { width: 100, align: 'right' });
    y += 24;
  }
  if (invoice.voucherType === 6) {
    // Ley 27.743 (Régimen de Transparencia Fiscal al Consumidor): a B shows the VAT it contains.
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(muted)
      .text(`IVA Contenido: ${money(invoice.vatMinor)}`, left + 10, totalsTop + 12, { width: width / 2 - 20 })
      .fillColor(ink);
  }

  // CAE and QR.
  const footerTop = totalsTop + 104;
  doc.image(qr, left, footerTop, { width: 110, height: 110 });
  doc.link(left, footerTop, 110, 110, invoiceQrUrl(invoice));
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Comprobante Autorizado', left + 125, footerTop + 20);
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(muted)
    .text(
      'Esta Administración Federal no se responsabiliza por los datos ingresados en el detalle de la operación',
      left + 125,
      footerTop + 40,
      { width: 220 },
    )
    .fillColor(ink);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('CAE N°: ', left + width - 200, footerTop + 20, { continued: true });
  doc.font('Helvetica').text(invoice.cae);
  doc
    .font('Helvetica-Bold')
    .text('Fecha de Vto. de CAE: ', left + width - 200, footerTop + 40, { continued: true });
  doc.font('Helvetica').text(dmy(invoice.caeExpiry));
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(muted)
    .text('Pág. 1/1', left, footerTop + 120, { width, align: 'center' });

  doc.end();
  return bytes;
}
