import {
  type Booking,
  type GroupParticipant,
  minorUnitsOf,
  roomOpensMinutesBefore,
  videoCallPlatformIds,
} from '@agendo/contract';
import type { LinkReader } from '../../lib/app-link.ts';
import { asFlag } from '../../lib/flags.ts';
import { localDateTime } from '../../lib/local-time.ts';
import type { BookingViewRow } from './agenda.repository.ts';

export interface Viewer {
  role: 'professional' | 'client';
  /** The zone the viewer reads dates in. */
  zone: string | undefined;
  /** spec 000 §6: without contactsView a team member sees no client phone nor record link. */
  contactsView: boolean;
}

const modalityNames: Record<number, string> = { 1: 'Online', 2: 'Presencial', 3: 'Online o presencial' };

/**
 * spec 000 §4 "Video platform": the own room stands in when the professional's external calendar
 * or conferencing service is not connected. A meeting service (Meet) or conferencing service
 * (Zoom) counts only once the linked service made this appointment's meeting (issue 18:
 * booking_external); until then, or without a link, the own room. A messaging app and 'Otra'
 * work with the professional's own link or number.
 */
function platformOf(row: BookingViewRow): number | null {
  if (row.modalityChosen === 2) return null;
  const platform = row.platformVideoCall ?? videoCallPlatformIds.own;
  if (platform === videoCallPlatformIds.meet || platform === videoCallPlatformIds.zoom) {
    const made = platform === videoCallPlatformIds.zoom ? 'zoom' : 'meet';
    return row.meetingProvider === made && row.meetingJoinUrl ? platform : videoCallPlatformIds.own;
  }
  return platform;
}

/** The link and password of the platform: the appointment's own meeting for Zoom and Meet. */
function meetingOf(row: BookingViewRow, platform: number | null) {
  if (platform === videoCallPlatformIds.own || platform === null) return { link: null, pass: null };
  if (platform === videoCallPlatformIds.meet || platform === videoCallPlatformIds.zoom) {
    return { link: row.meetingJoinUrl, pass: row.meetingPassword };
  }
  return { link: row.linkVideoCall, pass: row.passVideoCall };
}

export function clientNameOf(
  row: Pick<BookingViewRow, 'clientFirstName' | 'clientLastName' | 'contactFirstName' | 'contactLastName'>,
): string {
  if (row.clientFirstName !== null) return `${row.clientFirstName} ${row.clientLastName ?? ''}`.trim();
  if (row.contactFirstName !== null) return `${row.contactFirstName} ${row.contactLastName ?? ''}`.trim();
  return 'Consultante';
}

/** The client's address: their account's, else their contact card's while it is not deleted. */
export function clientEmailOf(
  row: Pick<BookingViewRow, 'clientEmail' | 'contactEmail' | 'contactDeletedAt'>,
): string | null {
  return row.clientEmail ?? (row.contactDeletedAt === null ? row.contactEmail : null);
}

/**
 * Whose /{country}/{lang}/ the links of one side open in. A client without an account is a
 * contact of the professional: their card's country, in Spanish.
 */
export function readerOf(
  row: Pick<
    BookingViewRow,
    'proCountryId' | 'proLang' | 'clientCountryId' | 'clientLang' | 'contactCountryId'
  >,
  side: 'client' | 'professional',
): LinkReader {
  if (side === 'professional') return { country_id: row.proCountryId, lang: row.proLang };
  return {
    country_id: row.clientCountryId ?? row.contactCountryId ?? row.proCountryId,
    lang: row.clientLang,
  };
}

