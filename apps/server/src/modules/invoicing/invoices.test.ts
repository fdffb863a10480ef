import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { makeContact as contactRow } from '../../test/contact-fixtures.ts';
import { qrOfPdf } from '../../test/pdf-qr.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { pendingSale } from '../../test/sale-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createCorporateSession } from '../auth/auth.service.ts';
import { settleSalePaidByHand } from '../sales/settle-sale.service.ts';
import { linkAfipWithImitation } from './afip-credentials.service.ts';
import { afipQrBase } from './invoice-pdf.ts';

// spec 002 §7 afip-billing, §8 codes; spec 001 §4 Invoice; issue 15.
const t = useTestApp();

const monotributista = {
  userMode: 1,
  refContact: '',
  razonSocial: 'Lucía Fernández',
  domicilioFiscal: 'Av. Corrientes 1234, CABA',
  condicionIva: 6,
  docTipo: 80,
  cuit: '20284567898',
  puntoVenta: 2,
  fechaInicio: '2020-03-01',
};

function makeContact(professionalId: number, over: { obraSocial?: string; numObraSocial?: string } = {}) {
  return contactRow(t, professionalId, {
    street: 'Av. Santa Fe 2020',
    obra_social: over.obraSocial ?? null,
    num_obra_social: over.numObraSocial ?? null,
  });
}

async function paidSale(sellerId: number, contactId: number, amountMinor = 2_500_000, paid = true) {
  const sale = await pendingSale(t, sellerId, {
    contactId,
    description: 'Sesión de psicología',
    amountMinor,
  });

  if (paid) await settleSalePaidByHand(t.deps, sale.id);
  return sale;
}

/** A professional with saved fiscal data, linked to the AFIP imitation. */
async function invoicingPro(data = monotributista) {
  const pro = await makeUser(t, { userType: 1 });
  expect((await t.call('update-afip-data', data, pro.token)).statusCode).toBe(200);
  await linkAfipWithImitation(t.deps, pro.id, { cuit: data.cuit, name: data.razonSocial });
  return pro;
}

const consumer = {
  razonSocialCustomer: 'Martín Gómez',
  domicilioFiscalCustomer: 'Av. Santa Fe 2020',
  condicionIvaCustomer: 5,
  docTipoCustomer: 96,
  cuitCustomer: '28456789',
  invoiceDetails: 'Sesión de psicología',
  userMail: 'martin.gomez@example.com',
};

const pdfOf = (link: string, token: string | null) =>
  t.app.inject({ method: 'GET', url: link, headers: token ? { authorization: `Bearer ${token}` } : {} });

function qrJson(url: string) {
  expect(url.startsWith(afipQrBase)).toBe(true);
  return JSON.parse(Buffer.from(url.slice(afipQrBase.length), 'base64').toString('utf8'));
}

