import {
  daysForMaxRes,
  isPromoActive,
  minorUnitsOf,
  modalityName,
  otherTherapyId,
  type Publication,
  priceFor,
  symptomName,
  therapyName,
  videoCallPlatformIds,
  videoCallPlatformName,
} from '@agendo/contract';
import { DateTime } from 'luxon';
import type { DB } from '../../db/database.ts';
import type { PublicationRow } from '../../db/tables/catalogue.ts';
import { asFlag } from '../../lib/flags.ts';
import { type Account, accountById } from '../accounts/accounts.service.ts';
import {
  findLivePublicationById,
  findLivePublicationByRef,
  listImages,
  listLivePublicationsOfUser,
  listSymptomIds,
} from './catalogue.repository.ts';

/**
 * What other modules (availability, storefront, search, bookings) may use of the catalogue.
 * They never import the repository: the table can change behind these functions.
 */
export type { PublicationRow };

/** A live publication by ref; null when unknown or deleted. Paused ones are returned (check `paused`). */
export async function findPublicationByRef(db: DB, ref: string): Promise<PublicationRow | null> {
  return (await findLivePublicationByRef(db, ref)) ?? null;
}

export async function findPublicationById(db: DB, id: number): Promise<PublicationRow | null> {
  return (await findLivePublicationById(db, id)) ?? null;
}

/** A professional's live publications (the public profile passes includePaused false). */
export function listPublicationsOfProfessional(
  db: DB,
  userId: number,
  options: { includePaused: boolean } = { includePaused: false },
): Promise<PublicationRow[]> {
  return listLivePublicationsOfUser(db, userId, options);
}

/** Minor units (database) → major units (wire), e.g. 150050 ARS → 1500.5. */
export function fromMinor(minor: number, currency: string): number {
  return minor / minorUnitsOf(currency);
}
export function fromMinorOrNull(minor: number | null, currency: string): number | null {
  return minor === null ? null : fromMinor(minor, currency);
}

/** Major units → minor units; null when the amount has more decimals than the currency has. */
export function toMinor(amount: number, currency: string): number | null {
  const scaled = amount * minorUnitsOf(currency);
  const rounded = Math.round(scaled);
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : null;
}

/** Symptoms (ids) and images of several publications at once (lists and search results). */
export async function loadPublicationExtras(db: DB, publicationIds: number[]) {
  const [symptomRows, imageRows] = await Promise.all([
    listSymptomIds(db, publicationIds),
    listImages(db, publicationIds),
  ]);
  const symptoms = new Map<number, number[]>();
  for (const row of symptomRows) {
    symptoms.set(row.publication_id, [...(symptoms.get(row.publication_id) ?? []), row.symptom_id]);
  }
  const images = new Map<number, { id: string; link: string }[]>();
  for (const row of imageRows) {
    images.set(row.publication_id, [
      ...(images.get(row.publication_id) ?? []),
      { id: row.ref, link: row.path },
    ]);
  }
  return {
    symptomsOf: (id: number) => symptoms.get(id) ?? [],
    imagesOf: (id: number) => images.get(id) ?? [],
  };
}

/** The cover image (first by position) of each publication. */
export async function coverImages(db: DB, publicationIds: number[]): Promise<Map<number, string>> {
  const covers = new Map<number, string>();
  for (const row of await listImages(db, publicationIds)) {
    if (!covers.has(row.publication_id)) covers.set(row.publication_id, row.path);
  }
  return covers;
}

/** The instant a running promo ends: the end of its finish day in the professional's zone. */
export function promoEndsAt(row: PublicationRow, timeZone: string): string | null {
  if (!row.promo_finish) return null;
  const end = DateTime.fromISO(row.promo_finish, { zone: timeZone }).plus({ days: 1 }).startOf('day');
  return end.isValid ? end.toUTC().toISO() : null;
}

export interface Viewer {
  /** The signed-in viewer's user id, when any (admin = owner). */
  userId: number | null;
  /** The viewer's country id (their account's, else from the route); null when unknown. */
  countryId: number | null;
}

/** The wire's pricing fields of a row (major units). */
export function pricingOf(row: PublicationRow, profTimeZone: string) {
  const c = row.currency;
  return {
    profCountry: row.country_id,
    profTimeZone,
    profCurrency: c,
    realPriceLocal: fromMinor(row.price, c),
    realPriceInter: fromMinor(row.price_usd, 'USD'),
    promo: asFlag(row.promo),
    promoPriceLocal: fromMinorOrNull(row.promo_price, c),
    promoPriceInter: fromMinorOrNull(row.promo_price_usd, 'USD'),
    promoStartDate: row.promo_start,
    promoFinishDate: row.promo_finish,
    praConsulta: asFlag(row.first_consult),
    firstPriceLocal: fromMinorOrNull(row.first_price, c),
    firstPriceInter: fromMinorOrNull(row.first_price_usd, 'USD'),
    hidePrice: asFlag(row.hide_price),
    noPrice: asFlag(row.no_price),
    free: asFlag(row.free),
  };
}

