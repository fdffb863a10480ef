import { beforeAll, describe, expect, it } from 'vitest';
import type { AfipInvoicing } from '../../providers/afip/afip-port.ts';
import { useTestApp } from '../../test/test-app.ts';
import { registeredUser } from '../../test/user-fixtures.ts';
import {
  afipConnectedOk,
  afipForProfessional,
  afipLinkState,
  linkAfipWithImitation,
  saveAfipLinkCertificate,
  startAfipLink,
} from './afip-credentials.service.ts';
import { type IssueContext, type IssueRequest, issueInvoice } from './afip-invoices.service.ts';

/**
 * Issue 15 acceptance: 20 simultaneous issues take 20 consecutive numbers with no gap and no
 * duplicate; a lost answer is settled with FECompConsultar, never by asking again. Runs on
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL, against the imitation over HTTP.
 */

const cuit = '20284567898';
let userId: number;
let afip: AfipInvoicing;
let ctx: IssueContext;

const sale = (ref: string, totalCents = 1_200_000): IssueRequest => ({
  ref,
  invoice: {
    pointOfSale: 1,
    voucherType: 11,
    concept: 2,
    documentType: 96,
    documentNumber: '31234567',
    date: '2026-11-22',
    totalCents,
    netCents: totalCents,
    vatCents: 0,
    serviceFrom: '2026-11-22',
    serviceTo: '2026-11-22',
    dueDate: '2026-11-22',
    receptorIvaCondition: 5,
  },
});

const t = useTestApp();
beforeAll(async () => {
  userId = (await registeredUser(t)).id;
});

