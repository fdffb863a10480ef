import { DateTime } from 'luxon';
import type { BookingsTable } from '../db/tables/bookings.ts';
import type { AppDeps } from '../deps.ts';
import { newRef } from '../lib/random.ts';
import { accountByEmail } from '../modules/accounts/accounts.service.ts';
import {
  listPublicationsOfProfessional,
  type PublicationRow,
} from '../modules/catalogue/catalogue.service.ts';
import { ensureContactForClient } from '../modules/contacts/contacts.service.ts';
import { afipLinkState, linkAfipWithImitation } from '../modules/invoicing/afip-credentials.service.ts';
import { createSale } from '../modules/sales/sales.service.ts';

type Seat = {
  /** Publication title (seed-catalogue-data.ts). */
  title: string;
  /** Start: days from today and the professional's wall-clock hour, or minutes from now. */
  at: { days: number; hour: string } | { minutesFromNow: number };
  state: BookingsTable['state'];
  modality?: 1 | 2;
  pay?: 0 | 1;
  payMethod?: 'card' | 'cash' | 'transfer' | 'free' | 'manual';
  /** Overrides the publication's price (minor units). */
  priceMinor?: number;
  hidePrice?: 0 | 1;
  priceProfOk?: 0 | 1;
  createByProf?: 0 | 1;
  series?: string;
  cancelReason?: string;
  /** Who sits in it: the demo client, or a demo contact (by e-mail) without an account. */
  who?: 'client' | string;
};

/**
 * spec 000 §2.5, §4: the demo professional's agenda shows an appointment in every state of the
 * panel: paid by card (ABONADA), cash unpaid (IMPAGA), free (GRATIS), a hidden price waiting for
 * the professional and one waiting for the client, done, cancelled, one happening now (the room
 * button on), a weekly series the professional created for a contact and a group with several
 * participants. Times are relative to the seed clock so the demo always looks current.
 */
const seats: Seat[] = [
  {
    title: 'Sesión de psicología online',
    at: { days: -14, hour: '10:00' },
    state: 'done',
    pay: 1,
    payMethod: 'card',
  },
  {
    title: 'Kinesiología y rehabilitación en consultorio',
    at: { days: -7, hour: '11:00' },
    state: 'done',
    pay: 0,
    payMethod: 'cash',
  },
  {
    title: 'Sesión de psicología online',
    at: { days: -3, hour: '15:00' },
    state: 'cancelled',
    payMethod: 'transfer',
    cancelReason: 'client: Se me superpuso con el trabajo',
  },
  {
    title: 'Sesión de psicología online',
    at: { minutesFromNow: -10 },
    state: 'confirmed',
    pay: 1,
    payMethod: 'card',
  },
  {
    title: 'Terapia de pareja online o presencial',
    at: { days: 2, hour: '15:00' },
    state: 'confirmed',
    modality: 2,
    pay: 0,
    payMethod: 'cash',
  },
  {
    title: 'Sesión de psicología online',
    at: { days: 3, hour: '12:00' },
    state: 'confirmed',
    priceMinor: 0,
    pay: 1,
    payMethod: 'free',
    createByProf: 1,
  },
  {
    title: 'Evaluación psicopedagógica (valor a convenir)',
    at: { days: 4, hour: '16:00' },
    state: 'pending',
    payMethod: 'manual',
    hidePrice: 1,
    priceProfOk: 0,
  },
  {
    title: 'Evaluación psicopedagógica (valor a convenir)',
    at: { days: 6, hour: '17:00' },
    state: 'pending',
    payMethod: 'manual',
    priceMinor: 1_800_000,
    hidePrice: 1,
    priceProfOk: 1,
  },
  ...[1, 8, 15, 22].map(
    (days): Seat => ({
      title: 'Kinesiología y rehabilitación en consultorio',
      at: { days, hour: '18:00' },
      state: 'confirmed',
      pay: 0,
      payMethod: 'cash',
      createByProf: 1,
      series: 'demo-series',
      who: 'valentina.sosa@ejemplo.test',
    }),
  ),
];

const groupTitle = 'Taller grupal de meditación';

const demoCuit = '27284561231';

