import {
  appointmentBadge,
  formatMoney,
  minorUnitsOf,
  paymentBadgeText,
  type RefundState,
} from '@agendo/contract';
import { DateTime } from 'luxon';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { appLink } from '../../lib/app-link.ts';
import { render } from '../../lib/mail-templates.ts';
import { notify } from '../notifications/notifications.service.ts';
import { type BookingViewRow, findBookingViewRowById } from './agenda.repository.ts';
import { bookingIcs } from './booking-ics.ts';
import { clientEmailOf, clientNameOf, readerOf } from './booking-view.ts';

export type BookingMailKind =
  | 'booked'
  | 'rescheduled'
  | 'cancelled'
  | 'price-to-confirm'
  | 'price-changed'
  | 'reminder';

/** 'America/Argentina/Buenos_Aires' → 'Buenos Aires': the zone as people name it. */
export function zoneLabel(zone: string): string {
  const city = zone.split('/').pop() ?? zone;
  return city.replace(/_/g, ' ');
}

/** 'martes 24 de noviembre de 2026, 10:00 (hora de Buenos Aires)'. */
export function whenIn(iso: string, zone: string): string {
  const when = DateTime.fromISO(iso, { zone }).setLocale('es').toFormat("cccc d 'de' LLLL 'de' yyyy, HH:mm");
  return `${when} (hora de ${zoneLabel(zone)})`;
}

/**
 * Which day the appointment is, seen from `now` in `zone`: 'de hoy', 'de mañana' or 'del martes
 * 24 de noviembre' (issue 34: a reminder sent a minute before started 'tu cita de mañana').
 */
export function dayOfAppointment(iso: string, now: Date, zone: string): string {
  const day = DateTime.fromISO(iso, { zone }).setLocale('es').startOf('day');
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const days = Math.round(day.diff(today, 'days').days);
  if (days === 0) return 'de hoy';
  if (days === 1) return 'de mañana';
  return `del ${day.toFormat("cccc d 'de' LLLL")}`;
}

function money(row: BookingViewRow): string {
  return formatMoney(row.priceMinor / minorUnitsOf(row.currency), row.currency, row.clientCountryId ?? 5);
}

/** Issue 34: what the cancellation of a card-paid appointment does with its money, for both readers. */
const refundLines: Record<RefundState, string> = {
  pending: 'El pago se devuelve a la tarjeta con la que se pagó; puede tardar unos días en verse.',
  done: 'El pago ya se devolvió a la tarjeta con la que se pagó.',
  flagged: 'La devolución del pago falló; el profesional la revisa con el medio de pago.',
};

function priceLine(row: BookingViewRow): string {
  if (row.hidePrice === 1 && row.priceProfOk === 0)
    return 'Valor: lo define el profesional después de la reserva.';
  if (row.priceMinor === 0) return 'Valor: GRATIS.';
  // The panel's words (ABONADA, IMPAGA, PAGO DEVUELTO…): one rule for the mail and the screen.
  const badge = appointmentBadge({
    price: row.priceMinor,
    pay: row.pay === 1 ? 1 : 0,
    noPrice: 0,
    refundState: row.refundState,
  });
  const refund = row.refundState ? ` ${refundLines[row.refundState]}` : '';
  return `Valor: ${money(row)} (${paymentBadgeText[badge].appointment}).${refund}`;
}

function placeLine(row: BookingViewRow): string {
  return row.modalityChosen === 2
    ? `Lugar: ${row.address ?? 'a confirmar'}.`
    : 'Modalidad: online (el enlace a la sala está en la cita).';
}

type Days = { client: string; professional: string };
const subjects: Record<
  BookingMailKind,
  (title: string, days: Days) => { client: string; professional: string | null }
> = {
  booked: (t) => ({ client: `Tu cita está reservada: ${t}`, professional: `Nueva cita: ${t}` }),
  rescheduled: (t) => ({
    client: `Tu cita cambió de horario: ${t}`,
    professional: `Cita reprogramada: ${t}`,
  }),
  cancelled: (t) => ({ client: `Cita cancelada: ${t}`, professional: `Cita cancelada: ${t}` }),
  'price-to-confirm': (t) => ({ client: `Confirma el valor de tu cita: ${t}`, professional: null }),
  'price-changed': (t) => ({ client: `Cambió el valor de tu cita: ${t}`, professional: null }),
  reminder: (t, days) => ({
    client: `Recordatorio: tu cita ${days.client}, ${t}`,
    professional: `Recordatorio: cita ${days.professional}, ${t}`,
  }),
};

