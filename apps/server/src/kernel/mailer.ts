import type { DB } from '../db/database.ts';
import type { RenderedMail } from '../lib/mail-templates.ts';

/**
 * Every mail is written to the outbox first, so nothing is lost when the transport is down and
 * the dev mailbox shows exactly what users would receive. Features do not call it directly for
 * what happened to someone: they call `notify`, which decides the channels. The notifications
 * slice builds it (`createMailer`); it is a port here so `deps.ts` does not import that slice.
 */
export interface Mailer {
  send(to: string, mail: RenderedMail, db?: DB): Promise<string>;
}
