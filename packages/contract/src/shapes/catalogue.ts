import { z } from 'zod';
import { ok } from '../action.ts';
import { imageFileErrors } from '../route-errors.ts';
import { callPlace } from './bookings.ts';

const Flag = z.union([z.literal(0), z.literal(1)]);

/** How a publication's clients may pay; the cart carries them as the publication had them. */
export const paymentFlags = {
  payCash: Flag,
  payCard: Flag,
  /** Cash only for clients who already had a booking with this professional (returning clients). */
  payCashLimit: Flag,
  /** The client may pay after the session instead of when booking. */
  payAfter: Flag,
};

export const PublicationImage = z.object({
  /** The image's ref (never a sequence id); delete-publication-image takes it. */
  id: z.string(),
  link: z.string(),
});

/** The professional as search results, a publication and their public page show them. */
export const professionalCard = {
  profRef: z.string(),
  profName: z.string(),
  profLastName: z.string(),
  profImg: z.string().nullable(),
  profCountry: z.number().int(),
};

/**
 * spec 000 §3 "Publication", as get-publish answers it. Money is in major units (decimal
 * numbers, as the spec's wire shows them); the database keeps minor units.
 *
 * Naming: *Local prices are in `profCurrency` (the professional's, from their country);
 * *Inter prices are in USD for buyers from other countries (spec 000 §9). The `user*` fields
 * are the viewer's side: `userCountry` is the viewer's country id (their account's, else the
 * route's browserCountry), and `userPrice`/`userOldPrice` in `userCurrency` are what that viewer
 * pays now (rules/publication-price.ts priceFor, without the first-consult price: that one
 * needs check-first-buy). `fistPrice` (sic, spec 000 §3) is the first-consult price in
 * `userCurrency` when praConsulta is on.
 */
export const Publication = z.object({
  ref: z.string(),
  /** True when the viewer owns the publication (spec 000 §3 "admin"): the page offers Editar. */
  admin: z.boolean(),
  title: z.string(),
  therapyId: z.number().int(),
  therapy: z.string(),
  therapyOther: z.string().nullable(),
  description: z.string(),
  symptoms: z.array(z.object({ id: z.number().int(), name: z.string() })),
  modalityId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  modality: z.string(),
  address: z.string().nullable(),
  countryId: z.number().int(),
  stateId: z.number().int().nullable(),
  cityId: z.number().int().nullable(),
  /** Minutes. */
  duration: z.number().int(),
  maxRes: z.number().int(),
  /** Days ahead a client may book (maxRes code → days, spec 000 §9). */
  days: z.number().int(),
  typeTurn: z.union([z.literal(1), z.literal(2)]),
  qtySessions: z.number().int(),
  /** Seats per turn; 1 is an individual session. */
  groupCapacity: z.number().int(),
  /** Minimum advance notice of a booking, in minutes. */
  noticeMin: z.number().int(),

  profCurrency: z.string(),
  realPriceLocal: z.number(),
  realPriceInter: z.number(),
  promo: Flag,
  promoPriceLocal: z.number().nullable(),
  promoPriceInter: z.number().nullable(),
  /** YYYY-MM-DD, days of the professional's calendar, both included (spec 000 §4). */
  promoStartDate: z.string().nullable(),
  promoFinishDate: z.string().nullable(),
  /** The promo applies right now. */
  promoActive: z.boolean(),
  /** When the running promo ends (end of promoFinishDate in the professional's zone), for the countdown. */
  promoEndsAt: z.string().nullable(),
  praConsulta: Flag,
  firstPriceLocal: z.number().nullable(),
  firstPriceInter: z.number().nullable(),
  hidePrice: Flag,
  noPrice: Flag,
  free: Flag,

  ...paymentFlags,

  langEs: Flag,
  langEn: Flag,
  langPo: Flag,
  langFr: Flag,
  langIt: Flag,
  langAl: Flag,

  imagesBig: z.array(PublicationImage),
  video: z.string().nullable(),

  platformVideoCall: z.number().int().nullable(),
  platformVideoCallName: z.string(),
  /** spec 000 §3 is{product}: the session happens in the product's own video room. */
  isAgendo: Flag,
  /** Link, password and room id reach clients with their booking; only the owner reads them here. */
  ...callPlace,

  paused: Flag,

  ...professionalCard,
  profTimeZone: z.string(),

  userCountry: z.number().int().nullable(),
  userCurrency: z.string(),
  userPrice: z.number(),
  userOldPrice: z.number().nullable(),
  international: z.boolean(),
  priceState: z.enum(['price', 'free', 'noPrice', 'hidden']),
  fistPrice: z.number().nullable(),
  promoPrice: z.number().nullable(),

  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Publication = z.infer<typeof Publication>;

/** One card of my-services (find-my-publications). */
export const PublicationSummary = z.object({
  ref: z.string(),
  title: z.string(),
  therapy: z.string(),
  modalityId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  modality: z.string(),
  duration: z.number().int(),
  typeTurn: z.union([z.literal(1), z.literal(2)]),
  qtySessions: z.number().int(),
  groupCapacity: z.number().int(),
  profCurrency: z.string(),
  realPriceLocal: z.number(),
  realPriceInter: z.number(),
  promoActive: z.boolean(),
  promoPriceLocal: z.number().nullable(),
  free: Flag,
  noPrice: Flag,
  hidePrice: Flag,
  paused: Flag,
  image: z.string().nullable(),
  updatedAt: z.string(),
});
export type PublicationSummary = z.infer<typeof PublicationSummary>;

/** Answer of POST /upload/publication-image (multipart: field `ref` then file `image`). */
export const PublicationImageUploadResult = ok({ image: PublicationImage });

/** Codes of the publication image upload route (it is not an action, so it has its own catalogue). */
export const publicationImageErrors = {
  E7: { es: 'No encontramos el servicio.', en: 'Service not found.', field: 'ref' },
  E9: {
    es: 'Puedes subir hasta 6 imágenes por servicio.',
    en: 'You can upload up to 6 images per service.',
    field: 'image',
  },
  ...imageFileErrors,
};