const openings: Record<BookingMailKind, string> = {
  booked: 'Tu cita quedó reservada.',
  rescheduled: 'Tu cita cambió de fecha u hora.',
  cancelled: 'La cita fue cancelada.',
  'price-to-confirm':
    'El profesional definió el valor de tu cita. Tienes 24 horas para confirmarlo; si no, la cita se anula.',
  'price-changed': 'El profesional actualizó el valor de tu cita.',
  reminder: 'Te recordamos tu cita de las próximas 24 horas.',
};

/**
 * Mails both parties (where they have an address) about one appointment, in Spanish, with the
 * time in each one's zone and the other's, and an .ics attachment. Written to the outbox
 * through the caller's transaction, so the mail exists exactly when the change does.
 */
export async function sendBookingMail(
  deps: AppDeps,
  db: DB,
  bookingId: number,
  kind: BookingMailKind,
): Promise<void> {
  const row = await findBookingViewRowById(db, bookingId);
  if (!row) return;
  const proZone = row.proTimeZone;
  const clientZone = row.clientTimeZone ?? row.clientUserTimeZone ?? proZone;
  const proName = `${row.proFirstName} ${row.proLastName}`.trim();
  const clientName = clientNameOf(row);
  const now = deps.now();
  const subject = subjects[kind](row.title, {
    client: dayOfAppointment(row.startsAt, now, clientZone),
    professional: dayOfAppointment(row.startsAt, now, proZone),
  });
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const publicUrl = deps.config.publicUrl;
  const clientEmail = clientEmailOf(row);
  // Links open in each recipient's own /{country}/{lang}/ (a Mexican client's in /mx/es/).
  const linkFor = (side: 'client' | 'professional', route: string) =>
    appLink(deps.config, readerOf(row, side), `${route}/${row.ref}`);

  const both = (own: string, other: string, otherName: string) =>
    own === other ? [] : [`Para ${otherName}: ${whenIn(row.startsAt, other)}.`];

  if (clientEmail) {
    const lines = [
      `¡Hola ${clientName}!`,
      openings[kind],
      `${row.title} con ${proName}, ${row.duration} minutos.`,
      `Fecha: ${whenIn(row.startsAt, clientZone)}.`,
      ...both(clientZone, proZone, proName),
      placeLine(row),
      priceLine(row),
    ];
    const mail = render(
      `booking-${kind}`,
      subject.client,
      lines,
      {
        label: kind === 'price-to-confirm' ? 'Confirmar el valor' : 'Ver mi cita',
        url: linkFor('client', 'my-bookings'),
      },
      'Recibes este email porque tienes una cita reservada en Agendo.',
    );
    mail.attachments = [
      {
        filename: 'cita.ics',
        contentType: 'text/calendar; charset=utf-8',
        content: bookingIcs([row], { publicUrl, side: 'client', method, now }),
      },
    ];
    // issue 17: the same event as an in-app notification (and push) for a client with an account.
    await notify(deps, db, {
      userId: row.clientId,
      kind: `booking-${kind}`,
      title: subject.client,
      body: `${openings[kind]} Fecha: ${whenIn(row.startsAt, clientZone)}.`,
      link: `my-bookings/${row.ref}`,
      mail: { to: clientEmail, content: mail },
    });
  }
  if (subject.professional && row.proEmail) {
    const lines = [
      `¡Hola ${row.proFirstName}!`,
      kind === 'booked' ? `${clientName} reservó una cita.` : openings[kind],
      `${row.title} con ${clientName}, ${row.duration} minutos.`,
      `Fecha: ${whenIn(row.startsAt, proZone)}.`,
      ...both(proZone, clientZone, clientName),
      placeLine(row),
      priceLine(row),
    ];
    const mail = render(
      `booking-${kind}`,
      subject.professional,
      lines,
      { label: 'Ver la cita', url: linkFor('professional', 'bookings') },
      'Recibes este email por una cita de tu agenda en Agendo.',
    );
    mail.attachments = [
      {
        filename: 'cita.ics',
        contentType: 'text/calendar; charset=utf-8',
        content: bookingIcs([row], { publicUrl, side: 'professional', method, now }),
      },
    ];
    await notify(deps, db, {
      userId: row.professionalId,
      kind: `booking-${kind}`,
      title: subject.professional,
      body: `${kind === 'booked' ? `${clientName} reservó una cita.` : openings[kind]} Fecha: ${whenIn(row.startsAt, proZone)}.`,
      link: `bookings/${row.ref}`,
      mail: { to: row.proEmail, content: mail },
    });
  }
}
