import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type AfipBillingInput,
  collapseSpaces,
  type IssuedInvoice,
  invoiceConcept,
  invoiceLetters,
  invoiceTypeFor,
} from '@agendo/contract';
import type { InvoicesTable } from '../../db/tables/afip.ts';
import type { AppDeps } from '../../deps.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { RenderedMail } from '../../lib/mail-templates.ts';
import { newRef } from '../../lib/random.ts';
import { AfipFault, AfipUnreachable } from '../../providers/afip/afip-port.ts';
import { ActionError } from '../../rpc-errors.ts';
import { afipForProfessional } from './afip-credentials.service.ts';
import { AfipSequenceBusy, issueInvoice } from './afip-invoices.service.ts';
import { findContactFiscalData, findFiscalProfile, saveContactFiscalData } from './fiscal-data.repository.ts';
import { type InvoicePrint, renderInvoicePdf } from './invoice-pdf.ts';
import {
  findInvoiceOfSale,
  findOwnInvoice,
  findSaleToInvoice,
  insertInvoice,
  invoiceContactsOfSales,
  invoiceRefsOfSales,
  sellerCountry,
} from './invoices.repository.ts';

/** spec 001 §4 billLink: the private PDF route (contract routes.invoicePdf). */
export const invoiceLinkBase = '/invoice-files/';

