import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Hosts a configured provider's browser SDK needs, added to the policy's own (e.g. MP.js). */
export interface ExtraSources {
  scriptSrc?: string[];
  connectSrc?: string[];
  frameSrc?: string[];
}

const policy = (extra: ExtraSources) =>
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(extra.scriptSrc ?? [])],
        // Mantine writes its CSS variables in a style element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Quiz questions may show an image by link (spec 000 §3 imgQuizURL).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Lesson and question videos by link: a file URL plays in <video>, YouTube and Vimeo embed.
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: [
          "'self'",
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
          ...(extra.frameSrc ?? []),
        ],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(extra.connectSrc ?? [])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Our own pages may frame each other (the sandbox checkout overlay); nobody else may.
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only makes sense over TLS; it is added per request when the request came over https.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });

/**
 * helmet's headers, computed once at start: its options never depend on the request, and running
 * its middleware per request (or @fastify/helmet, which rebuilds it each time and parses the CSP
 * directives again) measured ~6 % of a find-turns request's CPU (bench/README.md).
 */
function helmetHeaders(extra: ExtraSources): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const res = {
    setHeader(name: string, value: string) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader() {},
  };
  policy(extra)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/** Sent on every answer: they protect subresources too (MIME sniffing, cross-origin reads). */
const everyAnswer = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

/**
 * Subresources a browser never renders as a page. Everything else (HTML, SVG, PDF, plain text,
 * an answer without a type) is treated as a document, so an unforeseen type stays protected.
 */
const subresource =
  /^(?:application\/(?:javascript|json|manifest\+json|wasm)|text\/(?:javascript|css)|font\/|image\/(?:png|jpeg|gif|webp|avif|x-icon|vnd\.microsoft\.icon))(?:;|$)/i;

/**
 * CSP, framing, referrer and opener policies only apply to documents: on the JS, CSS and JSON
 * answers they were ~1 kB each (~67 kB across a public page's first load, issue 13). nosniff and
 * CORP stay on every answer; a route that set its own value (uploaded files' stricter CSP) keeps it.
 */
export function registerSecurityHeaders(app: FastifyInstance, extra: ExtraSources = {}) {
  const all = helmetHeaders(extra);
  const always = all.filter(([name]) => everyAnswer.has(name));
  const documentOnly = all.filter(([name]) => !everyAnswer.has(name));
  app.addHook('onSend', async (request, reply) => {
    const set = ([name, value]: [string, string]) => {
      if (!reply.hasHeader(name) && !reply.raw.hasHeader(name)) reply.header(name, value);
    };
    always.forEach(set);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !subresource.test(type)) documentOnly.forEach(set);
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
}
