import {
  type BillingRow,
  type Booking,
  invoiceTypeFor,
  isValidCuit,
  payCell,
  paymentBadge,
  priceConfirmationOf,
} from '@agendo/contract';
import { describe, expect, it } from 'vitest';
import { loadSharp } from '../lib/heavy-libraries.ts';
import { normalisePhone } from '../lib/phone.ts';
import { signedInAs, useSeededDemo } from '../test/seeded-demo.ts';
import { seedDemo } from './seed.ts';
import { demoCertificateTitle } from './seed-profile.ts';

const demo = useSeededDemo();

describe('demo bookings seed', () => {
  it('gives the demo agenda an appointment in every state of the panel', async () => {
    const all: Booking[] = [];
    for (const filter of ['upcoming', 'past', 'cancelled'] as const) {
      let next: number | null = 0;
      while (next !== null) {
        const res: { body: { bookings: Booking[]; next: number | null } } = await demo.t.call(
          'find-bookings',
          { mode: 1, filter, next },
          demo.proToken,
        );
        all.push(...res.body.bookings);
        next = res.body.next;
      }
    }
    const badges = new Set(all.map((b) => paymentBadge(b)));
    expect([...badges].sort()).toEqual(['free', 'paid', 'price-to-set', 'unpaid']);
    const confirmations = new Set(all.map((b) => priceConfirmationOf(b)));
    expect(confirmations).toEqual(new Set(['none', 'waiting-professional', 'waiting-client']));
    const states = new Set(all.map((b) => b.state));
    expect(states).toEqual(new Set(['done', 'cancelled', 'confirmed', 'pending']));
    expect(all.some((b) => b.now === 1 && b.canCalificate)).toBe(true);
    expect(all.filter((b) => b.recurrent === 1 && b.createByProf === 1).length).toBeGreaterThanOrEqual(4);
    const group = all.find((b) => b.groupId !== null);
    expect(group).toBeDefined();
    const panel = await demo.t.call('find-booking', { ref: group?.id }, demo.proToken);
    expect(panel.body.participants.length).toBeGreaterThanOrEqual(3);
  });

  it('is idempotent', async () => {
    const count = async () =>
      Number(
        (
          await demo.t.deps.db
            .selectFrom('bookings')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await seedDemo(demo.t.deps);
    expect(await count()).toBe(before);
  });
});

describe('demo fiscal data (issue 15)', () => {
  it('makes the demo professional a monotributista invoicing from point of sale 1 under a valid CUIT', async () => {
    const res = await demo.t.call('get-afip-data', { userMode: 1, refContact: '' }, demo.proToken);
    expect(res.body).toMatchObject({
      status: '200',
      saved: true,
      condicionIva: 6,
      docTipo: 80,
      puntoVenta: 1,
    });
    expect(isValidCuit(res.body.cuit)).toBe(true);
    expect(invoiceTypeFor(res.body.condicionIva, 5)).toBe(11);
  });

  it('links the demo professional to the AFIP imitation, once: a login works (connectedOk)', async () => {
    const res = await demo.t.call('get-afip-data', { userMode: 1, refContact: '' }, demo.proToken);
    expect(res.body.connectedOk).toBe(true);
    const link = await demo.t.call('find-afip-link', {}, demo.proToken);
    expect(link.body).toMatchObject({ state: 'linked', cuit: res.body.cuit, connectedOk: true });
    const before = await demo.t.deps.db
      .selectFrom('afip_credentials')
      .select(['user_id', 'updated_at'])
      .execute();
    await seedDemo(demo.t.deps);
    const after = await demo.t.deps.db
      .selectFrom('afip_credentials')
      .select(['user_id', 'updated_at'])
      .execute();
    expect(after).toEqual(before);
  });
});

describe('demo phones', () => {
  it("are stored in E.164 exactly as their own country's number reads (spec 001 §5)", async () => {
    const rows = [
      ...(await demo.t.deps.db.selectFrom('users').select(['phone', 'country_id']).execute()),
      ...(await demo.t.deps.db.selectFrom('contacts').select(['phone', 'country_id']).execute()),
    ];
    const phones = rows.filter((row): row is { phone: string; country_id: number } => row.phone !== null);
    expect(phones.length).toBeGreaterThan(10);
    for (const { phone, country_id } of phones) {
      const iso = (await demo.t.deps.reference.countryById(country_id))?.iso2;
      expect(normalisePhone(phone, iso), `${phone} (${iso})`).toBe(phone);
    }
  });
});

describe('demo sales seed (issue 14)', () => {
  it('gives the demo professional a year of sales in every state of the sales table', async () => {
    const rows: BillingRow[] = [];
    let page = 1;
    for (;;) {
      const res: { body: { rows: BillingRow[]; total: number } } = await demo.t.call(
        'find-billing-all',
        { mode: 1, page, pageSize: 100 },
        demo.proToken,
      );
      rows.push(...res.body.rows);
      if (rows.length >= res.body.total) break;
      page += 1;
    }
    expect(rows.length).toBeGreaterThanOrEqual(150);
    const oldest = rows.reduce((min, r) => (r.date < min ? r.date : min), rows[0]?.date ?? '');
    expect(Date.parse(demo.t.clock.now.toISOString()) - Date.parse(oldest)).toBeGreaterThan(300 * 86_400_000);
    const cells = new Set(rows.map((r) => payCell(r)));
    expect(cells).toEqual(new Set(['SI', 'NO', 'Marcar Paga']));
    expect(rows.some((r) => r.pay === 1 && r.cashout_id !== null)).toBe(true);
    expect(rows.some((r) => r.pay === 1 && r.AmmountAs > 0 && r.cashout_id === null)).toBe(true);
    expect(rows.some((r) => r.pay === 1 && r.AmmountAs === 0)).toBe(true);
    const methods = await demo.t.deps.db
      .selectFrom('sales')
      .select('method')
      .distinct()
      .where('state', '=', 'paid')
      .execute();
    expect(methods.map((m) => m.method).sort()).toEqual(expect.arrayContaining(['card', 'cash', 'transfer']));
    // The demo client owes the professional something.
    const client = await demo.t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'consultante@agendo.test')
      .executeTakeFirstOrThrow();
    const owed = await demo.t.deps.db
      .selectFrom('sales')
      .select('id')
      .where('buyer_id', '=', client.id)
      .where('state', '=', 'pending')
      .execute();
    expect(owed.length).toBeGreaterThan(0);
  });

  it('the demo client owes the demo professional a balance, one appointment half paid', async () => {
    const [client, pro] = await Promise.all(
      ['consultante@agendo.test', 'profesional@agendo.test'].map((email) => signedInAs(demo.t, email)),
    );
    if (!client || !pro) throw new Error('demo users missing');
    const clientToken = client.token;
    const balances = await demo.t.call('find-balances', { mode: 2, balanceOfUser: pro.ref }, clientToken);
    expect(balances.statusCode).toBe(200);
    expect(balances.body.balances.length).toBeGreaterThan(0);
    expect(balances.body.balances[0].ammount).toBeGreaterThan(0);
    const wallets = await demo.t.call('find-wallets', { mode: 2, balanceOfUser: pro.ref }, clientToken);
    const rows: { price: number; ammount: number }[] = wallets.body.wallets;
    expect(rows.some((w) => w.ammount > 0 && w.ammount < w.price)).toBe(true);
    // The professional sees the same balance from their side.
    const seen = await demo.t.call('find-balances', { mode: 1, balanceOfUser: client.ref }, demo.proToken);
    expect(seen.body.balances).toEqual(balances.body.balances);
  });

  it("fills in the demo professional's profile: business name, nickname, bio, networks and address", async () => {
    const profile = await demo.t.call('find-user-profile', {}, demo.proToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.body.businessName).toBe('Consultorio Lucía Fernández');
    expect(profile.body.nickname).toBe('lucia-fernandez');
    expect(profile.body.userBio).toContain('<strong>licenciada en Psicología</strong>');
    expect(profile.body.socialNetworks.instagram).toMatch(/^https:\/\/www\.instagram\.com\//);
    // The address names a real state and city of the reference data, as the editor lists them.
    expect(profile.body.address).toMatchObject({
      userCountry: 5,
      userStreet: 'Av. Santa Fe 3200',
      stateName: expect.stringContaining('Buenos Aires'),
      cityName: 'Palermo',
    });
  });

  it('gives the demo professional both logos (re-encoded webp) and a PDF certificate, public as uploads are', async () => {
    const profile = await demo.t.call('find-user-profile', {}, demo.proToken);
    const { logoSquare, logoRectangle, certificate } = profile.body;
    expect(logoSquare).toMatch(/^\/files\/profile\/.+-logo-square-.+\.webp$/);
    expect(logoRectangle).toMatch(/^\/files\/profile\/.+-logo-rectangle-.+\.webp$/);
    expect(certificate).toMatchObject({ kind: 'pdf', title: demoCertificateTitle });
    // Served to anyone without a session, like an uploaded logo or certificate.
    const square = await demo.t.app.inject({ method: 'GET', url: logoSquare });
    expect(square.statusCode).toBe(200);
    const meta = await (await loadSharp())(square.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const rectangle = await demo.t.app.inject({ method: 'GET', url: logoRectangle });
    expect((await (await loadSharp())(rectangle.rawPayload).metadata()).width).toBe(1200);
    const pdf = await demo.t.app.inject({ method: 'GET', url: certificate.link });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The public page shows them as it shows an upload.
    const pro = await demo.t.deps.db
      .selectFrom('users')
      .select('ref')
      .where('email', '=', 'profesional@agendo.test')
      .executeTakeFirstOrThrow();
    const page = await demo.t.call('find-professional-profile', { ref: pro.ref });
    expect(page.body).toMatchObject({ logoSquare, logoRectangle, certificate: { link: certificate.link } });
  });
});
