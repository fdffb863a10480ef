import type { LookupAddress, LookupOptions } from 'node:dns';
import dns from 'node:dns';
import ipaddr from 'ipaddr.js';
import type { Agent, Dispatcher } from 'undici';
import { lazy } from './lazy.ts';

/**
 * The one way the server calls out over HTTP (issue 28, ADR 021): payment and plan-billing APIs,
 * AFIP, calendars, Zoom and web push. A request may only reach a public address: the host is
 * resolved and refused when any of its addresses is loopback, private, link-local, unique-local,
 * carrier-grade NAT, multicast, unspecified, reserved or an IPv6 form that wraps an IPv4 one
 * (mapped, compatible, 6to4, NAT64). The check runs inside the connection's own lookup, so the
 * socket goes to the address that was checked (no window for DNS rebinding). Redirects are not
 * followed: a 3xx comes back to the caller as it is, so no hop can lead inside. Each request is
 * bounded by a timeout and its answer by a size cap.
 *
 * The offline imitations listen on 127.0.0.1. Outside production their origins are allow-listed
 * (`allow`: OUTBOUND_ALLOW and the tests' fakes; `imitations`: the calendar imitation); in
 * production the configured list is refused at start and ignored here. An imitation this
 * process starts itself is reached through `trusting(its origin)`, a view handed to its own
 * adapter only, so no address a person types can reach it.
 */

/** What a name resolves to; tests inject one (a name that resolves to 127.0.0.1). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** The request was not sent: the address is inside, or the scheme is not HTTP(S). */
export class OutboundRefused extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`outbound request to ${url} refused: ${reason}`);
    this.name = 'OutboundRefused';
  }
}

/** The name has no address (a typo, a name only a private DNS knows): nothing was sent. */
export class OutboundUnresolved extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`outbound request to ${url}: ${reason}`);
    this.name = 'OutboundUnresolved';
  }
}

/** The answer was larger than the cap; its body was dropped unread. */
export class OutboundTooLarge extends Error {
  constructor(
    readonly url: string,
    readonly maxBytes: number,
  ) {
    super(`outbound answer from ${url} is larger than ${maxBytes} bytes`);
    this.name = 'OutboundTooLarge';
  }
}

export interface OutboundAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The body as bytes (web push and SOAP read text; nothing here reads binary yet). */
  body: Buffer;
  text(): string;
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Milliseconds for the whole exchange, body included. */
  timeoutMs?: number;
}

export interface Outbound {
  request(url: string, init?: OutboundRequest): Promise<OutboundAnswer>;
  /**
   * Whether `url` may be called, without calling it: an OutboundRefused names why not. The
   * actions that keep an address for later (CalDAV, push) ask this first to answer in Spanish.
   */
  check(url: string): Promise<void>;
  /** Whether `url`'s origin is on the allow-list (an imitation's, outside production). */
  allowed(url: string): boolean;
  /**
   * The same client, also reaching `bases`: loopback origins of imitations this process itself
   * listens on (AFIP's, the plan card's). Production too: the plan card's imitation serves there
   * under PAYMENTS_SANDBOX=1. Only that imitation's adapter holds the view.
   */
  trusting(bases: readonly string[]): Outbound;
  close(): Promise<void>;
}

export interface OutboundOptions {
  /** 'production' ignores `allow` and `imitations`. */
  env: string;
  /** Origins (scheme://host:port) that may be inner addresses: the imitations, development only. */
  allow?: readonly string[];
  /** Origins known only at request time (the calendar imitation lives at PUBLIC_URL/imitation). */
  imitations?: () => readonly string[];
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  /** Extra certificate authorities to trust (a test's local HTTPS imitation of a push service). */
  ca?: string | Buffer;
}

const defaultTimeoutMs = 15_000;
/** Larger than any answer our providers give (a month of CalDAV events is well under 1 MiB). */
const defaultMaxBytes = 5 * 1024 * 1024;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * Why an address must not be called, or null for a public one. Only ipaddr.js's 'unicast' range
 * passes: every special range (RFC 6890) is refused, IPv6 forms that carry an IPv4 address
 * included, since the operating system may route them to that IPv4 address.
 */
export function innerAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  // ::/96 (IPv4-compatible, RFC 4291 §2.5.5.1) is 'unicast' to ipaddr.js; ::7f00:1 is 127.0.0.1.
  if (parsed.kind() === 'ipv6' && parsed.match(ipaddr.IPv6.parse('::'), 96)) return 'ipv4Compatible';
  return null;
}

/** RFC 6761 §6.3: `localhost` and its subdomains are loopback whatever a resolver says. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The host of a URL as an IP address when it is one (WHATWG URL already folds 0177.0.0.1 and 2130706433). */
function literalAddress(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) && (bare.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(bare))
    ? bare
    : null;
}