/** AFIP's calendar day: every taxpayer invoices in Argentina (UTC−3, no daylight saving). */
function argentineDate(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

/** Invoices live beside the records, outside the public files folder. */
function invoicesRoot(deps: Pick<AppDeps, 'config'>) {
  return path.join(deps.config.dataDir, 'private', 'invoices');
}

function insideRoot(deps: Pick<AppDeps, 'config'>, key: string) {
  const root = path.resolve(invoicesRoot(deps));
  const full = path.resolve(root, key);
  if (!full.startsWith(root + path.sep)) throw new Error('Path outside private storage');
  return full;
}

type InvoiceRow = InvoicesTable & { id: number };

function toPrint(row: Omit<InvoiceRow, 'id'>): InvoicePrint {
  return {
    issuerCuit: row.issuer_cuit,
    issuerName: row.issuer_name,
    issuerAddress: row.issuer_address,
    issuerCondition: row.issuer_condition,
    issuerStart: row.issuer_start,
    pointOfSale: row.point_of_sale,
    voucherType: row.voucher_type as 1 | 6 | 11,
    number: row.number,
    issuedOn: row.issued_on,
    serviceFrom: row.service_from,
    serviceTo: row.service_to,
    dueOn: row.due_on,
    receptorName: row.receptor_name,
    receptorAddress: row.receptor_address,
    receptorCondition: row.receptor_condition,
    receptorDocType: row.receptor_doc_type,
    receptorDocNumber: row.receptor_doc_number,
    concept: row.concept,
    currency: row.currency,
    totalMinor: row.total_minor,
    netMinor: row.net_minor,
    vatMinor: row.vat_minor,
    cae: row.cae,
    caeExpiry: row.cae_expiry,
  };
}

function toIssued(
  row: Pick<
    InvoiceRow,
    'ref' | 'voucher_type' | 'point_of_sale' | 'number' | 'issued_on' | 'total_minor' | 'cae' | 'cae_expiry'
  >,
): IssuedInvoice {
  const type = row.voucher_type as 1 | 6 | 11;
  return {
    ref: row.ref,
    letter: invoiceLetters[type],
    voucherType: type,
    pointOfSale: row.point_of_sale,
    number: row.number,
    date: row.issued_on,
    totalMinor: row.total_minor,
    cae: row.cae,
    caeExpiry: row.cae_expiry,
  };
}

/** E200: the server's own message in the answer (spec 002 §8 'E200 shows the server message'). */
const refuse = (message: string) => new ActionError('E200', undefined, message);

/**
 * The amounts AFIP is told. A C (monotributo) has no VAT: the net is the total. An A or a B of a
 * responsable inscripto carries 21 % VAT inside the agreed price (a health or teaching service
 * sold at a final price): net = total / 1.21, rounded to the cent, VAT the rest, so the parts
 * always add up to the total (AFIP's 10048).
 */
export function invoiceAmounts(voucherType: 1 | 6 | 11, totalMinor: number) {
  if (voucherType === 11) return { netMinor: totalMinor, vatMinor: 0 };
  const netMinor = Math.round((totalMinor * 100) / 121);
  return { netMinor, vatMinor: totalMinor - netMinor };
}

/**
 * spec 002 §7 afip-billing: the invoice of one paid sale of the professional, issued with AFIP
 * under their own CUIT and point of sale (Factura A/B/C by the rule of §4, concept 2: services,
 * with the service period and due date), stored with its PDF in private storage and mailed to
 * the client. A sale has one invoice at most: asking again answers the same one.
 */
export async function afipBilling(
  deps: AppDeps,
  userId: number,
  input: AfipBillingInput,
): Promise<{ link: string; invoice: IssuedInvoice }> {
  const sale = input.bookingId ? await findSaleToInvoice(deps.db, userId, input.bookingId) : undefined;
  if (!sale) throw new ActionError('E90');
  const existing = await findInvoiceOfSale(deps.db, sale.id);
  if (existing) return { link: `${invoiceLinkBase}${existing.ref}`, invoice: toIssued(existing) };

  const profile = await findFiscalProfile(deps.db, userId);
  const afip = profile ? await afipForProfessional(deps, userId) : null;
  if (!profile || !afip) throw new ActionError('E30');
  if (sale.currency !== 'ARS') throw refuse('Solo se pueden facturar ventas en pesos argentinos (ARS).');
  if (sale.state !== 'paid') throw refuse('Solo se pueden facturar ventas abonadas.');
  if (sale.contactId === null || sale.contactRef === null) {
    throw refuse('La venta no tiene un consultante en tus contactos a quien facturarle.');
  }
  const totalMinor = input.invoicePrice ?? sale.amountMinor;
  if (totalMinor <= 0 || totalMinor > sale.amountMinor) throw new ActionError('E22');

  const clientCondition = input.condicionIvaCustomer ?? 5;
  const voucherType = invoiceTypeFor(profile.condicion_iva, clientCondition);
  const docTipo = input.docTipoCustomer ?? 0;
  const docNumber = docTipo === 0 ? '0' : input.cuitCustomer.trim();
  // AFIP (RG 1415): an A is issued only to a responsable inscripto identified by CUIT.
  if (voucherType === 1 && docTipo !== 80) {
    throw refuse('Para emitir una Factura A el cliente debe identificarse con su CUIT.');
  }
  const issuedOn = argentineDate(deps.now());
  const consulted = sale.consultAt && sale.consultAt !== '0' ? sale.consultAt : sale.createdAt;
  const serviceDay = argentineDate(new Date(consulted));
  const { netMinor, vatMinor } = invoiceAmounts(voucherType, totalMinor);
  // spec 002 §9: the affiliate text when the contact has a health insurance and its number
  // (once: the popup already shows it in the concept).
  const concept = invoiceConcept(input.invoiceDetails, { plan: sale.obraSocial, number: sale.numObraSocial });
  const pointOfSale = profile.punto_venta;

  let result: Awaited<ReturnType<typeof issueInvoice>>;
  try {
    result = await issueInvoice(
      { db: deps.db, environment: deps.afip.environment, afip, now: deps.now },
      {
        // The sale's ref: asked again (a double click, a retry after a lost answer), AFIP's
        // invoice for it is returned instead of a second number being taken.
        ref: `sale:${sale.ref}`,
        invoice: {
          pointOfSale,
          voucherType,
          concept: 2,
          documentType: docTipo === 0 ? 99 : docTipo,
          documentNumber: docNumber,
          date: issuedOn,
          totalCents: totalMinor,
          netCents: netMinor,
          vatCents: vatMinor,
          ...(voucherType === 11 ? {} : { vat: [{ rateId: 5, baseCents: netMinor, amountCents: vatMinor }] }),
          // Services: AFIP wants the period served (the consultation's day, or up to the
          // invoice's day when it was earlier) and the payment's due date (already paid: today).
          serviceFrom: serviceDay < issuedOn ? serviceDay : issuedOn,
          serviceTo: serviceDay < issuedOn ? serviceDay : issuedOn,
          dueDate: issuedOn,
          currency: 'PES',
          exchangeRate: 1,
          receptorIvaCondition: clientCondition,
        },
      },
    );
  } catch (error) {
    if (error instanceof AfipSequenceBusy) {
      throw refuse(
        'Otra factura de tu punto de venta se está emitiendo. Intenta nuevamente en unos segundos.',
      );
    }
    if (error instanceof AfipUnreachable) {
      throw refuse('AFIP no responde en este momento. Intenta nuevamente en unos minutos.');
    }
    if (error instanceof AfipFault) throw refuse(`AFIP respondió con un error: ${error.message}`);
    throw error;
  }
  if (result.kind === 'rejected') {
    // AFIP words a refusal as errors, or (for the receptor's condition) as observations only.
    const told = result.errors.length > 0 ? result.errors : result.observations;
    const reasons = told.map((e) => `${e.code}: ${e.message}`).join(' · ');
    throw refuse(`AFIP rechazó la factura. ${reasons}`.trim());
  }
  if (result.kind === 'not-issued') throw refuse('AFIP no emitió la factura. Intenta nuevamente.');
  if (result.kind === 'unknown') {
    throw refuse(
      'AFIP no confirmó la factura. Vuelve a intentarlo en unos minutos: no se emitirá dos veces.',
    );
  }

  const row: Omit<InvoiceRow, 'id'> = {
    ref: newRef(),
    seller_id: userId,
    sale_id: sale.id,
    contact_id: sale.contactId,
    environment: deps.afip.environment,
    issuer_cuit: afip.cuit,
    issuer_name: profile.razon_social,
    issuer_address: profile.domicilio_fiscal,
    issuer_condition: profile.condicion_iva,
    issuer_start: profile.fecha_inicio,
    point_of_sale: result.pointOfSale,
    voucher_type: result.voucherType,
    number: result.number,
    issued_on: issuedOn,
    service_from: serviceDay < issuedOn ? serviceDay : issuedOn,
    service_to: serviceDay < issuedOn ? serviceDay : issuedOn,
    due_on: issuedOn,
    receptor_name: collapseSpaces(input.razonSocialCustomer),
    receptor_address: collapseSpaces(input.domicilioFiscalCustomer),
    receptor_condition: clientCondition,
    receptor_doc_type: docTipo === 0 ? 99 : docTipo,
    receptor_doc_number: docTipo === 0 ? '' : docNumber,
    concept,
    currency: sale.currency,
    total_minor: totalMinor,
    net_minor: netMinor,
    vat_minor: vatMinor,
    cae: result.cae,
    cae_expiry: result.caeExpiry,
    email: input.userMail.trim(),
    storage_key: null,
    created_at: deps.now().toISOString(),
  };
  if (!(await insertInvoice(deps.db, row))) {
    // Two 'Facturar' of the same sale: AFIP gave both the same invoice (same ref); one row won.
    const won = await findInvoiceOfSale(deps.db, sale.id);
    if (!won) throw new Error('invoices: the conflicting row is missing');
    return { link: `${invoiceLinkBase}${won.ref}`, invoice: toIssued(won) };
  }
  const stored = await findInvoiceOfSale(deps.db, sale.id);
  if (!stored) throw new Error('invoices: the row just written is missing');

  // The client's data as used: the popup opens with it next time (mode 2).
  const previous = await findContactFiscalData(deps.db, sale.contactId);
  if (input.condicionIvaCustomer !== null || previous) {
    await saveContactFiscalData(
      deps.db,
      sale.contactId,
      {
        razon_social: row.receptor_name,
        domicilio_fiscal: row.receptor_address,
        condicion_iva: clientCondition,
        doc_tipo: docTipo,
        cuit: docTipo === 0 ? '' : docNumber,
      },
      deps.now().toISOString(),
    );
  }

  const pdf = await renderInvoicePdf(toPrint(row));
  const key = `${userId}/${row.ref}.pdf`;
  await fs.mkdir(path.dirname(insideRoot(deps, key)), { recursive: true });
  await fs.writeFile(insideRoot(deps, key), pdf);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('invoices').set({ storage_key: key }).where('id', '=', stored.id).execute();
    await deps.mail.send(row.email, invoiceMail(row, sale.contactFirstName ?? '', pdf), trx);
  });
  return { link: `${invoiceLinkBase}${row.ref}`, invoice: toIssued(stored) };
}