describe('afip-billing: a monotributista issues a Factura C (spec 002 §4, §7)', () => {
  it('issues, shows Ver Factura in the sales table, serves and mails the PDF whose QR carries the invoice', async () => {
    const pro = await invoicingPro();
    const contact = await makeContact(pro.id, { obraSocial: 'OSDE 210', numObraSocial: '61234567801' });
    const sale = await paidSale(pro.id, contact.id);

    const before = await t.call('find-billing-all', { mode: 1 }, pro.token);
    const row = before.body.rows.find((r: { id: string }) => r.id === sale.ref);
    expect(row).toMatchObject({ canBill: true, billLink: null, customerId: contact.ref });

    const res = await t.call(
      'afip-billing',
      { ...consumer, bookingId: sale.ref, invoiceDetails: 'Sesión  de\npsicología', invoiceType: 11 },
      pro.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.invoice).toMatchObject({
      letter: 'C',
      voucherType: 11,
      pointOfSale: 2,
      number: 1,
      totalMinor: 2_500_000,
      date: '2026-11-22',
    });
    expect(res.body.invoice.cae).toMatch(/^\d{14}$/);
    expect(res.body.link).toBe(`/invoice-files/${res.body.invoice.ref}`);

    // AFIP recorded it as asked: services to a DNI, the whole amount.
    const afip = t.deps.afip.forTaxpayer(
      (await import('./afip-credentials.service.ts').then((m) => m.loadAfipCredentials(t.deps, pro.id))) ?? {
        cuit: '',
        certificatePem: '',
        privateKeyPem: '',
      },
    );
    const recorded = await afip.consult(2, 11, 1);
    expect(recorded).toMatchObject({
      concept: 2,
      documentType: 96,
      documentNumber: '28456789',
      totalCents: 2_500_000,
    });

    const after = await t.call('find-billing-all', { mode: 1 }, pro.token);
    expect(after.body.rows.find((r: { id: string }) => r.id === sale.ref)).toMatchObject({
      canBill: false,
      billLink: res.body.link,
    });

    const pdf = await pdfOf(res.body.link, pro.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    // Lines wrapped by the PDF are read back joined by a space.
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    for (const expected of [
      'FACTURA',
      'C',
      'COD. 011',
      'Lucía Fernández',
      '20284567898',
      '00002',
      '00000001',
      '22/11/2026',
      'Martín Gómez',
      'DNI: 28456789',
      'Consumidor Final',
      'Responsable Monotributo',
      // The concept collapsed, with the affiliate text of spec 002 §9.
      'Sesión de psicología - ( Afiliado OSDE 210: 61234567801 )',
      '$ 25.000,00',
      res.body.invoice.cae,
    ]) {
      expect(text).toContain(expected);
    }
    const printed = qrOfPdf(bytes);
    expect(printed).toBeDefined();
    expect(bytes.toString('latin1')).toContain(`/URI (${printed})`);
    expect(qrJson(printed ?? '')).toEqual({
      ver: 1,
      fecha: '2026-11-22',
      cuit: 20284567898,
      ptoVta: 2,
      tipoCmp: 11,
      nroCmp: 1,
      importe: 25000,
      moneda: 'PES',
      ctz: 1,
      tipoDocRec: 96,
      nroDocRec: 28456789,
      tipoCodAut: 'E',
      codAut: Number(res.body.invoice.cae),
    });

    const mail = await t.lastMailTo('martin.gomez@example.com');
    expect(mail?.subject).toBe('Tu factura C 00002-00000001 de Lucía Fernández');
    const attached = JSON.parse(
      (
        await t.deps.db
          .selectFrom('mail_outbox')
          .select('attachments')
          .where('ref', '=', mail?.ref ?? '')
          .executeTakeFirstOrThrow()
      ).attachments ?? '[]',
    );
    expect(attached[0]).toMatchObject({
      filename: 'Factura-C-00002-00000001.pdf',
      contentType: 'application/pdf',
    });
    expect(Buffer.from(attached[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // Never invoiced twice: asking again answers the same invoice, one row, AFIP's last still 1.
    const again = await t.call('afip-billing', { ...consumer, bookingId: sale.ref }, pro.token);
    expect(again.body.invoice).toEqual(res.body.invoice);
    expect(await afip.lastAuthorised(2, 11)).toBe(1);
    const rows = await t.deps.db.selectFrom('invoices').select('id').where('sale_id', '=', sale.id).execute();
    expect(rows).toHaveLength(1);

    // The client's data as used is what the popup opens with next time.
    const data = await t.call('get-afip-data', { userMode: 2, refContact: contact.ref }, pro.token);
    expect(data.body).toMatchObject({ saved: true, docTipo: 96, cuit: '28456789', condicionIva: 5 });
  });

  it('a responsable inscripto issues an A to a client found by CUIT in the registry', async () => {
    const pro = await invoicingPro({
      ...monotributista,
      razonSocial: 'Consultorios Norte SRL',
      condicionIva: 1,
      cuit: '30712345671',
      puntoVenta: 1,
    });
    const contact = await makeContact(pro.id);
    const sale = await paidSale(pro.id, contact.id, 12_100_00);
    const found = await t.call('get-afip-padron', { dni: '20284567898' }, pro.token);
    expect(found.statusCode).toBe(200);
    const person = found.body.datosPersona;
    const res = await t.call(
      'afip-billing',
      {
        ...consumer,
        bookingId: sale.ref,
        razonSocialCustomer: `${person.apellido} ${person.nombre}`,
        domicilioFiscalCustomer: person.domicilioFiscal.direccion,
        condicionIvaCustomer: 1,
        docTipoCustomer: 80,
        cuitCustomer: person.idPersona,
      },
      pro.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.invoice).toMatchObject({ letter: 'A', voucherType: 1, number: 1, totalMinor: 12_100_00 });
    const stored = await t.deps.db
      .selectFrom('invoices')
      .selectAll()
      .where('ref', '=', res.body.invoice.ref)
      .executeTakeFirstOrThrow();
    // 21 % inside the price: net 10,000.00 and VAT 2,100.00 (AFIP's 10048 checks they add up).
    expect(stored).toMatchObject({
      net_minor: 10_000_00,
      vat_minor: 2_100_00,
      receptor_doc_number: '20284567898',
    });
    const text = pdfText((await pdfOf(res.body.link, pro.token)).rawPayload);
    expect(text).toContain('COD. 001');
    expect(text).toContain('PEREZ JUAN CARLOS');
    expect(text).toContain('IVA 21%: ');

    // An A needs the client's CUIT (AFIP): a DNI is refused with the server's message.
    const other = await paidSale(pro.id, contact.id);
    const byDni = await t.call(
      'afip-billing',
      { ...consumer, bookingId: other.ref, condicionIvaCustomer: 1, docTipoCustomer: 96 },
      pro.token,
    );
    expect(byDni.body).toMatchObject({
      status: '400',
      code: 'E200',
      message: 'Para emitir una Factura A el cliente debe identificarse con su CUIT.',
    });
    // The same sale to a consumidor final is a B.
    const b = await t.call('afip-billing', { ...consumer, bookingId: other.ref }, pro.token);
    expect(b.body.invoice).toMatchObject({ letter: 'B', voucherType: 6, number: 1 });
  });
});

describe('afip-billing codes (spec 002 §8, verbatim)', () => {
  let pro: Awaited<ReturnType<typeof invoicingPro>>;
  let saleRef: string;
  beforeAll(async () => {
    pro = await invoicingPro({ ...monotributista, cuit: '27312345671' });
    const contact = await makeContact(pro.id);
    saleRef = (await paidSale(pro.id, contact.id, 10_000_00)).ref;
  });

  const mail = 'El mail no parece ser válido.';
  const cuitShape = 'El CUIT debe estar formado por 11 números sin guiones.';
  const rows: [string, Record<string, unknown>, string, string, string][] = [
    [
      'no name',
      { razonSocialCustomer: '  ' },
      'E2',
      'Debes ingresar el Apellido y Nombre o Razón Social.',
      'razonSocialCustomer',
    ],
    [
      'name too long',
      { razonSocialCustomer: 'a'.repeat(251) },
      'E3',
      'El Apellido y Nombre o Razón Social no puede superar los 250 caracteres.',
      'razonSocialCustomer',
    ],
    [
      'name with markup',
      { razonSocialCustomer: '<b>Martín</b>' },
      'E4',
      'solo acepta caracteres alfanúmericos',
      'razonSocialCustomer',
    ],
    [
      'no address',
      { domicilioFiscalCustomer: '' },
      'E5',
      'Debes ingresar el Domicilio comercial.',
      'domicilioFiscalCustomer',
    ],
    [
      'address too long',
      { domicilioFiscalCustomer: 'b'.repeat(251) },
      'E6',
      'El Domicilio comercial no puede superar los 250 caracteres.',
      'domicilioFiscalCustomer',
    ],
    [
      'address with markup',
      { domicilioFiscalCustomer: 'Calle <1>' },
      'E7',
      'solo acepta caracteres alfanúmericos',
      'domicilioFiscalCustomer',
    ],
    [
      'no IVA condition',
      { condicionIvaCustomer: null },
      'E8',
      'Debes seleccionar la Condición frente al IVA.',
      'condicionIvaCustomer',
    ],
    [
      'no document type',
      { docTipoCustomer: null },
      'E9',
      'Debes seleccionar el Tipo de documento.',
      'docTipoCustomer',
    ],
    [
      'CUIL of a responsable inscripto',
      { condicionIvaCustomer: 1, docTipoCustomer: 86, cuitCustomer: '27312345671' },
      'E10',
      'El Tipo de documento no puede ser CUIL con la Condición frente al IVA seleccionada.',
      'docTipoCustomer',
    ],
    ['no CUIT', { docTipoCustomer: 80, cuitCustomer: '' }, 'E11', 'Debes ingresar el CUIT', 'cuitCustomer'],
    [
      'CUIT of 10 digits',
      { docTipoCustomer: 80, cuitCustomer: '2028456789' },
      'E13',
      cuitShape,
      'cuitCustomer',
    ],
    [
      'CUIT with a wrong check digit',
      { docTipoCustomer: 80, cuitCustomer: '20284567890' },
      'E23',
      'El dígito verificador del CUIT no es correcto: revisa el número.',
      'cuitCustomer',
    ],
    [
      'no concept',
      { invoiceDetails: ' \n ' },
      'E14',
      'Debes ingresar el concepto de venta.',
      'invoiceDetails',
    ],
    [
      'concept too long',
      { invoiceDetails: 'c'.repeat(251) },
      'E15',
      'El concepto de venta no puede superar los 250 caracteres.',
      'invoiceDetails',
    ],
    [
      'concept with markup',
      { invoiceDetails: '<script>' },
      'E16',
      'solo acepta caracteres alfanúmericos',
      'invoiceDetails',
    ],
    ['no e-mail', { userMail: '' }, 'E19', mail, 'userMail'],
    ['e-mail with a space', { userMail: 'martin gomez@example.com' }, 'E20', mail, 'userMail'],
    ['e-mail without a domain', { userMail: 'martin@example' }, 'E21', mail, 'userMail'],
    [
      'price above the sale',
      { invoicePrice: 10_000_01 },
      'E22',
      'El precio de la factura debe ser mayor a cero y no superar el de la venta.',
      'invoicePrice',
    ],
    [
      'price of zero',
      { invoicePrice: 0 },
      'E22',
      'El precio de la factura debe ser mayor a cero y no superar el de la venta.',
      'invoicePrice',
    ],
    [
      'a sale that does not exist',
      { bookingId: 'noSuchSale0001' },
      'E90',
      'No encontramos la venta.',
      'bookingId',
    ],
  ];
  it.each(rows)('%s → %s', async (_name, over, code, message, field) => {
    const res = await t.call('afip-billing', { ...consumer, bookingId: saleRef, ...over }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: '400', code, message, field });
  });

  it('nothing is written by a refused request', async () => {
    const count = await t.deps.db
      .selectFrom('invoices')
      .select('id')
      .where('seller_id', '=', pro.id)
      .execute();
    expect(count).toHaveLength(0);
  });

  it('E200 carries the server’s message: an unpaid sale', async () => {
    const contact = await makeContact(pro.id);
    const unpaid = await paidSale(pro.id, contact.id, 5_000_00, false);
    const res = await t.call('afip-billing', { ...consumer, bookingId: unpaid.ref }, pro.token);
    expect(res.body).toEqual({
      status: '400',
      code: 'E200',
      message: 'Solo se pueden facturar ventas abonadas.',
    });
    const row = (await t.call('find-billing-all', { mode: 1 }, pro.token)).body.rows.find(
      (r: { id: string }) => r.id === unpaid.ref,
    );
    expect(row.canBill).toBe(false);
    // A free sale, paid, has nothing to invoice.
    const free = await paidSale(pro.id, contact.id, 0);
    const listed = (await t.call('find-billing-all', { mode: 1 }, pro.token)).body.rows;
    expect(listed.find((r: { id: string }) => r.id === free.ref)?.canBill).toBe(false);
  });

  it('E200 carries AFIP’s own refusal, and nothing is numbered or stored', async () => {
    // A responsable inscripto invoicing a monotributista: the rule of spec 002 §4 gives a B, and
    // since RG 5616 AFIP refuses a B to condition 6 (10243); the popup shows AFIP's words.
    const ri = await invoicingPro({ ...monotributista, condicionIva: 1, cuit: '30712345671', puntoVenta: 4 });
    const contact = await makeContact(ri.id);
    const sale = await paidSale(ri.id, contact.id, 3_000_00);
    const res = await t.call(
      'afip-billing',
      {
        ...consumer,
        bookingId: sale.ref,
        condicionIvaCustomer: 6,
        docTipoCustomer: 80,
        cuitCustomer: '20284567898',
      },
      ri.token,
    );
    expect(res.body).toMatchObject({ status: '400', code: 'E200' });
    expect(res.body.message).toMatch(/^AFIP rechazó la factura\. 10243: /);
    expect(
      await t.deps.db.selectFrom('invoices').select('id').where('sale_id', '=', sale.id).execute(),
    ).toEqual([]);
    expect(t.deps.afip.imitation?.authorised('30712345671', 4, 6)).toEqual([]);
  });

  it('not linked to AFIP → the not-configured notice (E30)', async () => {
    const unlinked = await makeUser(t, { userType: 1 });
    await t.call('update-afip-data', monotributista, unlinked.token);
    const contact = await makeContact(unlinked.id);
    const sale = await paidSale(unlinked.id, contact.id);
    const res = await t.call('afip-billing', { ...consumer, bookingId: sale.ref }, unlinked.token);
    expect(res.body).toEqual({
      status: '400',
      code: 'E30',
      message:
        'Para emitir facturas primero debes cargar tus datos de facturación y vincular tu cuenta de AFIP.',
    });
  });
});

describe('who may issue and see an invoice (spec 001 §6)', () => {
  it('another professional, a client and a team member without invoice get nothing; the PDF is private', async () => {
    const pro = await invoicingPro({ ...monotributista, cuit: '20284567898', puntoVenta: 7 });
    const contact = await makeContact(pro.id);
    const sale = await paidSale(pro.id, contact.id);
    const other = await invoicingPro({ ...monotributista, cuit: '27312345671', puntoVenta: 8 });
    const client = await makeUser(t, { userType: 2 });
    const member = await makeUser(t, { userType: 1 });
    const without = await createCorporateSession(t.deps, pro.id, member.id, { invoice: false });
    const withIt = await createCorporateSession(t.deps, pro.id, member.id, { invoice: true });
    const ask = { ...consumer, bookingId: sale.ref };

    expect((await t.call('afip-billing', ask, other.token)).body).toMatchObject({ code: 'E90' });
    expect((await t.call('afip-billing', ask, client.token)).statusCode).toBe(403);
    expect((await t.call('afip-billing', ask, null)).statusCode).toBe(401);
    expect((await t.call('afip-billing', ask, without)).body).toMatchObject({
      status: '403',
      message: 'No tienes permisos suficientes para emitir facturas.',
    });
    expect(
      await t.deps.db.selectFrom('invoices').select('id').where('sale_id', '=', sale.id).execute(),
    ).toEqual([]);

    const issued = await t.call('afip-billing', ask, withIt);
    expect(issued.statusCode).toBe(200);
    const link = issued.body.link;
    expect((await pdfOf(link, pro.token)).statusCode).toBe(200);
    expect((await pdfOf(link, withIt)).statusCode).toBe(200);
    for (const token of [other.token, client.token, without, null]) {
      const res = await pdfOf(link, token);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toBe('application/pdf');
    }
  });
});

describe('20 simultaneous Facturar of one professional (issue 15 acceptance)', () => {
  it('gives 20 invoices numbered consecutively, no gap, no duplicate', async () => {
    const pro = await invoicingPro({ ...monotributista, cuit: '20284567898', puntoVenta: 11 });
    const contact = await makeContact(pro.id);
    const sales = [];
    for (let i = 0; i < 20; i += 1) sales.push(await paidSale(pro.id, contact.id, 1_000_00 + i));
    const answers = await Promise.all(
      sales.map((s) => t.call('afip-billing', { ...consumer, bookingId: s.ref }, pro.token)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => a.body.invoice.number).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const stored = await t.deps.db
      .selectFrom('invoices')
      .select(['number', 'sale_id', 'total_minor'])
      .where('seller_id', '=', pro.id)
      .execute();
    expect(new Set(stored.map((r) => r.sale_id)).size).toBe(20);
    expect(stored.map((r) => r.number).sort((a, b) => a - b)).toEqual(numbers);
  }, 120_000);
});
