import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { makeContact as contactRow } from '../../test/contact-fixtures.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createCorporateSession } from '../auth/auth.service.ts';
import { linkAfipWithImitation, startAfipLink } from './afip-credentials.service.ts';
import { linkAfipImitation } from './fiscal-data.service.ts';

const t = useTestApp();

// A monotributista's data as the editor posts it (spec 002 §7), AFIP's own CUIT for the number.
const own = {
  userMode: 1,
  refContact: '',
  razonSocial: 'Lucía  Fernández\n',
  domicilioFiscal: 'Av. Corrientes 1234, 5º B, CABA',
  condicionIva: 6,
  docTipo: 80,
  cuit: '33693450239',
  puntoVenta: 3,
  fechaInicio: '2020-03-01',
};

function makeContact(
  professionalId: number,
  over: { identify?: string | null; obraSocial?: string | null; numObraSocial?: string | null } = {},
) {
  return contactRow(t, professionalId, {
    email: 'martin.gomez@example.com',
    street: 'Av. Santa Fe 2020',
    floor: '3',
    depto: 'A',
    birth_year: 1990,
    birth_month: 1,
    birth_day: 1,
    obra_social: over.obraSocial ?? null,
    num_obra_social: over.numObraSocial ?? null,
    identify: over.identify ?? null,
  });
}

