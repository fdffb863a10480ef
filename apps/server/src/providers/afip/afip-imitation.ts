import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  CmsRejected,
  createTestAuthority,
  issueCertificate,
  type TestAuthority,
  verifyCms,
} from './afip-cms.ts';
import { escapeXml, list, parseXml, text, type XmlNode } from './afip-soap.ts';
import type { AfipEndpoints } from './afip-web-services.ts';

/**
 * The offline imitation of AFIP (ADR 014): WSAA, WSFEv1 and the padrón A13 on a local HTTP
 * port, spoken to by the same real adapter as AFIP itself. It checks what AFIP checks for our
 * calls (the CMS against its test CA, the ticket, the next number, RG 5616's receptor
 * condition, the total) and answers AFIP's shapes and codes. Its CA stands in for AFIP's
 * certificate administrator: `issueCertificate` signs a professional's CSR.
 *
 * Never used in production (config.ts). Its invoices are kept in a JSON file under the data
 * folder so a restarted demo keeps numbering where it was; one process only (the embedded mode).
 */

export interface RegistryFixture {
  idPersona: string;
  tipoPersona: 'FISICA' | 'JURIDICA';
  tipoClave: 'CUIT' | 'CUIL';
  estadoClave: string;
  apellido?: string;
  nombre?: string;
  razonSocial?: string;
  numeroDocumento?: string;
  domicilio: { direccion: string; localidad: string; descripcionProvincia: string; codPostal: string };
}

/** The registry of the imitation: public-looking people with valid CUIT check digits. */
export const registryFixtures: RegistryFixture[] = [
  {
    idPersona: '20284567898',
    tipoPersona: 'FISICA',
    tipoClave: 'CUIT',
    estadoClave: 'ACTIVO',
    apellido: 'PEREZ',
    nombre: 'JUAN CARLOS',
    numeroDocumento: '28456789',
    domicilio: {
      direccion: 'AV CORRIENTES 1234 Piso:3 Dpto:B',
      localidad: 'CIUDAD AUTONOMA BUENOS AIRES',
      descripcionProvincia: 'CIUDAD AUTONOMA BUENOS AIRES',
      codPostal: '1043',
    },
  },
  {
    idPersona: '27312345671',
    tipoPersona: 'FISICA',
    tipoClave: 'CUIL',
    estadoClave: 'ACTIVO',
    apellido: 'GARCIA',
    nombre: 'MARIA LAURA',
    numeroDocumento: '31234567',
    domicilio: {
      direccion: 'BV SAN JUAN 455',
      localidad: 'CORDOBA',
      descripcionProvincia: 'CORDOBA',
      codPostal: '5000',
    },
  },
  {
    idPersona: '30712345671',
    tipoPersona: 'JURIDICA',
    tipoClave: 'CUIT',
    estadoClave: 'ACTIVO',
    razonSocial: 'CONSULTORIOS DEL SUR S.A.',
    domicilio: {
      direccion: 'CORDOBA 1800',
      localidad: 'ROSARIO',
      descripcionProvincia: 'SANTA FE',
      codPostal: '2000',
    },
  },
];

/** FEParamGetCondicionIvaReceptor as AFIP lists it (RG 5616). */
export const receptorConditions: { id: number; desc: string; classes: string }[] = [
  { id: 1, desc: 'IVA Responsable Inscripto', classes: 'A/M/C' },
  { id: 6, desc: 'Responsable Monotributo', classes: 'A/M/C' },
  { id: 13, desc: 'Monotributista Social', classes: 'A/M/C' },
  { id: 16, desc: 'Monotributo Trabajador Independiente Promovido', classes: 'A/M/C' },
  { id: 4, desc: 'IVA Sujeto Exento', classes: 'B/C' },
  { id: 5, desc: 'Consumidor Final', classes: 'B/C' },
  { id: 7, desc: 'Sujeto No Categorizado', classes: 'B/C' },
  { id: 8, desc: 'Proveedor del Exterior', classes: 'B/C' },
  { id: 9, desc: 'Cliente del Exterior', classes: 'B/C' },
  { id: 10, desc: 'IVA Liberado - Ley N° 19.640', classes: 'B/C' },
  { id: 15, desc: 'IVA No Alcanzado', classes: 'B/C' },
];

