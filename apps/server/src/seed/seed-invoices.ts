import type { AppDeps } from '../deps.ts';
import { accountByEmail } from '../modules/accounts/accounts.service.ts';
import { afipBilling } from '../modules/invoicing/invoices.service.ts';

/** How many of the demo professional's latest paid sales arrive invoiced. */
const invoicedSales = 4;

/**
 * Issue 15: the demo professional (monotributista, point of sale 1, linked to the AFIP
 * imitation by seedBookings) has issued Factura C for their latest paid sales, through the same
 * afip-billing path and imitation the app uses, so 'Ver Factura' opens real PDFs in the demo and
 * older paid sales still offer 'Facturar'. Only with the imitation; idempotent (an invoice of
 * theirs means it ran).
 */
export async function seedInvoices(deps: AppDeps): Promise<void> {
  if (!deps.afip.imitation || deps.config.env === 'production') return;
  const pro = await accountByEmail(deps.db, 'profesional@agendo.test');
  if (!pro) return;
  const done = await deps.db
    .selectFrom('invoices')
    .select('id')
    .where('seller_id', '=', pro.id)
    .executeTakeFirst();
  if (done) return;
  const sales = await deps.db
    .selectFrom('sales as s')
    .innerJoin('contacts as c', 'c.id', 's.contact_id')
    .select(['s.ref', 's.description', 'c.first_name', 'c.last_name', 'c.email', 'c.street'])
    .where('s.seller_id', '=', pro.id)
    .where('s.state', '=', 'paid')
    .where('s.currency', '=', 'ARS')
    .where('s.amount_minor', '>', 0)
    .where('c.email', 'like', '%@%.%')
    .orderBy('s.paid_at', 'desc')
    .limit(invoicedSales)
    .execute();
  // Oldest first, so the invoice numbers follow the sales' order.
  for (const sale of sales.reverse()) {
    await afipBilling(deps, pro.id, {
      bookingId: sale.ref,
      razonSocialCustomer: `${sale.first_name} ${sale.last_name}`.trim(),
      domicilioFiscalCustomer: sale.street?.trim() || 'Ciudad Autónoma de Buenos Aires',
      condicionIvaCustomer: 5,
      docTipoCustomer: 0,
      cuitCustomer: '',
      invoiceType: 11,
      invoiceDetails: sale.description,
      invoicePrice: null,
      userMail: sale.email ?? '',
    });
  }
}