/** The appointment as one side sees it (spec 000 §3 Booking). */
export function toBooking(row: BookingViewRow, viewer: Viewer, nowMs: number): Booking {
  const start = Date.parse(row.startsAt);
  const end = Date.parse(row.endsAt);
  const proZone = row.proTimeZone;
  const clientZone = row.clientTimeZone ?? row.clientUserTimeZone ?? proZone;
  const viewerZone = viewer.zone ?? (viewer.role === 'professional' ? proZone : clientZone);
  const live = row.state === 'pending' || row.state === 'confirmed';
  const before = nowMs < start;
  const started = nowMs >= start;
  const professionalSide = viewer.role === 'professional';
  const showContact = professionalSide && viewer.contactsView;
  const platform = platformOf(row);
  const isGroup = row.groupCapacity > 1;
  return {
    id: row.ref,
    bookId: row.ref,
    state: row.state,
    title: row.title,
    service: row.title,
    publicationRef: row.publicationRef,
    sellerName: `${row.proFirstName} ${row.proLastName}`.trim(),
    sellerRef: row.proRef,
    clientName: clientNameOf(row),
    imgSeller: row.proImg,
    imgClient: row.clientImg ?? (showContact ? row.contactImg : null),
    date: localDateTime(viewerZone, start).date,
    dateNoFormat: row.startsAt,
    endsAt: row.endsAt,
    hourStart: localDateTime(proZone, start).time,
    hourStartClient: localDateTime(clientZone, start).time,
    timezone: proZone,
    timezoneClient: clientZone,
    now: asFlag(
      row.state !== 'cancelled' && nowMs >= start - roomOpensMinutesBefore * 60_000 && nowMs < end ? 1 : 0,
    ),
    duration: row.duration,
    modalityId: row.publicationModality,
    modalityChosen: row.modalityChosen,
    modality: modalityNames[row.modalityChosen] ?? 'Online',
    modalityClass: row.modalityChosen === 2 ? 'presencial' : 'online',
    address: row.modalityChosen === 2 ? row.address : null,
    price: row.priceMinor / minorUnitsOf(row.currency),
    currency: row.currency,
    pay: asFlag(row.pay),
    payMethod: row.payMethod,
    noPrice: asFlag(row.noPrice),
    hidePrice: asFlag(row.hidePrice),
    priceProfOk: asFlag(row.priceProfOk),
    priceConfirmDeadline: row.priceConfirmDeadline,
    payCash: asFlag(row.payCash),
    payCard: asFlag(row.payCard),
    recurrent: asFlag(row.recurrent),
    seriesRef: row.seriesRef,
    groupId: isGroup ? `${row.publicationRef}:${row.startsAt}` : null,
    groupCapacity: row.groupCapacity,
    customerId: professionalSide ? row.clientRef : null,
    idContact: showContact && row.contactDeletedAt === null ? row.contactRef : null,
    hasContact: asFlag(professionalSide && row.contactRef !== null && row.contactDeletedAt === null ? 1 : 0),
    clientPhone: showContact ? (row.contactPhone ?? row.clientUserPhone) : null,
    userCountry: row.clientCountryId,
    linkId: null,
    createByProf: asFlag(row.createByProf),
    canCancel: live && before,
    canRemark: live && before,
    canCalificate: started && (row.state === 'confirmed' || row.state === 'done'),
    // SQLite answers EXISTS as 0/1, PostgreSQL as a boolean.
    rated: Boolean(Number(professionalSide ? row.ratedByProfessional : row.ratedByClient)),
    platformVideoCall: platform,
    linkVideoCall: meetingOf(row, platform).link,
    passVideoCall: meetingOf(row, platform).pass,
    roomIdLink: platform === videoCallPlatformIds.own ? row.ref : row.roomIdLink,
    cancelledAt: row.cancelledAt,
    cancelReason: row.cancelReason,
    refundState: row.refundState,
    viewerRole: viewer.role,
  };
}

export function toParticipant(row: BookingViewRow): GroupParticipant {
  return {
    clientId: row.clientRef ?? row.contactRef ?? '',
    id: row.ref,
    clientName: clientNameOf(row),
    imgClient: row.clientImg ?? row.contactImg,
    pay: asFlag(row.pay),
    price: row.priceMinor / minorUnitsOf(row.currency),
    hidePrice: asFlag(row.hidePrice),
  };
}
