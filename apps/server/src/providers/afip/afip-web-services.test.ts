import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound } from '../../lib/outbound.ts';
import { createTestAuthority, generateKeyAndCsr, issueCertificate } from './afip-cms.ts';
import { type AfipImitation, createAfipImitation, wsfeCodes } from './afip-imitation.ts';
import {
  AfipFault,
  type AfipInvoicing,
  type AfipService,
  type AfipTicket,
  AfipUnreachable,
  type InvoiceRequest,
} from './afip-port.ts';
import { createAfipWebServices, type TicketStore } from './afip-web-services.ts';

/** The real adapter's SOAP requests against the imitation over HTTP (issue 15 acceptance). */

const cuit = '20284567898';
const clock = { now: new Date('2026-11-22T12:00:00Z') };
const now = () => clock.now;

function memoryTickets(): TicketStore & { saved: number } {
  const rows = new Map<string, AfipTicket>();
  return {
    saved: 0,
    async read(c: string, service: AfipService) {
      return rows.get(`${c}-${service}`) ?? null;
    },
    async save(c: string, service: AfipService, ticket: AfipTicket) {
      this.saved += 1;
      rows.set(`${c}-${service}`, ticket);
    },
  };
}

const factura = (number: number, extra: Partial<InvoiceRequest> = {}): InvoiceRequest => ({
  pointOfSale: 1,
  voucherType: 11,
  number,
  concept: 2,
  documentType: 96,
  documentNumber: '31234567',
  date: '2026-11-22',
  totalCents: 1_500_050,
  netCents: 1_500_050,
  vatCents: 0,
  serviceFrom: '2026-11-22',
  serviceTo: '2026-11-22',
  dueDate: '2026-11-22',
  receptorIvaCondition: 5,
  ...extra,
});

let imitation: AfipImitation;
let credentials: { cuit: string; certificatePem: string; privateKeyPem: string };
let tickets: ReturnType<typeof memoryTickets>;
let afip: AfipInvoicing;

beforeAll(() => {
  imitation = createAfipImitation({ now });
  const { privateKeyPem, csrPem } = generateKeyAndCsr({
    cuit,
    organization: 'Juan Pérez',
    commonName: 'agendo',
  });
  credentials = { cuit, privateKeyPem, certificatePem: imitation.issueCertificate(csrPem) };
  tickets = memoryTickets();
  afip = createAfipWebServices({ endpoints: imitation.endpoints, credentials, tickets, now, http });
});
// The imitation listens on 127.0.0.1: reached through the outbound client's view that trusts it.
const outbound = createOutbound({ env: 'test' });
const http = async () => outbound.trusting([(await imitation.endpoints()).wsaa]);
afterAll(async () => {
  await imitation.close();
  await outbound.close();
});

describe('WSAA login', () => {
  it('signs the ticket request, gets a 12-hour ticket and reuses it until it expires', async () => {
    const first = await afip.login('wsfe');
    expect(first.token).not.toBe('');
    expect(first.expiresAt.getTime() - now().getTime()).toBe(12 * 3600_000);
    const again = await afip.login('wsfe');
    expect(again.token).toBe(first.token);
    expect(tickets.saved).toBe(1);
  });

  it('a second instance sharing the ticket store does not log in again (WSAA would refuse)', async () => {
    const other = createAfipWebServices({ endpoints: imitation.endpoints, credentials, tickets, now, http });
    await other.lastAuthorised(1, 11);
    expect(tickets.saved).toBe(1);
  });

  it('an instance without the shared ticket gets coe.alreadyAuthenticated', async () => {
    const lonely = createAfipWebServices({
      http,
      endpoints: imitation.endpoints,
      credentials,
      tickets: memoryTickets(),
      now,
    });
    await expect(lonely.login('wsfe')).rejects.toMatchObject({ code: 'ns1:coe.alreadyAuthenticated' });
  });

  it('refuses a certificate that AFIP (its CA) did not issue', async () => {
    const stranger = createTestAuthority(now());
    const { privateKeyPem, csrPem } = generateKeyAndCsr({ cuit, organization: 'X', commonName: 'x' });
    const forged = createAfipWebServices({
      http,
      endpoints: imitation.endpoints,
      credentials: { cuit, privateKeyPem, certificatePem: issueCertificate(stranger, csrPem, now()) },
      tickets: memoryTickets(),
      now,
    });
    await expect(forged.login('wsfe')).rejects.toMatchObject({ code: 'ns1:cms.cert.untrusted' });
  });

  it('refuses a CMS signed with another key than the certificate names', async () => {
    const { privateKeyPem } = generateKeyAndCsr({ cuit, organization: 'X', commonName: 'x' });
    const mismatched = createAfipWebServices({
      http,
      endpoints: imitation.endpoints,
      credentials: { ...credentials, privateKeyPem },
      tickets: memoryTickets(),
      now,
    });
    await expect(mismatched.login('ws_sr_padron_a13')).rejects.toMatchObject({
      code: 'ns1:cms.sign.invalid',
    });
  });
});

