import { XMLParser } from 'fast-xml-parser';
import type { Outbound, OutboundAnswer } from '../../lib/outbound.ts';
import { AfipFault, AfipUnreachable } from './afip-port.ts';

/**
 * SOAP 1.1 over fetch for AFIP's services (ADR 014). Envelopes are small fixed templates with
 * escaped values; answers are parsed with fast-xml-parser, namespace prefixes dropped and every
 * value kept as text (a CAE or a CUIT must not become a float).
 */

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

export function escapeXml(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<prefix:name>value</prefix:name>` for each defined entry, in the given order (AFIP's XSDs are sequences). */
export function elements(prefix: string, fields: [string, string | number | undefined | null][]): string {
  return fields
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `<${prefix}${name}>${escapeXml(value as string | number)}</${prefix}${name}>`)
    .join('');
}

export function envelope(namespaces: Record<string, string>, body: string): string {
  const declarations = Object.entries(namespaces)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"${declarations}><soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}

// biome-ignore lint/suspicious/noExplicitAny: parsed XML is walked with the helpers below
export type XmlNode = any;

export function parseXml(xml: string): XmlNode {
  return parser.parse(xml);
}

/** A repeated element parses as an array, a single one as an object: always an array. */
export function list(node: XmlNode): XmlNode[] {
  if (node === undefined || node === null || node === '') return [];
  return Array.isArray(node) ? node : [node];
}

export function text(node: XmlNode): string {
  if (node === undefined || node === null) return '';
  return typeof node === 'object' ? '' : String(node);
}

/**
 * POSTs a SOAP envelope and returns the parsed Body. A SOAP fault becomes AfipFault; no answer
 * (timeout, connection reset, a gateway's 5xx page) becomes AfipUnreachable, since AFIP may
 * have acted on a request whose answer was lost.
 */
export async function soapCall(
  http: Outbound,
  url: string,
  soapAction: string,
  body: string,
  timeoutMs: number,
  what: string,
): Promise<XmlNode> {
  let response: OutboundAnswer;
  let answer: string;
  try {
    response = await http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${soapAction}"` },
      body,
      timeoutMs,
    });
    answer = response.text();
  } catch (error) {
    throw new AfipUnreachable(what, error);
  }
  let parsed: XmlNode;
  try {
    parsed = parseXml(answer);
  } catch (error) {
    throw new AfipUnreachable(`${what} (respuesta no XML, HTTP ${response.status})`, error);
  }
  const soapBody = parsed?.Envelope?.Body;
  if (soapBody?.Fault) {
    const fault = soapBody.Fault;
    throw new AfipFault(text(fault.faultcode) || 'soap', text(fault.faultstring) || 'error');
  }
  if (!response.ok || soapBody === undefined) {
    throw new AfipUnreachable(`${what} (HTTP ${response.status})`);
  }
  return soapBody;
}

/** yyyymmdd (AFIP) from yyyy-mm-dd, and back. */
export function toAfipDate(isoDate: string): string {
  return isoDate.replace(/-/g, '');
}
export function fromAfipDate(afipDate: string): string {
  return /^\d{8}$/.test(afipDate)
    ? `${afipDate.slice(0, 4)}-${afipDate.slice(4, 6)}-${afipDate.slice(6, 8)}`
    : '';
}

/** Integer cents as AFIP's decimal text with two places. */
export function toAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
export function fromAmount(amount: string): number {
  return Math.round(Number(amount) * 100);
}
