import { randomInt } from 'node:crypto';
import type { Outbound } from '../../lib/outbound.ts';
import { signCms } from './afip-cms.ts';
import {
  type AfipCredentials,
  AfipFault,
  type AfipInvoicing,
  type AfipMessage,
  type AfipService,
  type AfipTicket,
  type AuthorisedInvoice,
  type AuthoriseResult,
  type InvoiceRequest,
  type ReceptorIvaCondition,
  type RegistryPerson,
} from './afip-port.ts';
import {
  elements,
  envelope,
  fromAfipDate,
  fromAmount,
  list,
  parseXml,
  soapCall,
  text,
  toAfipDate,
  toAmount,
  type XmlNode,
} from './afip-soap.ts';

/** Where AFIP's three services answer (homologation, production or the imitation). */
export interface AfipEndpoints {
  wsaa: string;
  wsfe: string;
  padron: string;
}

/** AFIP's published endpoints (manual WSAA §2, WSFEv1 §1, padrón A13). */
export const afipEndpoints: Record<'homologacion' | 'produccion', AfipEndpoints> = {
  homologacion: {
    wsaa: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
    wsfe: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx',
    padron: 'https://awshomo.afip.gov.ar/sr-padron/webservices/personaServiceA13',
  },
  produccion: {
    wsaa: 'https://wsaa.afip.gov.ar/ws/services/LoginCms',
    wsfe: 'https://servicios1.afip.gov.ar/wsfev1/service.asmx',
    padron: 'https://aws.afip.gov.ar/sr-padron/webservices/personaServiceA13',
  },
};

/**
 * The login tickets of every instance, in the database: WSAA refuses a second login while a
 * ticket lives ('coe.alreadyAuthenticated'), so an instance that logs in must leave the ticket
 * where the others find it.
 */
export interface TicketStore {
  read(cuit: string, service: AfipService): Promise<AfipTicket | null>;
  save(cuit: string, service: AfipService, ticket: AfipTicket): Promise<void>;
}

export interface AfipWebServicesOptions {
  endpoints: AfipEndpoints | (() => Promise<AfipEndpoints>);
  credentials: AfipCredentials;
  tickets: TicketStore;
  now: () => Date;
  /**
   * The outbound client (issue 28); a promise because the imitation's origin, which its view
   * must trust, is known once it listens.
   */
  http: () => Promise<Outbound>;
  timeoutMs?: number;
}

const fev1 = 'http://ar.gov.afip.dif.FEV1/';
const wsaaNs = 'http://wsaa.view.sua.dvadac.desein.afip.gov';
const a13Ns = 'http://a13.soap.ws.server.puc.sr/';
/** A ticket this close to its expiry is renewed rather than used (a call may take a while). */
const ticketMarginMs = 5 * 60_000;