function invoiceFileName(row: Pick<InvoiceRow, 'voucher_type' | 'point_of_sale' | 'number'>) {
  const letter = invoiceLetters[row.voucher_type as 1 | 6 | 11];
  return `Factura-${letter}-${String(row.point_of_sale).padStart(5, '0')}-${String(row.number).padStart(8, '0')}.pdf`;
}

/** The invoice mailed to the client with its PDF attached (they may have no account to open a link). */
function invoiceMail(row: Omit<InvoiceRow, 'id'>, firstName: string, pdf: Buffer): RenderedMail {
  const letter = invoiceLetters[row.voucher_type as 1 | 6 | 11];
  const number = `${String(row.point_of_sale).padStart(5, '0')}-${String(row.number).padStart(8, '0')}`;
  const amount = (row.total_minor / 100).toLocaleString('es-AR', { minimumFractionDigits: 2 });
  const subject = `Tu factura ${letter} ${number} de ${row.issuer_name}`;
  const lines = [
    firstName ? `¡Hola ${firstName}!` : '¡Hola!',
    `${row.issuer_name} te envía la Factura ${letter} N° ${number} por $ ${amount} (${row.concept}).`,
    `CAE ${row.cae}, vence el ${row.cae_expiry.split('-').reverse().join('/')}. La factura va adjunta en PDF.`,
  ];
  return {
    template: 'invoice-issued',
    subject,
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2933">${lines
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join('')}</body></html>`,
    attachments: [
      {
        filename: invoiceFileName(row),
        contentType: 'application/pdf',
        content: pdf.toString('base64'),
        encoding: 'base64',
      },
    ],
  };
}

/** The PDF of an invoice of this seller, or null (another's, or none): the route answers 404 alike. */
export async function invoicePdfOf(deps: AppDeps, sellerId: number, ref: string) {
  const row = await findOwnInvoice(deps.db, sellerId, ref);
  if (!row) return null;
  let bytes: Buffer;
  if (row.storage_key) {
    bytes = await fs.readFile(insideRoot(deps, row.storage_key));
  } else {
    // The PDF was not written (a crash right after AFIP's answer): it is rebuilt from the row.
    bytes = await renderInvoicePdf(toPrint(row));
  }
  return { bytes, name: invoiceFileName(row) };
}

/**
 * The sales table's invoice cells (spec 001 §4): billLink for an invoiced sale; canBill for a
 * paid ARS sale of some amount (a free one has nothing to invoice), of a seller in Argentina
 * (country 5), with a client contact to invoice.
 */
export async function invoiceCells(
  deps: AppDeps,
  sellerId: number,
  sales: readonly { ref: string; state: string; currency: string; amountMinor: number }[],
) {
  const refs = sales.map((s) => s.ref);
  const [links, contacts, seller] = await Promise.all([
    invoiceRefsOfSales(deps.db, refs),
    invoiceContactsOfSales(deps.db, sellerId, refs),
    sellerCountry(deps.db, sellerId),
  ]);
  return new Map(
    sales.map((s) => {
      const invoice = links.get(s.ref);
      const contact = contacts.get(s.ref) ?? null;
      return [
        s.ref,
        {
          billLink: invoice ? `${invoiceLinkBase}${invoice}` : null,
          canBill:
            !invoice &&
            seller.country_id === 5 &&
            s.currency === 'ARS' &&
            s.state === 'paid' &&
            s.amountMinor > 0 &&
            contact !== null,
          customerId: contact,
        },
      ] as const;
    }),
  );
}
