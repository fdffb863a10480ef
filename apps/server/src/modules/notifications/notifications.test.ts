import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { findOutboxMail } from './notifications.repository.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

// A real SMTP server on loopback: the adapter speaks the protocol, nothing is mocked.
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw,
      });
      done();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const t = useTestApp(() => ({
  smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true`,
}));

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('mail over SMTP', () => {
  it('delivers the Spanish verification mail and marks the outbox row sent', async () => {
    const { userMail } = await t.registerUser(1);
    const got = await waitFor(() => received.find((m) => m.to.includes(userMail)));
    expect(got.from).toBe('no-responder@agendo.test');
    expect(got.raw).toContain('Subject: Verifica tu email en Agendo');
    expect(got.raw).toMatch(/verify-email\//);
    const outbox = await t.lastMailTo(userMail);
    const row = await waitFor(async () => {
      const r = outbox ? await findOutboxMail(t.deps.db, outbox.ref) : undefined;
      return r?.sent_at ? r : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeNull();
  });
});