/** The therapy a publication shows: the professional's own words for "other", else its name. */
export function therapyOf(row: Pick<PublicationRow, 'therapy_id' | 'therapy_other'>): string {
  return row.therapy_id === otherTherapyId && row.therapy_other
    ? row.therapy_other
    : therapyName(row.therapy_id);
}

/**
 * get-publish's publication (spec 000 §3), for a viewer at `now`. The video-call link,
 * password and room id are shown to the owner only; clients get them with their booking.
 */
export function toPublicationView(
  row: PublicationRow,
  extras: { symptomIds: number[]; images: { id: string; link: string }[]; professional: Account },
  viewer: Viewer,
  now: Date,
): Publication {
  const prof = extras.professional;
  const pricing = pricingOf(row, prof.time_zone);
  const admin = viewer.userId !== null && viewer.userId === row.user_id;
  const promoActive = isPromoActive(pricing, now);
  const price = priceFor(pricing, viewer.countryId, now, false);
  const firstLocalOrInter = price.international ? pricing.firstPriceInter : pricing.firstPriceLocal;
  const modalityId = row.modality_id === 2 ? 2 : row.modality_id === 3 ? 3 : 1;
  return {
    ref: row.ref,
    admin,
    title: row.title,
    therapyId: row.therapy_id,
    therapy: therapyOf(row),
    therapyOther: row.therapy_other,
    description: row.description,
    symptoms: extras.symptomIds.map((id) => ({ id, name: symptomName(id) })),
    modalityId,
    modality: modalityName(modalityId),
    address: row.address,
    countryId: row.country_id,
    stateId: row.state_id,
    cityId: row.city_id,
    duration: row.duration_min,
    maxRes: row.max_res,
    days: daysForMaxRes(row.max_res),
    typeTurn: row.type_turn === 2 ? 2 : 1,
    qtySessions: row.qty_sessions,
    groupCapacity: row.group_capacity,
    noticeMin: row.notice_min,
    ...pricing,
    promoActive,
    promoEndsAt: promoActive ? promoEndsAt(row, prof.time_zone) : null,
    payCash: asFlag(row.pay_cash),
    payCard: asFlag(row.pay_card),
    payCashLimit: asFlag(row.pay_cash_limit),
    payAfter: asFlag(row.pay_after),
    langEs: asFlag(row.lang_es),
    langEn: asFlag(row.lang_en),
    langPo: asFlag(row.lang_po),
    langFr: asFlag(row.lang_fr),
    langIt: asFlag(row.lang_it),
    langAl: asFlag(row.lang_al),
    imagesBig: extras.images,
    video: row.video,
    platformVideoCall: row.platform_video_call,
    platformVideoCallName: videoCallPlatformName(row.platform_video_call),
    isAgendo: asFlag(row.platform_video_call === videoCallPlatformIds.own ? 1 : 0),
    linkVideoCall: admin ? row.link_video_call : null,
    passVideoCall: admin ? row.pass_video_call : null,
    roomIdLink: admin ? row.room_id_link : null,
    paused: asFlag(row.paused),
    profRef: prof.ref,
    profName: prof.first_name,
    profLastName: prof.last_name,
    profImg: prof.img,
    profTimeZone: prof.time_zone,
    userCountry: viewer.countryId,
    userCurrency: price.currency,
    userPrice: price.amount,
    userOldPrice: price.oldAmount ?? null,
    international: price.international,
    priceState: price.state,
    fistPrice: pricing.praConsulta === 1 && price.state === 'price' ? firstLocalOrInter : null,
    promoPrice: promoActive && price.applied === 'promo' ? price.amount : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Loads what toPublicationView needs for one row. */
export async function publicationView(
  db: DB,
  row: PublicationRow,
  viewer: Viewer,
  now: Date,
): Promise<Publication> {
  const [extras, professional] = await Promise.all([
    loadPublicationExtras(db, [row.id]),
    accountById(db, row.user_id),
  ]);
  if (!professional) throw new Error(`publication ${row.id} has no professional`);
  return toPublicationView(
    row,
    { symptomIds: extras.symptomsOf(row.id), images: extras.imagesOf(row.id), professional },
    viewer,
    now,
  );
}
