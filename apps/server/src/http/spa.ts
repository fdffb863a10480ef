import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const routePrefix = /^\/(ar|us|mx|cl|br|uy|pe|co|ec|la)\/(es|en)(\/|$)/;
const apiPaths = /^\/(index\.php|upload|files|go|dev|healthz)(\/|$)/;

/**
 * Rewrites a page's HTML before it is sent (the public page's title and Open Graph tags, which a
 * crawler without JavaScript must find in the HTML itself); null leaves index.html as built.
 */
export type PageHead = (pathname: string) => Promise<((html: string) => string) | null>;

/**
 * Serves the built SPA: hashed assets with a long cache, everything else that looks like a
 * page gets index.html (history fallback). Unknown prefixes still get the SPA, with status
 * 404, so the Spanish not-found page renders; missing asset files get a plain 404 so a stale
 * chunk is reported as such and the client's chunk-failure recovery can run.
 */
export function registerSpa(app: FastifyInstance, webDist: string, pageHead?: PageHead) {
  const indexFile = path.join(webDist, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // One route for the whole folder: a route per built file (three per asset with the .br and
      // .gz) took most of a second to register at every start. A missing file falls through to
      // the not-found handler below, as before.
      wildcard: true,
      // A folder (`/`, `/assets/`) is not a file: the not-found handler answers it (the app).
      allowedPath: (pathname) => !pathname.endsWith('/'),
      index: false,
      // The build writes a .br and a .gz beside every text asset of 1 kB or more
      // (apps/web/vite.config.ts): the one the client accepts is sent, no compression per request.
      preCompressed: true,
      // The headers below decide caching per file; the plugin's default would override them.
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(webDist, filePath);
        // The same URL answers in brotli, gzip or plain: caches must key on Accept-Encoding.
        res.setHeader('Vary', 'Accept-Encoding');
        if (relative.startsWith(`assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const looksLikePage =
      (request.method === 'GET' || request.method === 'HEAD') && !apiPaths.test(url) && !path.extname(url);
    if (!hasSpa || !looksLikePage) {
      return reply.code(404).send({ status: '404', code: 'E404', message: 'No encontramos lo que buscas.' });
    }
    const status = url === '/' || routePrefix.test(url) ? 200 : 404;
    const rewrite = status === 200 && pageHead ? await pageHead(url).catch(() => null) : null;
    if (rewrite) {
      const html = await fs.promises.readFile(indexFile, 'utf8');
      return reply
        .code(200)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(rewrite(html));
    }
    return reply.code(status).header('Cache-Control', 'no-cache').sendFile('index.html', webDist);
  });
}