/** The invoice class of each voucher type the imitation authorises. */
const voucherClass: Record<number, string> = {
  1: 'A',
  2: 'A',
  3: 'A',
  6: 'B',
  7: 'B',
  8: 'B',
  11: 'C',
  12: 'C',
  13: 'C',
};

/** AFIP's wording of the codes the imitation answers (WSFEv1 manual; 10246 and 10242 as WSFE sends them since RG 5616). */
export const wsfeCodes = {
  10016:
    'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.',
  10048:
    "El campo 'Importe Total' ImpTotal, debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.",
  10071: 'Para comprobantes tipo C el objeto IVA no debe informarse.',
  10242:
    'El campo Condicion IVA receptor no es un valor valido. Consular metodo FEParamGetCondicionIvaReceptor',
  10243:
    'El campo Condicion IVA receptor no corresponde a la clase de comprobante informado. Consular metodo FEParamGetCondicionIvaReceptor',
  10246:
    'Campo Condicion Frente al IVA del receptor es obligatorio conforme a lo reglamentado por la Resolucion General N° 5616.',
  602: 'No existen datos en nuestros registros para los parametros ingresados.',
} as const;

interface StoredVoucher {
  number: number;
  concept: number;
  docType: number;
  docNumber: string;
  date: string;
  total: string;
  net: string;
  vat: string;
  cae: string;
  caeExpiry: string;
  processedAt: string;
  receptorCondition: number | null;
}

interface ImitationState {
  authority: TestAuthority;
  /** `${cuit}-${pointOfSale}-${type}` → its authorised vouchers in order. */
  vouchers: Record<string, StoredVoucher[]>;
  /** `${cuit}-${service}` → expiry (ms) of the ticket last handed out: WSAA refuses another meanwhile. */
  tickets: Record<string, number>;
}

export interface AfipImitation {
  /** The three services' URLs (starts the server on first use). */
  endpoints(): Promise<AfipEndpoints>;
  /** AFIP's certificate administrator: a certificate for the professional's CSR. */
  issueCertificate(csrPem: string): string;
  /** Tests: process the next call of `method` but never answer it (the answer is lost on the way). */
  loseNextAnswer(method: string): void;
  /** Tests: every call of `method` fails at the network level until cleared. */
  breakMethod(method: string | null): void;
  /** What the imitation recorded (tests compare it with what the app believes). */
  authorised(cuit: string, pointOfSale: number, voucherType: number): StoredVoucher[];
  close(): Promise<void>;
}

const ticketLifeMs = 12 * 3600_000;

