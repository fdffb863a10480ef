import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/database.ts';
import type { RenderedMail } from '../../lib/mail-templates.ts';
import { newRef } from '../../lib/random.ts';
import type { MailTransport } from '../../providers/mail/mail-transport.ts';
import { insertOutboxMail, markOutboxFailed, markOutboxSent } from './notifications.repository.ts';

/**
 * The one way out for notifications (ROADMAP: mail now, chat and push later). Every mail is
 * written to the outbox first, so nothing is lost when the transport is down and the dev
 * mailbox shows exactly what users would receive.
 */
export interface Mailer {
  send(to: string, mail: RenderedMail, db?: DB): Promise<string>;
}

export function createMailer(deps: {
  db: DB;
  transport: MailTransport | null;
  from: string;
  now: () => Date;
  log: FastifyBaseLogger;
}): Mailer {
  const deliver = async (id: number, to: string, mail: RenderedMail) => {
    if (!deps.transport) return;
    try {
      await deps.transport.send({
        from: deps.from,
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      });
      await markOutboxSent(deps.db, id, deps.now().toISOString());
    } catch (error) {
      deps.log.warn({ err: error, template: mail.template }, 'mail delivery failed; kept in outbox');
      await markOutboxFailed(deps.db, id, String(error));
    }
  };
  return {
    async send(to, mail, db = deps.db) {
      const ref = newRef();
      const id = await insertOutboxMail(db, { ref, to, ...mail, now: deps.now().toISOString() });
      // Delivery happens after the caller's transaction; a slow SMTP server never holds a request.
      setImmediate(() => void deliver(id, to, mail));
      return ref;
    },
  };
}