/** Resolves `hostname` and refuses it when any of its addresses is inside. */
async function publicAddresses(url: string, hostname: string, resolve: Resolver) {
  if (isLocalhostName(hostname)) throw new OutboundRefused(url, 'localhost');
  const literal = literalAddress(hostname);
  let found: Array<{ address: string; family: number }>;
  try {
    found = literal ? [{ address: literal, family: literal.includes(':') ? 6 : 4 }] : await resolve(hostname);
  } catch (error) {
    throw new OutboundUnresolved(url, `cannot resolve ${hostname}: ${(error as Error).message}`);
  }
  if (found.length === 0) throw new OutboundUnresolved(url, `${hostname} has no address`);
  // Every address, not the first: a name answering one public and one inner address is refused.
  for (const { address } of found) {
    const reason = innerAddressReason(address);
    if (reason) throw new OutboundRefused(url, `${hostname} is ${address} (${reason})`);
  }
  return found;
}

function parse(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundRefused(url, 'not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new OutboundRefused(url, `scheme ${parsed.protocol}`);
  }
  if (parsed.username || parsed.password) throw new OutboundRefused(url, 'credentials in the URL');
  return parsed;
}

/** An origin as the allow-list keeps it: lower-case scheme and host, explicit port. */
function originOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.protocol}//${url.hostname.toLowerCase()}:${port}`;
}

export function createOutbound(options: OutboundOptions): Outbound {
  const production = options.env === 'production';
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const maxBytes = options.maxBytes ?? defaultMaxBytes;
  const configured = production ? [] : (options.allow ?? []).map((base) => originOf(new URL(base)));

  /**
   * net.connect's lookup: the name is resolved and checked here, and the socket connects to
   * the address handed back, so what was checked is what is reached.
   */
  function guardedLookup(
    hostname: string,
    lookupOptions: LookupOptions,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) {
    publicAddresses(`//${hostname}`, hostname, resolve).then(
      (found) => {
        if (lookupOptions.all) callback(null, found);
        else callback(null, found[0]?.address ?? '', found[0]?.family);
      },
      (error: Error) => callback(error, ''),
    );
  }

  let opened = false;
  const agents = lazy(async () => {
    opened = true;
    const { Agent } = await import('undici');
    const tls = options.ca ? { ca: options.ca } : {};
    const guarded: Agent = new Agent({ connect: { ...tls, lookup: guardedLookup } });
    const trusted: Agent = new Agent({ connect: tls });
    return { guarded, trusted };
  });

  async function request(
    isAllowed: (url: URL) => boolean,
    url: string,
    init: OutboundRequest,
  ): Promise<OutboundAnswer> {
    const parsed = parse(url);
    const trusted = isAllowed(parsed);
    // An IP literal never reaches the lookup (net.connect skips it): it is checked here.
    if (!trusted && (literalAddress(parsed.hostname) || isLocalhostName(parsed.hostname))) {
      await publicAddresses(url, parsed.hostname, resolve);
    }
    const { fetch } = await import('undici');
    const { guarded, trusted: open } = await agents();
    const dispatcher: Dispatcher = trusted ? open : guarded;
    const signal = AbortSignal.timeout(init.timeoutMs ?? timeoutMs);
    let response: Awaited<ReturnType<typeof fetch>>;
    try {
      response = await fetch(parsed, {
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        ...(init.body !== undefined ? { body: init.body } : {}),
        redirect: 'manual',
        signal,
        dispatcher,
      });
    } catch (error) {
      // undici wraps the lookup's refusal in "fetch failed"; the refusal is the news.
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof OutboundRefused) throw new OutboundRefused(url, cause.reason);
      if (cause instanceof OutboundUnresolved) throw new OutboundUnresolved(url, cause.reason);
      throw error;
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new OutboundTooLarge(url, maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    if (response.body) {
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        // Leaving the loop cancels the stream: the rest is never read.
        if (size > maxBytes) throw new OutboundTooLarge(url, maxBytes);
        chunks.push(Buffer.from(chunk));
      }
    }
    const body = Buffer.concat(chunks);
    return {
      status: response.status,
      ok: response.status >= 200 && response.status < 300,
      headers: response.headers as unknown as Headers,
      body,
      text: () => body.toString('utf8'),
    };
  }

  function view(own: readonly string[]): Outbound {
    const isAllowed = (url: URL) => {
      const origin = originOf(url);
      if (own.includes(origin)) return true;
      if (production) return false;
      return (
        configured.includes(origin) ||
        (options.imitations?.() ?? []).some((base) => originOf(new URL(base)) === origin)
      );
    };
    return {
      request: (url, init = {}) => request(isAllowed, url, init),
      async check(url) {
        const parsed = parse(url);
        if (isAllowed(parsed)) return;
        await publicAddresses(url, parsed.hostname, resolve);
      },
      allowed(url) {
        try {
          return isAllowed(new URL(url));
        } catch {
          return false;
        }
      },
      trusting(bases) {
        const origins = bases.map((base) => new URL(base));
        const outside = origins.find(
          (url) => innerAddressReason(url.hostname.replace(/^\[|\]$/g, '')) !== 'loopback',
        );
        if (outside)
          throw new Error(`outbound: only an imitation on this machine is trusted, not ${outside.origin}`);
        return view([...own, ...origins.map(originOf)]);
      },
      async close() {
        if (!opened) return;
        const { guarded, trusted } = await agents();
        await Promise.all([guarded.close(), trusted.close()]);
      },
    };
  }

  return view([]);
}