export function createAfipImitation(options: { now: () => Date; stateDir?: string }): AfipImitation {
  const stateFile = options.stateDir ? path.join(options.stateDir, 'afip-imitation.json') : null;
  let state: ImitationState | null = null;
  let server: http.Server | null = null;
  let started: Promise<AfipEndpoints> | null = null;
  const lose = new Set<string>();
  let broken: string | null = null;

  function load(): ImitationState {
    if (state) return state;
    if (stateFile && fs.existsSync(stateFile)) {
      state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as ImitationState;
    } else {
      state = { authority: createTestAuthority(options.now()), vouchers: {}, tickets: {} };
      persist();
    }
    return state;
  }
  function persist() {
    if (!stateFile || !state) return;
    fs.mkdirSync(path.dirname(stateFile), { recursive: true });
    const temporary = `${stateFile}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(state));
    fs.renameSync(temporary, stateFile);
  }

  // The token says who and what it is for; the sign is its HMAC under the CA's key, so tokens
  // survive a restart of the demo like AFIP's do.
  function tokenSecret(): string {
    return load().authority.privateKeyPem;
  }
  function mintTicket(cuit: string, service: string, expiresAt: number) {
    const token = Buffer.from(
      JSON.stringify({ cuit, service, expiresAt, nonce: randomBytes(6).toString('hex') }),
    ).toString('base64');
    const sign = createHmac('sha256', tokenSecret()).update(token).digest('base64');
    return { token, sign };
  }
  function checkTicket(token: string, sign: string, service: string): { cuit: string } | string {
    const expected = createHmac('sha256', tokenSecret()).update(token).digest();
    const given = Buffer.from(sign, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return 'ValidacionDeToken: Error al verificar firma';
    }
    const claims = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
      cuit: string;
      service: string;
      expiresAt: number;
    };
    if (claims.service !== service) return `ValidacionDeToken: el token no es para el servicio ${service}`;
    if (claims.expiresAt < options.now().getTime()) return 'ValidacionDeToken: Token vencido';
    return { cuit: claims.cuit };
  }

  function afipTime(ms: number): string {
    return `${new Date(ms - 3 * 3600_000).toISOString().slice(0, 19)}-03:00`;
  }
  function afipDate(ms: number): string {
    return new Date(ms - 3 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  }

  const soap = (body: string) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
  const fault = (code: string, message: string) =>
    soap(
      `<soap:Fault><faultcode>${code}</faultcode><faultstring>${escapeXml(message)}</faultstring></soap:Fault>`,
    );
  const errors = (list: { code: number; msg: string }[]) =>
    list.length
      ? `<Errors>${list.map((e) => `<Err><Code>${e.code}</Code><Msg>${escapeXml(e.msg)}</Msg></Err>`).join('')}</Errors>`
      : '';

  function wsaa(body: XmlNode): { status: number; xml: string } {
    const cms = text(body.loginCms?.in0);
    const now = options.now();
    let signed: { content: string; cuit: string | null };
    try {
      signed = verifyCms(cms, load().authority.certificatePem, now);
    } catch (error) {
      const rejected = error instanceof CmsRejected ? error : new CmsRejected('cms.bad', 'CMS invalido');
      return { status: 500, xml: fault(`ns1:${rejected.fault}`, rejected.message) };
    }
    const tra = parseXml(signed.content)?.loginTicketRequest;
    const service = text(tra?.service);
    const generation = new Date(text(tra?.header?.generationTime)).getTime();
    const expiration = new Date(text(tra?.header?.expirationTime)).getTime();
    if (!tra || !text(tra.header?.uniqueId) || Number.isNaN(generation) || Number.isNaN(expiration)) {
      return { status: 500, xml: fault('ns1:xml.bad', 'No se pudo interpretar el XML') };
    }
    if (generation > now.getTime() || expiration < now.getTime() || expiration - generation > 24 * 3600_000) {
      return {
        status: 500,
        xml: fault('ns1:xml.generationTime.invalid', 'generationTime posee formato o dato inválido'),
      };
    }
    if (service !== 'wsfe' && service !== 'ws_sr_padron_a13') {
      return {
        status: 500,
        xml: fault('ns1:coe.notAuthorized', 'Computador no autorizado a acceder al servicio'),
      };
    }
    if (!signed.cuit)
      return { status: 500, xml: fault('ns1:cms.cert.invalid', 'El certificado no indica CUIT') };
    const key = `${signed.cuit}-${service}`;
    const current = load().tickets[key];
    if (current !== undefined && current > now.getTime()) {
      return {
        status: 500,
        xml: fault(
          'ns1:coe.alreadyAuthenticated',
          'El CEE ya posee un TA valido para el acceso al WSN solicitado',
        ),
      };
    }
    const expiresAt = now.getTime() + ticketLifeMs;
    load().tickets[key] = expiresAt;
    persist();
    const { token, sign } = mintTicket(signed.cuit, service, expiresAt);
    const ticket = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><loginTicketResponse version="1.0"><header><source>CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239</source><destination>SERIALNUMBER=CUIT ${signed.cuit}</destination><uniqueId>${Math.floor(now.getTime() / 1000)}</uniqueId><generationTime>${afipTime(now.getTime())}</generationTime><expirationTime>${afipTime(expiresAt)}</expirationTime></header><credentials><token>${token}</token><sign>${sign}</sign></credentials></loginTicketResponse>`;
    return {
      status: 200,
      xml: soap(`<loginCmsResponse><loginCmsReturn>${escapeXml(ticket)}</loginCmsReturn></loginCmsResponse>`),
    };
  }

  function authorise(request: XmlNode, cuit: string): string {
    const header = request.FeCAEReq?.FeCabReq ?? {};
    const detail = list(request.FeCAEReq?.FeDetReq?.FECAEDetRequest)[0] ?? {};
    const pointOfSale = Number(text(header.PtoVta));
    const type = Number(text(header.CbteTipo));
    const number = Number(text(detail.CbteDesde));
    const key = `${cuit}-${pointOfSale}-${type}`;
    const vouchers = load().vouchers[key] ?? [];
    const last = vouchers.at(-1)?.number ?? 0;
    const observations: { code: number; msg: string }[] = [];
    const observe = (code: keyof typeof wsfeCodes) => observations.push({ code, msg: wsfeCodes[code] });

    if (number !== last + 1 || Number(text(detail.CbteHasta)) !== number) observe(10016);
    const cents = (name: string) => Math.round(Number(text(detail[name]) || '0') * 100);
    const sum =
      cents('ImpTotConc') + cents('ImpNeto') + cents('ImpOpEx') + cents('ImpTrib') + cents('ImpIVA');
    if (sum !== cents('ImpTotal')) observe(10048);
    const klass = voucherClass[type] ?? '';
    if (klass === 'C' && (detail.Iva !== undefined || cents('ImpIVA') !== 0)) observe(10071);
    const conditionText = text(detail.CondicionIVAReceptorId);
    const condition = receptorConditions.find((entry) => String(entry.id) === conditionText);
    if (!conditionText) observe(10246);
    else if (!condition) observe(10242);
    else if (!condition.classes.split('/').includes(klass)) observe(10243);

    const now = options.now().getTime();
    const cab = `<FeCabResp><Cuit>${cuit}</Cuit><PtoVta>${pointOfSale}</PtoVta><CbteTipo>${type}</CbteTipo><FchProceso>${afipDate(now)}${new Date(now - 3 * 3600_000).toISOString().slice(11, 19).replace(/:/g, '')}</FchProceso><CantReg>1</CantReg><Resultado>${observations.length ? 'R' : 'A'}</Resultado><Reproceso>N</Reproceso></FeCabResp>`;
    const common = `<Concepto>${text(detail.Concepto)}</Concepto><DocTipo>${text(detail.DocTipo)}</DocTipo><DocNro>${text(detail.DocNro)}</DocNro><CbteDesde>${number}</CbteDesde><CbteHasta>${number}</CbteHasta><CbteFch>${text(detail.CbteFch)}</CbteFch>`;
    if (observations.length) {
      const obs = observations
        .map((o) => `<Obs><Code>${o.code}</Code><Msg>${escapeXml(o.msg)}</Msg></Obs>`)
        .join('');
      return `<FECAESolicitarResult>${cab}<FeDetResp><FECAEDetResponse>${common}<Resultado>R</Resultado><Observaciones>${obs}</Observaciones><CAE></CAE><CAEFchVto></CAEFchVto></FECAEDetResponse></FeDetResp></FECAESolicitarResult>`;
    }
    // A CAE is 14 digits; the imitation's start with 7 like AFIP's do nowadays.
    const cae = `7${String(now).slice(-7)}${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
    const caeExpiry = afipDate(now + 10 * 24 * 3600_000);
    const stored: StoredVoucher = {
      number,
      concept: Number(text(detail.Concepto)),
      docType: Number(text(detail.DocTipo)),
      docNumber: text(detail.DocNro),
      date: text(detail.CbteFch),
      total: text(detail.ImpTotal),
      net: text(detail.ImpNeto),
      vat: text(detail.ImpIVA),
      cae,
      caeExpiry,
      processedAt: afipDate(now),
      receptorCondition: condition?.id ?? null,
    };
    load().vouchers[key] = [...vouchers, stored];
    persist();
    return `<FECAESolicitarResult>${cab}<FeDetResp><FECAEDetResponse>${common}<Resultado>A</Resultado><CAE>${cae}</CAE><CAEFchVto>${caeExpiry}</CAEFchVto></FECAEDetResponse></FeDetResp></FECAESolicitarResult>`;
  }

  function wsfe(body: XmlNode): { status: number; xml: string; method: string } {
    const method = Object.keys(body)[0] ?? '';
    const request = body[method] ?? {};
    const wrap = (inner: string) => ({
      status: 200,
      method,
      xml: soap(`<${method}Response xmlns="http://ar.gov.afip.dif.FEV1/">${inner}</${method}Response>`),
    });
    const ticket = checkTicket(text(request.Auth?.Token), text(request.Auth?.Sign), 'wsfe');
    const cuit = text(request.Auth?.Cuit);
    const authError =
      typeof ticket === 'string'
        ? ticket
        : ticket.cuit !== cuit
          ? `ValidacionDeToken: No aparecio CUIT en lista de relaciones: ${cuit}`
          : null;
    if (authError)
      return wrap(`<${method}Result>${errors([{ code: 600, msg: authError }])}</${method}Result>`);

    if (method === 'FECompUltimoAutorizado') {
      const pointOfSale = Number(text(request.PtoVta));
      const type = Number(text(request.CbteTipo));
      const last = load().vouchers[`${cuit}-${pointOfSale}-${type}`]?.at(-1)?.number ?? 0;
      return wrap(
        `<FECompUltimoAutorizadoResult><PtoVta>${pointOfSale}</PtoVta><CbteTipo>${type}</CbteTipo><CbteNro>${last}</CbteNro></FECompUltimoAutorizadoResult>`,
      );
    }
    if (method === 'FECAESolicitar') return wrap(authorise(request, cuit));
    if (method === 'FECompConsultar') {
      const query = request.FeCompConsReq ?? {};
      const pointOfSale = Number(text(query.PtoVta));
      const type = Number(text(query.CbteTipo));
      const number = Number(text(query.CbteNro));
      const found = load().vouchers[`${cuit}-${pointOfSale}-${type}`]?.find((v) => v.number === number);
      if (!found) {
        return wrap(
          `<FECompConsultarResult>${errors([{ code: 602, msg: wsfeCodes[602] }])}</FECompConsultarResult>`,
        );
      }
      return wrap(
        `<FECompConsultarResult><ResultGet><Concepto>${found.concept}</Concepto><DocTipo>${found.docType}</DocTipo><DocNro>${found.docNumber}</DocNro><CbteDesde>${found.number}</CbteDesde><CbteHasta>${found.number}</CbteHasta><CbteFch>${found.date}</CbteFch><ImpTotal>${found.total}</ImpTotal><ImpTotConc>0</ImpTotConc><ImpNeto>${found.net}</ImpNeto><ImpOpEx>0</ImpOpEx><ImpTrib>0</ImpTrib><ImpIVA>${found.vat}</ImpIVA><MonId>PES</MonId><MonCotiz>1</MonCotiz>${found.receptorCondition !== null ? `<CondicionIVAReceptorId>${found.receptorCondition}</CondicionIVAReceptorId>` : ''}<Resultado>A</Resultado><CodAutorizacion>${found.cae}</CodAutorizacion><EmisionTipo>CAE</EmisionTipo><FchVto>${found.caeExpiry}</FchVto><FchProceso>${found.processedAt}</FchProceso><PtoVta>${pointOfSale}</PtoVta><CbteTipo>${type}</CbteTipo></ResultGet></FECompConsultarResult>`,
      );
    }
    if (method === 'FEParamGetCondicionIvaReceptor') {
      const klass = text(request.ClaseCmp);
      const rows = receptorConditions
        .filter((entry) => !klass || entry.classes.split('/').includes(klass))
        .map(
          (entry) =>
            `<CondicionIvaReceptor><Id>${entry.id}</Id><Desc>${escapeXml(entry.desc)}</Desc><Cmp_Clase>${entry.classes}</Cmp_Clase></CondicionIvaReceptor>`,
        )
        .join('');
      return wrap(
        `<FEParamGetCondicionIvaReceptorResult><ResultGet>${rows}</ResultGet></FEParamGetCondicionIvaReceptorResult>`,
      );
    }
    return {
      status: 500,
      method,
      xml: fault('soap:Client', `Metodo no soportado por la imitacion: ${method}`),
    };
  }

  function padron(body: XmlNode): { status: number; xml: string } {
    const method = Object.keys(body)[0] ?? '';
    const request = body[method] ?? {};
    const ticket = checkTicket(text(request.token), text(request.sign), 'ws_sr_padron_a13');
    if (typeof ticket === 'string') return { status: 500, xml: fault('soap:Server', ticket) };
    const wrap = (inner: string) => ({
      status: 200,
      xml: soap(
        `<ns2:${method}Response xmlns:ns2="http://a13.soap.ws.server.puc.sr/">${inner}</ns2:${method}Response>`,
      ),
    });
    const metadata = `<metadata><fechaHora>${options.now().toISOString()}</fechaHora><servidor>imitacion</servidor></metadata>`;
    if (method === 'getPersona') {
      const found = registryFixtures.find((person) => person.idPersona === text(request.idPersona));
      if (!found) return { status: 500, xml: fault('soap:Server', 'No existe persona con ese Id') };
      const fields = Object.entries(found)
        .filter(([name]) => name !== 'domicilio')
        .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
        .join('');
      const address = Object.entries(found.domicilio)
        .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
        .join('');
      return wrap(
        `<personaReturn>${metadata}<persona>${fields}<domicilio>${address}<tipoDomicilio>FISCAL</tipoDomicilio></domicilio></persona></personaReturn>`,
      );
    }
    if (method === 'getIdPersonaListByDocumento') {
      const ids = registryFixtures.filter((person) => person.numeroDocumento === text(request.documento));
      if (ids.length === 0) return { status: 500, xml: fault('soap:Server', 'No existe persona con ese Id') };
      return wrap(
        `<idPersonaListReturn>${metadata}${ids.map((person) => `<idPersona>${person.idPersona}</idPersona>`).join('')}</idPersonaListReturn>`,
      );
    }
    return { status: 500, xml: fault('soap:Client', `Metodo no soportado por la imitacion: ${method}`) };
  }

  function handle(url: string, raw: string): { status: number; xml: string; method: string } {
    let body: XmlNode;
    try {
      body = parseXml(raw)?.Envelope?.Body;
    } catch {
      body = undefined;
    }
    if (!body) return { status: 500, method: '', xml: fault('soap:Client', 'Sobre SOAP invalido') };
    if (url.startsWith('/ws/services/LoginCms')) return { ...wsaa(body), method: 'loginCms' };
    if (url.startsWith('/wsfev1/service.asmx')) return wsfe(body);
    if (url.startsWith('/sr-padron/webservices/personaServiceA13')) {
      return { ...padron(body), method: Object.keys(body)[0] ?? '' };
    }
    return { status: 404, method: '', xml: fault('soap:Client', 'No encontrado') };
  }

  function start(): Promise<AfipEndpoints> {
    started ??= new Promise((resolve) => {
      const listener = http.createServer((req, res) => {
        let raw = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => {
          raw += chunk;
        });
        req.on('end', () => {
          const method = Object.keys(safeBody(raw) ?? {})[0] ?? '';
          if (broken && (broken === method || broken === '*')) {
            res.socket?.destroy();
            return;
          }
          const answer = handle(req.url ?? '/', raw);
          if (lose.delete(answer.method)) {
            // Processed and recorded, but the answer never reaches the caller.
            res.socket?.destroy();
            return;
          }
          res.writeHead(answer.status, { 'content-type': 'text/xml; charset=utf-8' });
          res.end(answer.xml);
        });
      });
      server = listener;
      listener.listen(0, '127.0.0.1', () => {
        const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
        resolve({
          wsaa: `${base}/ws/services/LoginCms`,
          wsfe: `${base}/wsfev1/service.asmx`,
          padron: `${base}/sr-padron/webservices/personaServiceA13`,
        });
      });
    });
    return started;
  }

  return {
    endpoints: start,
    issueCertificate: (csrPem) => issueCertificate(load().authority, csrPem, options.now()),
    loseNextAnswer: (method) => {
      lose.add(method);
    },
    breakMethod: (method) => {
      broken = method;
    },
    authorised: (cuit, pointOfSale, voucherType) => [
      ...(load().vouchers[`${cuit}-${pointOfSale}-${voucherType}`] ?? []),
    ],
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function safeBody(raw: string): XmlNode {
  try {
    return parseXml(raw)?.Envelope?.Body;
  } catch {
    return undefined;
  }
}