describe('update-afip-data / get-afip-data, mode 1 (spec 002 §5, §7)', () => {
  it('answers empty fields until saved, then the data as saved (collapsed), connectedOk false', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const before = await t.call('get-afip-data', { userMode: 1, refContact: '' }, pro.token);
    expect(before.body).toMatchObject({
      status: '200',
      saved: false,
      razonSocial: '',
      condicionIva: null,
      puntoVenta: null,
      connectedOk: false,
    });

    const saved = await t.call('update-afip-data', own, pro.token);
    expect(saved.statusCode).toBe(200);
    const read = await t.call('get-afip-data', { userMode: '1', refContact: '' }, pro.token);
    expect(read.body).toEqual({
      status: '200',
      ...own,
      // Spaces and line breaks in the name fold to one space.
      razonSocial: 'Lucía Fernández',
      saved: true,
      sellerCondicionIva: 6,
      connectedOk: false,
      insurance: null,
      userMail: null,
    });
    expect(saved.body).toEqual({ ...read.body, unlinkedCuit: null });
  });

  it("saves an empty name and address as '---' (mode 1)", async () => {
    const pro = await makeUser(t, { userType: 1 });
    const res = await t.call(
      'update-afip-data',
      { ...own, razonSocial: '', domicilioFiscal: ' ' },
      pro.token,
    );
    expect(res.body).toMatchObject({ razonSocial: '---', domicilioFiscal: '---' });
  });

  it.each([
    ['a CUIT with a wrong check digit', { cuit: '33693450238' }, 'E23', 'cuit'],
    ['a CUIT with letters', { cuit: '33-6934502A-9' }, 'E12', 'cuit'],
    ['a CUIT of ten digits', { cuit: '33-6934502-9' }, 'E13', 'cuit'],
    ['no CUIT', { cuit: '' }, 'E11', 'cuit'],
    ['a name over 250', { razonSocial: 'L'.repeat(251) }, 'E3', 'razonSocial'],
    ['no IVA condition', { condicionIva: '' }, 'E8', 'condicionIva'],
    ['consumidor final as the professional', { condicionIva: 5 }, 'E8', 'condicionIva'],
    ['no document type', { docTipo: null }, 'E9', 'docTipo'],
    ['no point of sale', { puntoVenta: '' }, 'E14', 'puntoVenta'],
    ['point of sale 100', { puntoVenta: 100 }, 'E15', 'puntoVenta'],
    ['point of sale with letters', { puntoVenta: 'a1' }, 'E16', 'puntoVenta'],
    ['no start of activities', { fechaInicio: '' }, 'E17', 'fechaInicio'],
    ['a start of activities in the future', { fechaInicio: '2099-01-01' }, 'E18', 'fechaInicio'],
  ])('refuses %s with the spec code, and writes nothing', async (_name, over, code, field) => {
    const pro = await makeUser(t, { userType: 1 });
    const res = await t.call('update-afip-data', { ...own, ...over }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ status: '400', code, field });
    const read = await t.call('get-afip-data', { userMode: 1 }, pro.token);
    expect(read.body.saved).toBe(false);
  });

  it('says the check digit is wrong when that is the fault, and the shape when it is not (issue 34)', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const res = await t.call('update-afip-data', { ...own, cuit: '20-12345678-0' }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('El dígito verificador del CUIT no es correcto: revisa el número.');
    const short = await t.call('update-afip-data', { ...own, cuit: '2012345678' }, pro.token);
    expect(short.body.message).toBe('El CUIT debe estar formado por 11 números sin guiones.');
  });

  it('takes a CUIT written with dashes or spaces and stores its digits (issue 34)', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const digits = own.cuit;
    const dashed = `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
    const res = await t.call('update-afip-data', { ...own, cuit: dashed }, pro.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.cuit).toBe(digits);
    const spaced = await t.call('update-afip-data', { ...own, cuit: dashed.replace(/-/g, ' ') }, pro.token);
    expect(spaced.body.cuit).toBe(digits);
  });
});

describe('connectedOk (spec 002 §3): a login to AFIP with the linked certificate works', () => {
  it('false while nothing is linked or only a CSR is made, true once linked, in both modes', async () => {
    const pro = await makeUser(t, { userType: 1 });
    await t.call('update-afip-data', own, pro.token);
    await startAfipLink(t.deps, pro.id, { cuit: own.cuit, name: 'Lucía Fernández' });
    const halfway = await t.call('get-afip-data', { userMode: 1, refContact: '' }, pro.token);
    expect(halfway.body).toMatchObject({ status: '200', connectedOk: false });

    await linkAfipWithImitation(t.deps, pro.id, { cuit: own.cuit, name: 'Lucía Fernández' });
    const linked = await t.call('get-afip-data', { userMode: 1, refContact: '' }, pro.token);
    expect(linked.body).toMatchObject({ status: '200', connectedOk: true, cuit: own.cuit });
    const contact = await makeContact(pro.id);
    const forContact = await t.call('get-afip-data', { userMode: 2, refContact: contact.ref }, pro.token);
    expect(forContact.body).toMatchObject({ status: '200', connectedOk: true });

    // Another professional's link does not count for this one.
    const other = await makeUser(t, { userType: 1 });
    const theirs = await t.call('get-afip-data', { userMode: 1, refContact: '' }, other.token);
    expect(theirs.body).toMatchObject({ connectedOk: false });
  });
});

describe('a change of CUIT unlinks AFIP (issue 34)', () => {
  it('removes the certificate of the old CUIT with the save and says so; the same CUIT keeps it', async () => {
    const pro = await makeUser(t, { userType: 1 });
    await t.call('update-afip-data', own, pro.token);
    await linkAfipWithImitation(t.deps, pro.id, { cuit: own.cuit, name: 'Lucía Fernández' });

    const same = await t.call('update-afip-data', { ...own, puntoVenta: 4 }, pro.token);
    expect(same.body).toMatchObject({ status: '200', unlinkedCuit: null, connectedOk: true });

    const other = await t.call('update-afip-data', { ...own, cuit: '20-12345678-6' }, pro.token);
    expect(other.body).toMatchObject({
      status: '200',
      cuit: '20123456786',
      unlinkedCuit: own.cuit,
      connectedOk: false,
    });
    const link = await t.call('find-afip-link', {}, pro.token);
    expect(link.body).toMatchObject({ state: 'none', cuit: '', connectedOk: false });
  });

  it('a refused save changes nothing: the link stays', async () => {
    const pro = await makeUser(t, { userType: 1 });
    await t.call('update-afip-data', own, pro.token);
    await linkAfipWithImitation(t.deps, pro.id, { cuit: own.cuit, name: 'Lucía Fernández' });
    const res = await t.call('update-afip-data', { ...own, cuit: '20123456786', puntoVenta: 100 }, pro.token);
    expect(res.statusCode).toBe(400);
    const link = await t.call('find-afip-link', {}, pro.token);
    expect(link.body).toMatchObject({ state: 'linked', cuit: own.cuit });
  });
});

describe('fiscal data of a contact, mode 2 (the invoice popup)', () => {
  it('prefills from the contact until saved, with the insurance and the e-mail', async () => {
    const pro = await makeUser(t, { userType: 1 });
    await t.call('update-afip-data', own, pro.token);
    const contact = await makeContact(pro.id, {
      identify: '30.111.222',
      obraSocial: 'OSDE 210',
      numObraSocial: '61234567801',
    });
    const first = await t.call('get-afip-data', { userMode: 2, refContact: contact.ref }, pro.token);
    expect(first.body).toMatchObject({
      userMode: 2,
      refContact: contact.ref,
      saved: false,
      razonSocial: 'Martín Gómez',
      domicilioFiscal: 'Av. Santa Fe 2020 3 A',
      condicionIva: 5,
      docTipo: 96,
      cuit: '30111222',
      puntoVenta: null,
      sellerCondicionIva: 6,
      insurance: { plan: 'OSDE 210', number: '61234567801' },
      userMail: 'martin.gomez@example.com',
    });

    const saved = await t.call(
      'update-afip-data',
      {
        userMode: 2,
        refContact: contact.ref,
        razonSocial: 'Gómez Servicios SRL',
        domicilioFiscal: 'Florida 100, CABA',
        condicionIva: 1,
        docTipo: 80,
        cuit: '30703088534',
      },
      pro.token,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toMatchObject({ saved: true, condicionIva: 1, cuit: '30703088534' });
    // The professional's own data is untouched.
    const ownData = await t.call('get-afip-data', { userMode: 1 }, pro.token);
    expect(ownData.body).toMatchObject({
      razonSocial: 'Lucía Fernández',
      condicionIva: 6,
      cuit: '33693450239',
    });
  });

  it.each([
    ['no name', { razonSocial: '' }, 'E2', 'razonSocial'],
    ['no address', { domicilioFiscal: '' }, 'E5', 'domicilioFiscal'],
    [
      'a CUIL for a responsable inscripto',
      { condicionIva: 1, docTipo: 86, cuit: '20123456786' },
      'E10',
      'docTipo',
    ],
  ])('refuses %s', async (_name, over, code, field) => {
    const pro = await makeUser(t, { userType: 1 });
    const contact = await makeContact(pro.id);
    const res = await t.call(
      'update-afip-data',
      {
        userMode: 2,
        refContact: contact.ref,
        razonSocial: 'Martín Gómez',
        domicilioFiscal: 'Av. Santa Fe 2020',
        condicionIva: 5,
        docTipo: 96,
        cuit: '30111222',
        ...over,
      },
      pro.token,
    );
    expect(res.body).toMatchObject({ status: '400', code, field });
  });

  it("never reads nor writes another professional's contact", async () => {
    const owner = await makeUser(t, { userType: 1 });
    const other = await makeUser(t, { userType: 1 });
    const contact = await makeContact(owner.id, { identify: '30111222' });
    const read = await t.call('get-afip-data', { userMode: 2, refContact: contact.ref }, other.token);
    expect(read.body).toMatchObject({ status: '400', code: 'E90' });
    const write = await t.call(
      'update-afip-data',
      {
        userMode: 2,
        refContact: contact.ref,
        razonSocial: 'Intruso',
        domicilioFiscal: 'X 1',
        condicionIva: 5,
        docTipo: 0,
        cuit: '',
      },
      other.token,
    );
    expect(write.body).toMatchObject({ status: '400', code: 'E90' });
    const stored = await t.deps.db
      .selectFrom('contact_fiscal_data')
      .selectAll()
      .where('contact_id', '=', contact.id)
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('who may call it (spec 001 §6)', () => {
  it('refuses clients and signed-out callers', async () => {
    const client = await makeUser(t, { userType: 2 });
    expect((await t.call('get-afip-data', { userMode: 1 }, client.token)).statusCode).toBe(403);
    expect((await t.call('update-afip-data', own, null)).statusCode).toBe(401);
  });

  it("a team member needs the 'invoice' permission, then acts on the account's data", async () => {
    const owner = await makeUser(t, { userType: 1 });
    const member = await makeUser(t, { userType: 1 });
    const without = await createCorporateSession(t.deps, owner.id, member.id, { invoice: false });
    const refused = await t.call('update-afip-data', own, without);
    expect(refused.body).toMatchObject({
      status: '403',
      message: 'No tienes permisos suficientes para emitir facturas.',
    });
    const withIt = await createCorporateSession(t.deps, owner.id, member.id, { invoice: true });
    expect((await t.call('update-afip-data', own, withIt)).statusCode).toBe(200);
    const ownerView = await t.call('get-afip-data', { userMode: 1 }, owner.token);
    expect(ownerView.body).toMatchObject({ saved: true, cuit: '33693450239' });
    const memberOwn = await t.call('get-afip-data', { userMode: 1 }, member.token);
    expect(memberOwn.body.saved).toBe(false);
  });
});

describe('get-afip-padron (spec 002 §7, §8): the registry through the professional’s AFIP link', () => {
  async function linkedPro() {
    const pro = await makeUser(t, { userType: 1 });
    await linkAfipWithImitation(t.deps, pro.id, { cuit: '20284567898', name: 'Juan Pérez' });
    return pro;
  }

  it('finds a person by CUIT/CUIL and by DNI, with the fiscal address', async () => {
    const pro = await linkedPro();
    const byCuil = await t.call('get-afip-padron', { dni: '27312345671' }, pro.token);
    expect(byCuil.body).toEqual({
      status: '200',
      datosPersona: {
        tipoClave: 'CUIL',
        nombre: 'MARIA LAURA',
        apellido: 'GARCIA',
        idPersona: '27312345671',
        domicilioFiscal: {
          direccion: 'BV SAN JUAN 455',
          localidad: 'CORDOBA',
          descripcionProvincia: 'CORDOBA',
        },
      },
    });
    const byDni = await t.call('get-afip-padron', { dni: '28.456.789' }, pro.token);
    expect(byDni.body.datosPersona).toMatchObject({
      tipoClave: 'CUIT',
      idPersona: '20284567898',
      apellido: 'PEREZ',
      nombre: 'JUAN CARLOS',
    });
    const company = await t.call('get-afip-padron', { dni: 30712345671 }, pro.token);
    expect(company.body.datosPersona).toMatchObject({ nombre: 'CONSULTORIOS DEL SUR S.A.', apellido: '' });
  });

  it('answers the spec texts: empty, a number that is no document (300), nobody found (400)', async () => {
    const pro = await linkedPro();
    const empty = await t.call('get-afip-padron', { dni: ' ' }, pro.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toMatchObject({ code: 'E1', message: 'Debes ingresar el DNI o CUIT de la persona.' });
    for (const dni of ['12', 'abc', '20284567890']) {
      const wrong = await t.call('get-afip-padron', { dni }, pro.token);
      expect(wrong.statusCode).toBe(300);
      expect(wrong.body).toMatchObject({
        status: '300',
        message: 'El número de documento ingresado no es correcto.',
      });
    }
    for (const dni of ['11111111', '20111111112']) {
      const none = await t.call('get-afip-padron', { dni }, pro.token);
      expect(none.statusCode).toBe(400);
      expect(none.body).toMatchObject({
        status: '400',
        message: 'No se encontró ninguna persona con ese número de documento.',
      });
    }
  });

  it('not linked: the not-configured answer, no search', async () => {
    const pro = await makeUser(t, { userType: 1 });
    const res = await t.call('get-afip-padron', { dni: '28456789' }, pro.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({ code: 'E2' });
  });

  it("refuses clients, signed-out callers and team members without the 'invoice' permission", async () => {
    const owner = await linkedPro();
    const client = await makeUser(t, { userType: 2 });
    expect((await t.call('get-afip-padron', { dni: '28456789' }, client.token)).statusCode).toBe(403);
    expect((await t.call('get-afip-padron', { dni: '28456789' }, null)).statusCode).toBe(401);
    const member = await makeUser(t, { userType: 1 });
    const without = await createCorporateSession(t.deps, owner.id, member.id, { invoice: false });
    expect((await t.call('get-afip-padron', { dni: '28456789' }, without)).statusCode).toBe(403);
    // With the permission, the search uses the account's link (the member has none of their own).
    const withIt = await createCorporateSession(t.deps, owner.id, member.id, { invoice: true });
    const found = await t.call('get-afip-padron', { dni: '28456789' }, withIt);
    expect(found.body.datosPersona).toMatchObject({ idPersona: '20284567898' });
  });
});

describe('linking AFIP: find-afip-link, start-afip-link, save-afip-certificate, link-afip-imitation', () => {
  it('needs the saved CUIT first, then a CSR (PEM) for it, then the certificate AFIP issued', async () => {
    const pro = await makeUser(t, { userType: 1 });
    expect((await t.call('start-afip-link', {}, pro.token)).body).toMatchObject({
      status: '400',
      code: 'E2',
      message: 'Primero debes guardar tus datos de facturación con tu CUIT.',
    });
    expect((await t.call('find-afip-link', {}, pro.token)).body).toMatchObject({
      state: 'none',
      connectedOk: false,
      imitation: true,
    });
    await t.call('update-afip-data', own, pro.token);
    const started = await t.call('start-afip-link', {}, pro.token);
    expect(started.body).toMatchObject({ status: '200', state: 'csr', cuit: own.cuit, connectedOk: false });
    expect(started.body.csrPem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/);

    const notOne = await t.call('save-afip-certificate', { certificate: 'hola' }, pro.token);
    expect(notOne.body).toMatchObject({ status: '400', code: 'E4', field: 'certificate' });
    const empty = await t.call('save-afip-certificate', { certificate: '' }, pro.token);
    expect(empty.body).toMatchObject({ status: '400', code: 'E4' });
    // A certificate for an older CSR: its key was replaced.
    const older = t.deps.afip.imitation?.issueCertificate(started.body.csrPem) ?? '';
    const again = await t.call('start-afip-link', {}, pro.token);
    const mismatch = await t.call('save-afip-certificate', { certificate: older }, pro.token);
    expect(mismatch.body).toMatchObject({
      status: '400',
      code: 'E5',
      message:
        'El certificado no corresponde al último pedido (CSR) generado. Sube el certificado emitido para ese pedido.',
    });

    const issued = t.deps.afip.imitation?.issueCertificate(again.body.csrPem) ?? '';
    const linked = await t.call('save-afip-certificate', { certificate: `\n${issued}\n` }, pro.token);
    expect(linked.body).toMatchObject({
      status: '200',
      state: 'linked',
      cuit: own.cuit,
      connectedOk: true,
      csrPem: '',
    });
    expect(linked.body.certificateExpiresAt).toEqual(expect.any(String));
    expect(JSON.stringify(linked.body)).not.toContain('PRIVATE KEY');
    const read = await t.call('get-afip-data', { userMode: 1 }, pro.token);
    expect(read.body.connectedOk).toBe(true);
  });

  it('one click against the imitation; refused in production', async () => {
    const pro = await makeUser(t, { userType: 1 });
    await t.call('update-afip-data', own, pro.token);
    const res = await t.call('link-afip-imitation', {}, pro.token);
    expect(res.body).toMatchObject({ status: '200', state: 'linked', connectedOk: true });
    const production = { ...t.deps, config: { ...t.deps.config, env: 'production' as const } };
    await expect(linkAfipImitation(production, pro.id)).rejects.toMatchObject({ code: 'E8' });
    await expect(
      linkAfipImitation({ ...t.deps, afip: { ...t.deps.afip, imitation: null } }, pro.id),
    ).rejects.toMatchObject({
      code: 'E8',
    });
  });

  it('refuses clients and signed-out callers; each account sees only its own link', async () => {
    const client = await makeUser(t, { userType: 2 });
    expect((await t.call('find-afip-link', {}, client.token)).statusCode).toBe(403);
    expect((await t.call('start-afip-link', {}, null)).statusCode).toBe(401);
    const other = await makeUser(t, { userType: 1 });
    expect((await t.call('find-afip-link', {}, other.token)).body).toMatchObject({ state: 'none' });
  });
});