/**
 * Issue 15: the demo professional's AFIP is linked to the imitation (its CA signs the CSR), so
 * connectedOk is true and invoices can be issued in the demo. Only with the imitation (never in
 * production); idempotent: an existing link is kept. Runs before the bookings' early return so an
 * already seeded database gets it too.
 */
async function seedAfipLink(deps: AppDeps, pro: { id: number; first_name: string; last_name: string }) {
  if (!deps.afip.imitation || deps.config.env === 'production') return;
  if ((await afipLinkState(deps, pro.id)).state === 'linked') return;
  await linkAfipWithImitation(deps, pro.id, { cuit: demoCuit, name: `${pro.first_name} ${pro.last_name}` });
}

export async function seedBookings(deps: AppDeps): Promise<void> {
  const pro = await accountByEmail(deps.db, 'profesional@agendo.test');
  const client = await accountByEmail(deps.db, 'consultante@agendo.test');
  if (!pro || !client) return;
  await seedAfipLink(deps, pro);
  // Idempotent: the demo client's first seeded appointment marks the whole set as done.
  const existing = await deps.db
    .selectFrom('bookings')
    .select('id')
    .where('professional_id', '=', pro.id)
    .where('client_id', '=', client.id)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;

  const pubs = await listPublicationsOfProfessional(deps.db, pro.id, { includePaused: true });
  const byTitle = new Map(pubs.map((p) => [p.title, p]));
  const now = DateTime.fromJSDate(deps.now());
  const nowIso = now.toUTC().toISO() as string;
  const zone = pro.time_zone;
  const clientContact = await ensureContactForClient(deps.db, pro.id, { id: client.id }, deps.now());
  const contactByEmail = async (email: string) =>
    deps.db
      .selectFrom('contacts')
      .select(['id', 'email'])
      .where('professional_id', '=', pro.id)
      .where('email', '=', email)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();

  const seriesRef = newRef();
  const insert = async (
    pub: PublicationRow,
    seat: Seat,
    startsAt: string,
    who: { clientId: number | null; contactId: number },
  ) => {
    const price = seat.priceMinor ?? (seat.hidePrice === 1 && seat.priceProfOk !== 1 ? 0 : pub.price);
    const endsAt = new Date(Date.parse(startsAt) + pub.duration_min * 60_000).toISOString();
    const ref = newRef();
    const row = await deps.db
      .insertInto('bookings')
      .values({
        ref,
        publication_id: pub.id,
        professional_id: pro.id,
        client_id: who.clientId,
        contact_id: who.contactId,
        starts_at: startsAt,
        ends_at: endsAt,
        state: seat.state,
        hold_expires_at: null,
        created_at: nowIso,
        updated_at: nowIso,
        title: pub.title,
        duration: pub.duration_min,
        modality_id: seat.modality ?? (pub.modality_id === 2 ? 2 : 1),
        price_minor: price,
        original_price_minor: price,
        currency: pub.currency,
        pay: seat.pay ?? 0,
        pay_method: seat.payMethod ?? null,
        pay_cash: pub.pay_cash,
        pay_card: pub.pay_card,
        hide_price: seat.hidePrice ?? 0,
        price_prof_ok: seat.priceProfOk ?? 0,
        price_confirm_deadline: seat.priceProfOk === 1 ? now.plus({ hours: 20 }).toUTC().toISO() : null,
        create_by_prof: seat.createByProf ?? 0,
        recurrent: seat.series ? 1 : 0,
        series_ref: seat.series ? seriesRef : null,
        client_time_zone: who.clientId === client.id ? client.time_zone : null,
        done_at: seat.state === 'done' ? endsAt : null,
        paid_at: seat.pay === 1 ? startsAt : null,
        cancelled_at: seat.state === 'cancelled' ? nowIso : null,
        cancelled_by: seat.state === 'cancelled' ? who.clientId : null,
        cancel_reason: seat.cancelReason ?? null,
        reminder_sent_at: Date.parse(startsAt) < Date.parse(nowIso) + 86_400_000 ? nowIso : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (price > 0 || seat.payMethod === 'free') {
      const sale = await createSale(deps.db, {
        kind: 'booking',
        sellerId: pro.id,
        buyerId: who.clientId,
        contactId: who.contactId,
        bookingId: row.id,
        description: pub.title,
        amountMinor: price,
        discountMinor: 0,
        currency: pub.currency,
        method: seat.payMethod ?? 'cash',
        state: seat.state === 'cancelled' ? 'void' : seat.pay === 1 ? 'paid' : 'pending',
        provider: seat.payMethod === 'card' ? 'dlocal' : null,
        couponId: null,
        now: nowIso,
      });
      await deps.db.updateTable('bookings').set({ sale_id: sale.id }).where('id', '=', row.id).execute();
    }
  };

  for (const seat of seats) {
    const pub = byTitle.get(seat.title);
    if (!pub) continue;
    const startsAt =
      'minutesFromNow' in seat.at
        ? now.plus({ minutes: seat.at.minutesFromNow }).startOf('minute').toUTC().toISO()
        : DateTime.fromISO(`${now.setZone(zone).plus({ days: seat.at.days }).toISODate()}T${seat.at.hour}`, {
            zone,
          })
            .toUTC()
            .toISO();
    if (!startsAt) continue;
    let who = { clientId: client.id as number | null, contactId: clientContact.id };
    if (seat.who && seat.who !== 'client') {
      const contact = await contactByEmail(seat.who);
      if (!contact) continue;
      who = { clientId: null, contactId: contact.id };
    }
    await insert(pub, seat, startsAt, who);
  }

  // A group at the workshop's next dated turn: the demo client and two contacts, one unpaid.
  const group = byTitle.get(groupTitle);
  if (group) {
    const today = now.setZone(zone).plus({ days: 1 }).toISODate() as string;
    const turn = await deps.db
      .selectFrom('dated_turns')
      .select(['date', 'start_time'])
      .where('publication_id', '=', group.id)
      .where('date', '>=', today)
      .orderBy('date')
      .orderBy('start_time')
      .executeTakeFirst();
    if (turn) {
      const startsAt = DateTime.fromISO(`${turn.date}T${turn.start_time}`, { zone })
        .toUTC()
        .toISO() as string;
      const members: { who: { clientId: number | null; contactId: number }; pay: 0 | 1 }[] = [
        { who: { clientId: client.id, contactId: clientContact.id }, pay: 1 },
      ];
      for (const email of ['joaquin.herrera@ejemplo.test', 'camila.rojas@ejemplo.test']) {
        const contact = await contactByEmail(email);
        if (contact)
          members.push({ who: { clientId: null, contactId: contact.id }, pay: members.length === 1 ? 1 : 0 });
      }
      for (const m of members) {
        await insert(
          group,
          {
            title: groupTitle,
            at: { minutesFromNow: 0 },
            state: 'confirmed',
            pay: m.pay,
            payMethod: m.pay ? 'card' : 'cash',
          },
          startsAt,
          m.who,
        );
      }
    }
  }

  // Transfers show the professional's bank data (spec 002 §8 otherwise asks to use the chat).
  await deps.db
    .insertInto('bank_accounts')
    .values({
      user_id: pro.id,
      country_id: 5,
      first_name: pro.first_name,
      last_name: pro.last_name,
      account_type: null,
      bank_name: 'BANCO DE LA NACION ARGENTINA',
      currency: 'ARS',
      account: '0110599520000001234569',
      bank_code: '011',
      alias: 'lucia.fernandez.psi',
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();

  // How the demo's clients may pay (update-user-payment-options): everything, as its publications offer.
  await deps.db
    .insertInto('payment_options')
    .values({ user_id: pro.id, pay_card: 1, pay_cash: 1, pay_money: 1, notify_debt: 1, updated_at: nowIso })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();

  // Issue 15: the demo professional invoices as a monotributista (condition 6, Factura C) from
  // point of sale 1, under a CUIT whose check digit is right (a made-up one: 27 for a woman).
  await deps.db
    .insertInto('fiscal_profiles')
    .values({
      user_id: pro.id,
      razon_social: `${pro.first_name} ${pro.last_name}`,
      domicilio_fiscal: 'Av. Corrientes 1234, Piso 5 B, CABA',
      condicion_iva: 6,
      doc_tipo: 80,
      cuit: demoCuit,
      punto_venta: 1,
      fecha_inicio: '2019-03-01',
      updated_at: nowIso,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}
