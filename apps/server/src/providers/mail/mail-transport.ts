import type { Transporter } from 'nodemailer';
import { lazy } from '../../lib/lazy.ts';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** nodemailer's own shape: `encoding: 'base64'` for binary content. */
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[];
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer, from an URL such as smtps://user:pass@smtp.example.com:465. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  // nodemailer is loaded with the first mail, not at start.
  let made: Transporter | undefined;
  const transporter = lazy(async () => {
    const { default: nodemailer } = await import('nodemailer');
    made = nodemailer.createTransport(smtpUrl);
    return made;
  });
  return {
    async send(mail) {
      await (await transporter()).sendMail(mail);
    },
    close() {
      made?.close();
    },
  };
}