describe('WSFEv1', () => {
  it('numbers from 0, authorises the next with a 14-digit CAE, and FECompConsultar returns it', async () => {
    expect(await afip.lastAuthorised(1, 11)).toBe(0);
    const result = await afip.authorise(factura(1));
    expect(result).toMatchObject({ result: 'A', number: 1, caeExpiry: '2026-12-02', observations: [] });
    if (result.result !== 'A') throw new Error('not authorised');
    expect(result.cae).toMatch(/^\d{14}$/);
    expect(await afip.lastAuthorised(1, 11)).toBe(1);
    expect(await afip.consult(1, 11, 1)).toMatchObject({
      number: 1,
      cae: result.cae,
      caeExpiry: '2026-12-02',
      totalCents: 1_500_050,
      documentNumber: '31234567',
      date: '2026-11-22',
      result: 'A',
      emissionType: 'CAE',
      receptorIvaCondition: 5,
    });
  });

  it('numbers each point of sale and type apart', async () => {
    expect(await afip.lastAuthorised(2, 11)).toBe(0);
    expect(await afip.authorise(factura(1, { pointOfSale: 2 }))).toMatchObject({ result: 'A', number: 1 });
  });

  it('FECompConsultar of a number never authorised is null (602)', async () => {
    expect(await afip.consult(1, 11, 99)).toBeNull();
  });

  it.each([
    ['a number that is not the next one', { number: 5 }, 10016],
    ['the same number twice', { number: 1 }, 10016],
    ['no receptor IVA condition (RG 5616)', { receptorIvaCondition: undefined }, 10246],
    ['a receptor IVA condition that does not exist', { receptorIvaCondition: 3 }, 10242],
    ['a total that is not the sum of its parts', { totalCents: 999 }, 10048],
    ['VAT on a Factura C', { vatCents: 100, totalCents: 1_500_150 }, 10071],
  ] as const)('rejects %s with AFIP code %i', async (_name, change, code) => {
    const next = (await afip.lastAuthorised(1, 11)) + 1;
    const result = await afip.authorise(factura(next, change as Partial<InvoiceRequest>));
    expect(result.result).toBe('R');
    if (result.result !== 'R') return;
    expect(result.observations).toContainEqual({ code, message: wsfeCodes[code as keyof typeof wsfeCodes] });
    expect(await afip.lastAuthorised(1, 11)).toBe(next - 1);
  });

  it('a Factura A to a consumidor final is refused for its class (10243); to a responsable inscripto it passes', async () => {
    const a = { voucherType: 1, documentType: 80, documentNumber: '30712345671', netCents: 100_000 };
    const vat = {
      vatCents: 21_000,
      totalCents: 121_000,
      vat: [{ rateId: 5, baseCents: 100_000, amountCents: 21_000 }],
    };
    const refused = await afip.authorise(factura(1, { ...a, ...vat, receptorIvaCondition: 5 }));
    expect(refused).toMatchObject({ result: 'R', observations: [{ code: 10243 }] });
    const ok = await afip.authorise(factura(1, { ...a, ...vat, receptorIvaCondition: 1 }));
    expect(ok).toMatchObject({ result: 'A', number: 1 });
  });

  it('lists the receptor IVA conditions, per invoice class', async () => {
    const all = await afip.receptorIvaConditions();
    expect(all).toContainEqual({ id: 5, description: 'Consumidor Final', voucherClasses: 'B/C' });
    const forA = await afip.receptorIvaConditions('A');
    expect(forA.map((c) => c.id).sort((x, y) => x - y)).toEqual([1, 6, 13, 16]);
  });

  it('a lost answer is AfipUnreachable, though AFIP did authorise', async () => {
    const next = (await afip.lastAuthorised(1, 11)) + 1;
    imitation.loseNextAnswer('FECAESolicitar');
    await expect(afip.authorise(factura(next))).rejects.toBeInstanceOf(AfipUnreachable);
    expect(await afip.consult(1, 11, next)).toMatchObject({ number: next, result: 'A' });
  });

  it('a ticket for another CUIT is refused with 600, as an AfipFault', async () => {
    const { privateKeyPem, csrPem } = generateKeyAndCsr({
      cuit: '27312345671',
      organization: 'M',
      commonName: 'm',
    });
    const store = memoryTickets();
    const maria = createAfipWebServices({
      http,
      endpoints: imitation.endpoints,
      credentials: { cuit: '27312345671', privateKeyPem, certificatePem: imitation.issueCertificate(csrPem) },
      tickets: store,
      now,
    });
    const ticket = await maria.login('wsfe');
    // Her ticket stored as if it were Juan's: WSFE sees a token of another CUIT.
    const crossed = memoryTickets();
    await crossed.save(cuit, 'wsfe', ticket);
    const wrong = createAfipWebServices({
      http,
      endpoints: imitation.endpoints,
      credentials,
      tickets: crossed,
      now,
    });
    await expect(wrong.lastAuthorised(1, 11)).rejects.toMatchObject({ code: '600' });
    await expect(wrong.lastAuthorised(1, 11)).rejects.toBeInstanceOf(AfipFault);
  });
});

describe('padrón A13', () => {
  it('finds a person by CUIT with the fiscal address', async () => {
    expect(await afip.person('27312345671')).toEqual({
      id: '27312345671',
      personType: 'FISICA',
      keyType: 'CUIL',
      keyState: 'ACTIVO',
      name: 'GARCIA MARIA LAURA',
      lastName: 'GARCIA',
      firstName: 'MARIA LAURA',
      documentNumber: '31234567',
      address: { street: 'BV SAN JUAN 455', locality: 'CORDOBA', province: 'CORDOBA', postalCode: '5000' },
    });
    expect(await afip.person('30712345671')).toMatchObject({
      name: 'CONSULTORIOS DEL SUR S.A.',
      personType: 'JURIDICA',
    });
  });

  it('an unknown key is null; a DNI gives its CUITs', async () => {
    expect(await afip.person('20111111112')).toBeNull();
    expect(await afip.personIdsByDocument('28456789')).toEqual(['20284567898']);
    expect(await afip.personIdsByDocument('1')).toEqual([]);
  });

  it('a service that does not answer is AfipUnreachable', async () => {
    imitation.breakMethod('getPersona');
    await expect(afip.person('27312345671')).rejects.toBeInstanceOf(AfipUnreachable);
    imitation.breakMethod(null);
  });
});