describe('linking AFIP', () => {
  it('nothing linked: no port, connectedOk false', async () => {
    expect(await afipLinkState(t.deps, userId)).toEqual({ state: 'none' });
    expect(await afipForProfessional(t.deps, userId)).toBeNull();
    expect(await afipConnectedOk(t.deps, userId)).toBe(false);
  });

  it('a CSR naming the CUIT as AFIP asks; the key is stored sealed, never in clear', async () => {
    const { csrPem } = await startAfipLink(t.deps, userId, { cuit, name: 'Juan Pérez' });
    expect(csrPem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/);
    expect(await afipLinkState(t.deps, userId)).toMatchObject({ state: 'csr', cuit, csrPem });
    const row = await t.deps.db
      .selectFrom('afip_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.private_key_sealed).toMatch(/^v2:[0-9a-f]{8}:/);
    expect(row.private_key_sealed).not.toContain('PRIVATE KEY');
  });

  it('refuses a certificate for another key or that is not one', async () => {
    const stranger = await startAfipLink(t.deps, userId, { cuit, name: 'Juan Pérez' });
    const issuedForStranger = t.deps.afip.imitation?.issueCertificate(stranger.csrPem) ?? '';
    // A new link: the certificate of the previous CSR no longer matches the stored key.
    await startAfipLink(t.deps, userId, { cuit, name: 'Juan Pérez' });
    expect(await saveAfipLinkCertificate(t.deps, userId, issuedForStranger)).toEqual({
      ok: false,
      reason: 'other-key',
    });
    expect(await saveAfipLinkCertificate(t.deps, userId, 'hola')).toEqual({
      ok: false,
      reason: 'not-a-certificate',
    });
  });

  it('with the certificate AFIP (the imitation) issued: linked, sealed, and a login works', async () => {
    const saved = await linkAfipWithImitation(t.deps, userId, { cuit, name: 'Juan Pérez' });
    expect(saved).toMatchObject({ ok: true, cuit });
    expect(await afipLinkState(t.deps, userId)).toMatchObject({ state: 'linked', cuit });
    const row = await t.deps.db
      .selectFrom('afip_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.certificate_sealed).toMatch(/^v2:[0-9a-f]{8}:/);
    expect(await afipConnectedOk(t.deps, userId)).toBe(true);
    // The ticket is kept in the database for every instance.
    const tickets = await t.deps.db.selectFrom('afip_tickets').selectAll().where('cuit', '=', cuit).execute();
    expect(tickets.map((ticket) => ticket.service)).toEqual(['wsfe']);

    const port = await afipForProfessional(t.deps, userId);
    if (!port) throw new Error('not linked');
    afip = port;
    ctx = { db: t.deps.db, environment: t.deps.afip.environment, afip, now: t.deps.now };
  });
});

describe('issueInvoice', () => {
  it('20 simultaneous issues: 20 invoices, consecutive numbers, no gap, no duplicate', async () => {
    const before = await afip.lastAuthorised(1, 11);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => issueInvoice(ctx, sale(`sale-${i}`, 100_000 + i))),
    );
    const numbers = results.map((result) => {
      if (result.kind !== 'authorised') throw new Error(`not authorised: ${JSON.stringify(result)}`);
      expect(result.cae).toMatch(/^\d{14}$/);
      return result.number;
    });
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    const recorded = t.deps.afip.imitation?.authorised(cuit, 1, 11) ?? [];
    expect(recorded.map((voucher) => voucher.number)).toEqual(
      Array.from({ length: before + 20 }, (_, i) => i + 1),
    );
    // Each sale got the invoice of its own amount.
    for (const [i, result] of results.entries()) {
      if (result.kind !== 'authorised') continue;
      expect((await afip.consult(1, 11, result.number))?.totalCents).toBe(100_000 + i);
    }
  }, 60_000);

  it('asking again for the same sale returns its invoice, without a second number', async () => {
    const first = await issueInvoice(ctx, sale('same-sale'));
    const again = await issueInvoice(ctx, sale('same-sale'));
    expect(again).toEqual({ ...first, observations: [] });
    expect(await afip.lastAuthorised(1, 11)).toBe(first.kind === 'authorised' ? first.number : -1);
  });

  it('AFIP refuses the data: rejected with its code, no number used, the sale may try again', async () => {
    const last = await afip.lastAuthorised(1, 11);
    const bad = sale('bad-sale');
    const refused = await issueInvoice(ctx, {
      ...bad,
      invoice: { ...bad.invoice, receptorIvaCondition: undefined },
    });
    expect(refused).toMatchObject({ kind: 'rejected', observations: [{ code: 10246 }] });
    expect(await afip.lastAuthorised(1, 11)).toBe(last);
    expect(await issueInvoice(ctx, bad)).toMatchObject({ kind: 'authorised', number: last + 1 });
  });

  it('AFIP authorises but the answer is lost: settled with FECompConsultar, not asked again', async () => {
    const imitation = t.deps.afip.imitation;
    if (!imitation) throw new Error('no imitation');
    const last = await afip.lastAuthorised(1, 11);
    imitation.loseNextAnswer('FECAESolicitar');
    const result = await issueInvoice(ctx, sale('lost-answer'));
    const recorded = imitation.authorised(cuit, 1, 11);
    expect(recorded).toHaveLength(last + 1);
    expect(result).toMatchObject({ kind: 'authorised', number: last + 1, cae: recorded.at(-1)?.cae });
  });

  it('answer lost and FECompConsultar down: unknown; the retry finds the invoice instead of taking another number', async () => {
    const imitation = t.deps.afip.imitation;
    if (!imitation) throw new Error('no imitation');
    const last = await afip.lastAuthorised(1, 11);
    imitation.loseNextAnswer('FECAESolicitar');
    imitation.breakMethod('FECompConsultar');
    expect(await issueInvoice(ctx, sale('in-doubt'))).toEqual({ kind: 'unknown', number: last + 1 });
    // Meanwhile another sale must not be numbered past an invoice in doubt.
    await expect(issueInvoice(ctx, sale('waiting'))).rejects.toThrow('FECompConsultar');
    imitation.breakMethod(null);
    const retried = await issueInvoice(ctx, sale('in-doubt'));
    expect(retried).toMatchObject({
      kind: 'authorised',
      number: last + 1,
      cae: imitation.authorised(cuit, 1, 11).at(-1)?.cae,
    });
    expect(imitation.authorised(cuit, 1, 11)).toHaveLength(last + 1);
    expect(await issueInvoice(ctx, sale('waiting'))).toMatchObject({ kind: 'authorised', number: last + 2 });
  });

  it('the request never reached AFIP: not issued, nothing pending, the next issue takes that number', async () => {
    const imitation = t.deps.afip.imitation;
    if (!imitation) throw new Error('no imitation');
    const last = await afip.lastAuthorised(1, 11);
    imitation.breakMethod('FECAESolicitar');
    expect(await issueInvoice(ctx, sale('never-arrived'))).toEqual({ kind: 'not-issued' });
    imitation.breakMethod(null);
    expect(await issueInvoice(ctx, sale('never-arrived'))).toMatchObject({
      kind: 'authorised',
      number: last + 1,
    });
  });
});