/** Argentina has no daylight saving: AFIP's local time is always UTC-3. */
function afipTime(date: Date): string {
  return `${new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;
}

/** The WSAA login ticket request (TRA), valid ten minutes around now. */
export function loginTicketRequest(service: AfipService, now: Date): string {
  return `<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header><uniqueId>${Math.floor(now.getTime() / 1000)}${randomInt(1000)}</uniqueId><generationTime>${afipTime(new Date(now.getTime() - 5 * 60_000))}</generationTime><expirationTime>${afipTime(new Date(now.getTime() + 5 * 60_000))}</expirationTime></header><service>${service}</service></loginTicketRequest>`;
}

function messages(node: XmlNode, item: string): AfipMessage[] {
  return list(node?.[item]).map((entry) => ({ code: Number(text(entry.Code)), message: text(entry.Msg) }));
}

/** The real adapter: AFIP's SOAP services spoken directly (WSAA, WSFEv1, padrón A13). */
export function createAfipWebServices(options: AfipWebServicesOptions): AfipInvoicing {
  const { credentials, tickets, now } = options;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const cuit = credentials.cuit;
  const endpoints = async () =>
    typeof options.endpoints === 'function' ? options.endpoints() : options.endpoints;

  async function loginCms(service: AfipService): Promise<AfipTicket> {
    const tra = loginTicketRequest(service, now());
    const cms = signCms(tra, credentials.certificatePem, credentials.privateKeyPem, now());
    const body = envelope({ wsaa: wsaaNs }, `<wsaa:loginCms><wsaa:in0>${cms}</wsaa:in0></wsaa:loginCms>`);
    const answer = await soapCall(
      await options.http(),
      (await endpoints()).wsaa,
      '',
      body,
      timeoutMs,
      'WSAA loginCms',
    );
    // loginCmsReturn carries the ticket as an XML document inside the text.
    const ticket = parseXml(text(answer.loginCmsResponse?.loginCmsReturn))?.loginTicketResponse;
    const token = text(ticket?.credentials?.token);
    const sign = text(ticket?.credentials?.sign);
    const expiresAt = new Date(text(ticket?.header?.expirationTime));
    if (!token || !sign || Number.isNaN(expiresAt.getTime())) {
      throw new AfipFault('wsaa.response', 'WSAA respondió sin credenciales');
    }
    return { token, sign, expiresAt };
  }

  async function login(service: AfipService): Promise<AfipTicket> {
    const usable = (ticket: AfipTicket | null) =>
      ticket !== null && ticket.expiresAt.getTime() - ticketMarginMs > now().getTime() ? ticket : null;
    const stored = usable(await tickets.read(cuit, service));
    if (stored) return stored;
    try {
      const fresh = await loginCms(service);
      await tickets.save(cuit, service, fresh);
      return fresh;
    } catch (error) {
      // Another instance logged in a moment ago: its ticket is (or is about to be) stored.
      if (error instanceof AfipFault && error.code.endsWith('alreadyAuthenticated')) {
        for (let attempt = 0; attempt < 10; attempt += 1) {
          const shared = usable(await tickets.read(cuit, service));
          if (shared) return shared;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      throw error;
    }
  }

  async function wsfe(method: string, inner: string): Promise<XmlNode> {
    const ticket = await login('wsfe');
    const auth = `<ar:Auth>${elements('ar:', [
      ['Token', ticket.token],
      ['Sign', ticket.sign],
      ['Cuit', cuit],
    ])}</ar:Auth>`;
    const body = envelope({ ar: fev1 }, `<ar:${method}>${auth}${inner}</ar:${method}>`);
    const answer = await soapCall(
      await options.http(),
      (await endpoints()).wsfe,
      `${fev1}${method}`,
      body,
      timeoutMs,
      `WSFE ${method}`,
    );
    return answer[`${method}Response`]?.[`${method}Result`] ?? {};
  }

  /** Errors that are not about the data asked for (auth, service down) are thrown. */
  function throwUnless(result: XmlNode, allowed: number[] = []): void {
    const errors = messages(result.Errors, 'Err').filter((error) => !allowed.includes(error.code));
    const first = errors[0];
    if (first) throw new AfipFault(String(first.code), first.message);
  }

  async function padron(method: string, inner: string): Promise<XmlNode> {
    const ticket = await login('ws_sr_padron_a13');
    const fields = elements('', [
      ['token', ticket.token],
      ['sign', ticket.sign],
      ['cuitRepresentada', cuit],
    ]);
    const body = envelope({ a13: a13Ns }, `<a13:${method}>${fields}${inner}</a13:${method}>`);
    const answer = await soapCall(
      await options.http(),
      (await endpoints()).padron,
      '',
      body,
      timeoutMs,
      `padrón ${method}`,
    );
    return answer[`${method}Response`] ?? {};
  }

  return {
    cuit,
    login,

    async lastAuthorised(pointOfSale, voucherType) {
      const result = await wsfe(
        'FECompUltimoAutorizado',
        elements('ar:', [
          ['PtoVta', pointOfSale],
          ['CbteTipo', voucherType],
        ]),
      );
      throwUnless(result);
      return Number(text(result.CbteNro) || '0');
    },

    async authorise(request: InvoiceRequest): Promise<AuthoriseResult> {
      const vat = (request.vat ?? [])
        .map(
          (line) =>
            `<ar:AlicIva>${elements('ar:', [
              ['Id', line.rateId],
              ['BaseImp', toAmount(line.baseCents)],
              ['Importe', toAmount(line.amountCents)],
            ])}</ar:AlicIva>`,
        )
        .join('');
      const services = request.concept !== 1;
      // The order is WSFEv1's FECAEDetRequest sequence (manual v4: CanMisMonExt and
      // CondicionIVAReceptorId follow MonCotiz).
      const detail = `${elements('ar:', [
        ['Concepto', request.concept],
        ['DocTipo', request.documentType],
        ['DocNro', request.documentNumber],
        ['CbteDesde', request.number],
        ['CbteHasta', request.number],
        ['CbteFch', toAfipDate(request.date)],
        ['ImpTotal', toAmount(request.totalCents)],
        ['ImpTotConc', toAmount(request.untaxedCents ?? 0)],
        ['ImpNeto', toAmount(request.netCents)],
        ['ImpOpEx', toAmount(request.exemptCents ?? 0)],
        ['ImpTrib', toAmount(0)],
        ['ImpIVA', toAmount(request.vatCents)],
        ['FchServDesde', services && request.serviceFrom ? toAfipDate(request.serviceFrom) : undefined],
        ['FchServHasta', services && request.serviceTo ? toAfipDate(request.serviceTo) : undefined],
        ['FchVtoPago', services && request.dueDate ? toAfipDate(request.dueDate) : undefined],
        ['MonId', request.currency ?? 'PES'],
        ['MonCotiz', request.exchangeRate ?? 1],
        ['CondicionIVAReceptorId', request.receptorIvaCondition],
      ])}${vat ? `<ar:Iva>${vat}</ar:Iva>` : ''}`;
      const inner = `<ar:FeCAEReq><ar:FeCabReq>${elements('ar:', [
        ['CantReg', 1],
        ['PtoVta', request.pointOfSale],
        ['CbteTipo', request.voucherType],
      ])}</ar:FeCabReq><ar:FeDetReq><ar:FECAEDetRequest>${detail}</ar:FECAEDetRequest></ar:FeDetReq></ar:FeCAEReq>`;
      const result = await wsfe('FECAESolicitar', inner);
      const header = result.FeCabResp ?? {};
      const response = list(result.FeDetResp?.FECAEDetResponse)[0] ?? {};
      const errors = messages(result.Errors, 'Err');
      const observations = messages(response.Observaciones, 'Obs');
      const cae = text(response.CAE);
      if (text(response.Resultado) === 'A' && /^\d{14}$/.test(cae)) {
        return {
          result: 'A',
          cae,
          caeExpiry: fromAfipDate(text(response.CAEFchVto)),
          number: Number(text(response.CbteDesde)),
          observations,
        };
      }
      // Token or signature refused: not the invoice's fault, the caller must not show it as such.
      const auth = errors.find((error) => error.code >= 600 && error.code < 700);
      if (auth) throw new AfipFault(String(auth.code), auth.message);
      if (text(header.Resultado) !== 'R' && errors.length === 0 && observations.length === 0) {
        throw new AfipFault('wsfe.response', 'WSFE respondió sin resultado');
      }
      return { result: 'R', errors, observations };
    },

    async consult(pointOfSale, voucherType, number): Promise<AuthorisedInvoice | null> {
      const result = await wsfe(
        'FECompConsultar',
        `<ar:FeCompConsReq>${elements('ar:', [
          ['CbteTipo', voucherType],
          ['CbteNro', number],
          ['PtoVta', pointOfSale],
        ])}</ar:FeCompConsReq>`,
      );
      // 602: 'No existen datos en nuestros registros para los parametros ingresados.'
      if (messages(result.Errors, 'Err').some((error) => error.code === 602)) return null;
      throwUnless(result);
      const got = result.ResultGet;
      if (!got) return null;
      const condition = text(got.CondicionIVAReceptorId);
      return {
        pointOfSale: Number(text(got.PtoVta)),
        voucherType: Number(text(got.CbteTipo)),
        number: Number(text(got.CbteDesde)),
        concept: Number(text(got.Concepto)),
        documentType: Number(text(got.DocTipo)),
        documentNumber: text(got.DocNro),
        date: fromAfipDate(text(got.CbteFch)),
        totalCents: fromAmount(text(got.ImpTotal)),
        result: text(got.Resultado) === 'A' ? 'A' : 'R',
        cae: text(got.CodAutorizacion),
        caeExpiry: fromAfipDate(text(got.FchVto)),
        emissionType: text(got.EmisionTipo),
        receptorIvaCondition: condition ? Number(condition) : null,
      };
    },

    async receptorIvaConditions(voucherClass): Promise<ReceptorIvaCondition[]> {
      const result = await wsfe(
        'FEParamGetCondicionIvaReceptor',
        elements('ar:', [['ClaseCmp', voucherClass]]),
      );
      throwUnless(result);
      return list(result.ResultGet?.CondicionIvaReceptor).map((entry) => ({
        id: Number(text(entry.Id)),
        description: text(entry.Desc),
        voucherClasses: text(entry.Cmp_Clase),
      }));
    },

    async person(id): Promise<RegistryPerson | null> {
      let answer: XmlNode;
      try {
        answer = await padron('getPersona', elements('', [['idPersona', id]]));
      } catch (error) {
        // The registry answers an unknown key with a fault, not an empty result.
        if (error instanceof AfipFault && /no existe persona/i.test(error.message)) return null;
        throw error;
      }
      const persona = answer.personaReturn?.persona;
      if (!persona) return null;
      const addresses = list(persona.domicilio);
      const fiscal = addresses.find((entry) => text(entry.tipoDomicilio) === 'FISCAL') ?? addresses[0];
      const legalName = text(persona.razonSocial);
      const name = legalName || [text(persona.apellido), text(persona.nombre)].filter(Boolean).join(' ');
      return {
        id: text(persona.idPersona),
        personType: text(persona.tipoPersona),
        keyType: text(persona.tipoClave),
        keyState: text(persona.estadoClave),
        name,
        lastName: text(persona.apellido),
        firstName: text(persona.nombre),
        documentNumber: text(persona.numeroDocumento) || null,
        address: fiscal
          ? {
              street: text(fiscal.direccion),
              locality: text(fiscal.localidad),
              province: text(fiscal.descripcionProvincia),
              postalCode: text(fiscal.codPostal),
            }
          : null,
      };
    },

    async personIdsByDocument(documentNumber): Promise<string[]> {
      let answer: XmlNode;
      try {
        answer = await padron('getIdPersonaListByDocumento', elements('', [['documento', documentNumber]]));
      } catch (error) {
        if (error instanceof AfipFault && /no existe persona/i.test(error.message)) return [];
        throw error;
      }
      return list(answer.idPersonaListReturn?.idPersona).map((entry) => text(entry));
    },
  };
}
