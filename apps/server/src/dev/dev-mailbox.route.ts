import { routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { registerRoute } from '../http-routes.ts';
import { escapeHtml } from '../lib/html.ts';
import { outboxMail, outboxMails } from '../modules/notifications/notifications.service.ts';
import { ActionError } from '../rpc-errors.ts';

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

const page = (title: string, body: string) => `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#1f2933}
article{border:1px solid #d9e2ec;border-radius:8px;padding:16px;margin:0 0 16px}h1{font-size:22px}h2{font-size:17px;margin:0 0 4px}
.meta{color:#52606d;font-size:14px;margin:0 0 12px}pre{white-space:pre-wrap;font-family:inherit;margin:0}</style></head>
<body>${body}</body></html>`;

function attachmentNames(json: string | null): string[] {
  if (!json) return [];
  try {
    return (JSON.parse(json) as { filename: string }[]).map((a) => a.filename);
  } catch {
    return [];
  }
}

function attachmentLinks(ref: string, json: string | null): string {
  return attachmentNames(json)
    .map((name, i) => ` · adjunto <a href="/dev/mailbox/${ref}/attachments/${i}">${escapeHtml(name)}</a>`)
    .join('');
}

/**
 * The outbox as a mailbox, for development and tests only: it shows every mail the platform
 * would send, recovery and autologin links included ('development' routes: never in production).
 */
export function registerDevMailbox(app: FastifyInstance, deps: AppDeps) {
  registerRoute(app, deps, routes.devMailbox, async ({ query }, { reply }) => {
    const to = query.to?.toLowerCase();
    const mails = await outboxMails(deps, to);
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">Para: ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)} · <a href="/dev/mailbox/${m.ref}">ver como HTML</a>${attachmentLinks(m.ref, m.attachments)}</p>
<pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    const body = `<h1>Buzón de desarrollo</h1><p class="meta">Los emails que Agendo enviaría, del más nuevo al más viejo.</p>${
      items || '<p>Todavía no se envió ningún email.</p>'
    }`;
    return reply.type('text/html; charset=utf-8').send(page('Buzón de desarrollo · Agendo', body));
  });
  registerRoute(app, deps, routes.devMail, async ({ params }, { reply }) => {
    const mail = await outboxMail(deps, params.ref);
    if (!mail)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(page('No encontrado', '<p>No encontramos ese email.</p>'));
    return reply.type('text/html; charset=utf-8').send(mail.html_body);
  });
  registerRoute(app, deps, routes.devMailAttachment, async ({ params }, { reply }) => {
    const mail = await outboxMail(deps, params.ref);
    const list = mail?.attachments
      ? (JSON.parse(mail.attachments) as {
          filename: string;
          contentType: string;
          content: string;
          encoding?: 'base64';
        }[])
      : [];
    const file = list[params.index];
    if (!file) throw new ActionError('E404');
    return reply
      .type(file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`)
      .send(file.encoding === 'base64' ? Buffer.from(file.content, 'base64') : file.content);
  });
}
