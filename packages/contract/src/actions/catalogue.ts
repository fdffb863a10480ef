import { z } from 'zod';
import { action, ok, okOnly } from '../action.ts';
import {
  hasInPerson,
  hasOnline,
  isSymptomId,
  isTherapyId,
  publicationLimits as L,
  languageKeys,
  maxSymptomsPerPublication,
  modalityIds,
  otherTherapyId,
  videoCallPlatformIds,
} from '../constants/catalogue.ts';
import { Publication, PublicationSummary } from '../shapes/catalogue.ts';
import { isHttpUrl, maybeText, Ref } from './fields.ts';

/** Flags arrive as booleans from forms and as 0/1 from older clients; both mean the same. */
const Flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'E1' })
  .transform((value) => value === true || value === 1);
const flag = () => Flag.optional().transform((value) => value === true);

/** A price in major units of its currency (the server checks the decimals the currency allows). */
function price(code: string) {
  return z.number({ error: code }).min(0, code).max(L.priceMax, code).nullable().optional();
}

function optionalText(max: number, code: string) {
  return maybeText(max, code).transform((value) => (value ? value : null));
}

const PromoDate = (code: string) => z.iso.date({ error: code }).nullable().optional();

const savePublishFields = z.object({
  /** Present when editing; absent to create. */
  ref: Ref.optional(),
  title: z.string({ error: 'E10' }).trim().min(1, 'E10').min(L.titleMin, 'E11').max(L.titleMax, 'E11'),
  therapyId: z
    .number({ error: 'E12' })
    .int('E12')
    .refine((id) => isTherapyId(id), 'E12'),
  therapyOther: optionalText(L.therapyOtherMax, 'E14'),
  description: z
    .string({ error: 'E15' })
    .trim()
    .min(1, 'E15')
    .min(L.descriptionMin, 'E16')
    .max(L.descriptionMax, 'E16'),
  symptoms: z
    .array(z.number({ error: 'E17' }).int('E17'), { error: 'E17' })
    .max(maxSymptomsPerPublication, 'E17')
    .refine((ids) => ids.every(isSymptomId) && new Set(ids).size === ids.length, 'E17')
    .default([]),

  modalityId: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'E20' }),
  address: optionalText(L.addressMax, 'E22'),
  stateId: z.number({ error: 'E23' }).int('E23').positive('E23').nullable().optional(),
  cityId: z.number({ error: 'E24' }).int('E24').positive('E24').nullable().optional(),

  duration: z
    .number({ error: 'E25' })
    .int('E25')
    .min(L.durationMin, 'E25')
    .max(L.durationMax, 'E25')
    .multipleOf(L.durationStep, 'E26'),

  realPriceLocal: price('E31'),
  realPriceInter: price('E33'),
  promo: flag(),
  promoPriceLocal: price('E34'),
  promoPriceInter: price('E36'),
  promoStartDate: PromoDate('E38'),
  promoFinishDate: PromoDate('E39'),
  praConsulta: flag(),
  firstPriceLocal: price('E42'),
  firstPriceInter: price('E43'),
  hidePrice: flag(),
  noPrice: flag(),
  free: flag(),

  payCash: flag(),
  payCard: flag(),
  payCashLimit: flag(),
  payAfter: flag(),

  qtySessions: z.number({ error: 'E50' }).int('E50').min(1, 'E50').max(L.qtySessionsMax, 'E50'),
  maxRes: z.number({ error: 'E51' }).int('E51').min(1, 'E51').max(10, 'E51'),
  typeTurn: z.union([z.literal(1), z.literal(2)], { error: 'E52' }),
  groupCapacity: z
    .number({ error: 'E53' })
    .int('E53')
    .min(1, 'E53')
    .max(L.groupCapacityMax, 'E53')
    .default(1),
  noticeMin: z
    .number({ error: 'E54' })
    .int('E54')
    .min(0, 'E54')
    .max(L.noticeMinMax, 'E54')
    .default(L.defaultNoticeMin),

  langEs: flag(),
  langEn: flag(),
  langPo: flag(),
  langFr: flag(),
  langIt: flag(),
  langAl: flag(),

  video: optionalText(500, 'E60'),
  platformVideoCall: z
    .number({ error: 'E61' })
    .int('E61')
    .min(1, 'E61')
    .max(videoCallPlatformIds.other, 'E61')
    .nullable()
    .optional(),
  linkVideoCall: optionalText(500, 'E62'),
  passVideoCall: optionalText(64, 'E64'),
  roomIdLink: optionalText(64, 'E65'),
});

type SaveFields = z.output<typeof savePublishFields>;

/**
 * Rules between fields. They live in the contract so the editor shows them before sending;
 * the server runs the same schema and adds what needs data (the date of today in the
 * professional's zone, the currency's decimals, states and cities).
 */
function crossFieldRules(v: SaveFields, ctx: z.RefinementCtx) {
  const issue = (code: string, path: string) => ctx.addIssue({ code: 'custom', message: code, path: [path] });
  if (v.therapyId === otherTherapyId && !v.therapyOther) issue('E13', 'therapyOther');
  if (hasInPerson(v.modalityId) && !v.address) issue('E21', 'address');

  if ([v.free, v.noPrice, v.hidePrice].filter(Boolean).length > 1) issue('E46', 'free');
  const priced = !v.free && !v.noPrice && !v.hidePrice;
  if (priced) {
    if (v.realPriceLocal == null) issue('E30', 'realPriceLocal');
    if (v.realPriceInter == null) issue('E32', 'realPriceInter');
  }
  if (priced && v.promo) {
    if (v.promoPriceLocal == null) issue('E34', 'promoPriceLocal');
    else if (v.realPriceLocal != null && v.promoPriceLocal >= v.realPriceLocal)
      issue('E35', 'promoPriceLocal');
    if (v.promoPriceInter == null) issue('E36', 'promoPriceInter');
    else if (v.realPriceInter != null && v.promoPriceInter >= v.realPriceInter)
      issue('E37', 'promoPriceInter');
    if (!v.promoStartDate) issue('E38', 'promoStartDate');
    if (!v.promoFinishDate) issue('E39', 'promoFinishDate');
    if (v.promoStartDate && v.promoFinishDate && v.promoFinishDate < v.promoStartDate) {
      issue('E40', 'promoFinishDate');
    }
  }
  if (priced && v.praConsulta) {
    if (v.firstPriceLocal == null) issue('E42', 'firstPriceLocal');
    if (v.firstPriceInter == null) issue('E43', 'firstPriceInter');
  }
  // A free service collects nothing; any other needs a way to be paid (now, after or once agreed).
  if (!v.free && !v.payCash && !v.payCard) issue('E44', 'payCard');
  if (v.payCash && v.modalityId === modalityIds.online) issue('E45', 'payCash');

  if (!languageKeys.some((key) => v[key])) issue('E55', 'langEs');

  if (v.video && !isHttpUrl(v.video)) issue('E60', 'video');
  if (hasOnline(v.modalityId)) {
    if (v.platformVideoCall == null) issue('E61', 'platformVideoCall');
    if (v.linkVideoCall && !isHttpUrl(v.linkVideoCall)) issue('E62', 'linkVideoCall');
    if (v.platformVideoCall === videoCallPlatformIds.other && !v.linkVideoCall) issue('E63', 'linkVideoCall');
  }
}

// The rules also run when a field failed its own check, so the editor shows every problem at once.
const savePublishInput = savePublishFields.superRefine(crossFieldRules, {
  when: (payload) => typeof payload.value === 'object' && payload.value !== null,
});

const notFound = {
  E7: { es: 'No encontramos el servicio.', en: 'Service not found.' },
};

/** Spec 002 §4: the free plan keeps two posts; a third one (new or resumed) is refused. */
const freePlanLimit = {
  E90: {
    es: 'Con el plan gratuito puedes tener hasta 2 publicaciones activas. Cambia de plan para publicar más.',
    en: 'The free plan allows up to 2 active posts. Change your plan to publish more.',
  },
};

/** Create (no ref) or update (ref of one's own publication) a publication; answers its ref. */
export const savePublish = action('save-publish', {
  input: savePublishInput,
  output: ok({ ref: z.string() }),
  errors: {
    ...notFound,
    ...freePlanLimit,
    E10: { es: 'Debes ingresar el título del servicio.', en: 'Enter the service title.', field: 'title' },
    E11: {
      es: 'El título debe tener entre 3 y 120 caracteres.',
      en: 'The title must have 3 to 120 characters.',
      field: 'title',
    },
    E12: { es: 'Debes seleccionar la terapia.', en: 'Choose the therapy.', field: 'therapyId' },
    E13: {
      es: 'Debes ingresar el nombre de la terapia.',
      en: 'Enter the name of the therapy.',
      field: 'therapyOther',
    },
    E14: {
      es: 'El nombre de la terapia no puede superar los 80 caracteres.',
      en: 'The therapy name cannot exceed 80 characters.',
      field: 'therapyOther',
    },
    E15: {
      es: 'Debes ingresar la descripción del servicio.',
      en: 'Enter the service description.',
      field: 'description',
    },
    E16: {
      es: 'La descripción debe tener entre 20 y 5000 caracteres.',
      en: 'The description must have 20 to 5000 characters.',
      field: 'description',
    },
    E17: {
      es: 'Puedes elegir hasta 10 síntomas de la lista.',
      en: 'You can choose up to 10 symptoms from the list.',
      field: 'symptoms',
    },
    E20: { es: 'Debes seleccionar la modalidad.', en: 'Choose the modality.', field: 'modalityId' },
    E21: {
      es: 'Debes ingresar la dirección donde atiendes.',
      en: 'Enter the address where you see clients.',
      field: 'address',
    },
    E22: {
      es: 'La dirección no puede superar los 200 caracteres.',
      en: 'The address cannot exceed 200 characters.',
      field: 'address',
    },
    E23: { es: 'La provincia seleccionada no es válida.', en: 'The state is not valid.', field: 'stateId' },
    E24: { es: 'La ciudad seleccionada no es válida.', en: 'The city is not valid.', field: 'cityId' },
    E25: {
      es: 'La duración debe estar entre 15 y 600 minutos.',
      en: 'The duration must be between 15 and 600 minutes.',
      field: 'duration',
    },
    E26: {
      es: 'La duración debe ser múltiplo de 5 minutos.',
      en: 'The duration must be a multiple of 5 minutes.',
      field: 'duration',
    },
    E30: { es: 'Debes ingresar el precio.', en: 'Enter the price.', field: 'realPriceLocal' },
    E31: {
      es: 'El precio ingresado no es correcto.',
      en: 'The price is not correct.',
      field: 'realPriceLocal',
    },
    E32: {
      es: 'Debes ingresar el precio internacional (USD).',
      en: 'Enter the international price (USD).',
      field: 'realPriceInter',
    },
    E33: {
      es: 'El precio internacional ingresado no es correcto.',
      en: 'The international price is not correct.',
      field: 'realPriceInter',
    },
    E34: {
      es: 'Debes ingresar un precio promocional correcto.',
      en: 'Enter a correct promotional price.',
      field: 'promoPriceLocal',
    },
    E35: {
      es: 'El precio promocional debe ser menor al precio.',
      en: 'The promotional price must be lower than the price.',
      field: 'promoPriceLocal',
    },
    E36: {
      es: 'Debes ingresar un precio promocional internacional (USD) correcto.',
      en: 'Enter a correct international promotional price (USD).',
      field: 'promoPriceInter',
    },
    E37: {
      es: 'El precio promocional internacional debe ser menor al precio internacional.',
      en: 'The international promotional price must be lower than the international price.',
      field: 'promoPriceInter',
    },
    E38: {
      es: 'Debes ingresar la fecha de inicio de la promoción.',
      en: 'Enter the promotion start date.',
      field: 'promoStartDate',
    },
    E39: {
      es: 'Debes ingresar la fecha de finalización de la promoción.',
      en: 'Enter the promotion end date.',
      field: 'promoFinishDate',
    },
    E40: {
      es: 'La fecha de finalización debe ser igual o posterior a la de inicio.',
      en: 'The end date must be on or after the start date.',
      field: 'promoFinishDate',
    },
    E41: {
      es: 'La fecha de finalización de la promoción ya pasó.',
      en: 'The promotion end date has already passed.',
      field: 'promoFinishDate',
    },
    E42: {
      es: 'Debes ingresar un precio de primera consulta correcto.',
      en: 'Enter a correct first-consultation price.',
      field: 'firstPriceLocal',
    },
    E43: {
      es: 'Debes ingresar un precio de primera consulta internacional (USD) correcto.',
      en: 'Enter a correct international first-consultation price (USD).',
      field: 'firstPriceInter',
    },
    E44: {
      es: 'Debes elegir al menos una forma de cobro.',
      en: 'Choose at least one payment method.',
      field: 'payCard',
    },
    E45: {
      es: 'El pago en efectivo solo está disponible para servicios presenciales.',
      en: 'Cash payment is only available for in-person services.',
      field: 'payCash',
    },
    E46: {
      es: 'Elige solo una opción: gratis, precio a definir o precio a convenir.',
      en: 'Choose only one option: free, price to be set or price to be agreed.',
      field: 'free',
    },
    E50: {
      es: 'La cantidad de sesiones debe estar entre 1 y 50.',
      en: 'The number of sessions must be between 1 and 50.',
      field: 'qtySessions',
    },
    E51: {
      es: 'Debes elegir con cuánta anticipación se puede reservar.',
      en: 'Choose how far ahead clients can book.',
      field: 'maxRes',
    },
    E52: {
      es: 'Debes elegir el tipo de agenda.',
      en: 'Choose the kind of schedule.',
      field: 'typeTurn',
    },
    E53: {
      es: 'La cantidad de lugares por turno debe estar entre 1 y 100.',
      en: 'The seats per turn must be between 1 and 100.',
      field: 'groupCapacity',
    },
    E54: {
      es: 'La anticipación mínima para reservar no es correcta.',
      en: 'The minimum booking notice is not correct.',
      field: 'noticeMin',
    },
    E55: {
      es: 'Debes elegir al menos un idioma.',
      en: 'Choose at least one language.',
      field: 'langEs',
    },
    E60: {
      es: 'El enlace del video no es correcto.',
      en: 'The video link is not correct.',
      field: 'video',
    },
    E61: {
      es: 'Debes elegir la plataforma de videollamada.',
      en: 'Choose the video-call platform.',
      field: 'platformVideoCall',
    },
    E62: {
      es: 'El enlace de la videollamada no es correcto.',
      en: 'The video-call link is not correct.',
      field: 'linkVideoCall',
    },
    E63: {
      es: 'Debes ingresar el enlace de la videollamada.',
      en: 'Enter the video-call link.',
      field: 'linkVideoCall',
    },
    E64: {
      es: 'La contraseña de la videollamada no puede superar los 64 caracteres.',
      en: 'The video-call password cannot exceed 64 characters.',
      field: 'passVideoCall',
    },
    E65: {
      es: 'El ID de la sala no puede superar los 64 caracteres.',
      en: 'The room ID cannot exceed 64 characters.',
      field: 'roomIdLink',
    },
  },
});

/**
 * spec 000 §7: get-publish {dataReceiver, ref, mode noencrypt} → publication. Public: a paused
 * publication is still answered (paused 1: the page shows 'La publicación se encuentra
 * pausada'); a deleted or unknown one is E7.
 */
export const getPublish = action('get-publish', {
  input: z.object({ ref: Ref, mode: z.string().max(20).optional() }),
  output: ok({ publication: Publication }),
  errors: notFound,
});

/** The signed-in professional's publications (my-services), newest first; deleted ones never. */
export const findMyPublications = action('find-my-publications', {
  input: z.object({}),
  output: ok({ publications: z.array(PublicationSummary) }),
});

export const pausePublish = action('pause-publish', {
  input: z.object({ ref: Ref, paused: Flag }),
  output: ok({ paused: z.union([z.literal(0), z.literal(1)]) }),
  errors: { ...notFound, ...freePlanLimit },
});

/** Soft delete; refused while the publication has bookings still to happen. */
export const deletePublish = action('delete-publish', {
  input: z.object({ ref: Ref }),
  output: okOnly,
  errors: {
    ...notFound,
    E8: {
      es: 'No es posible eliminar el servicio mientras tenga citas reservadas. Puedes pausarlo para que no reciba nuevas reservas.',
      en: 'The service cannot be deleted while it has booked appointments. You can pause it so it gets no new bookings.',
    },
  },
});

/** ref is the image's ref (imagesBig[].id). */
export const deletePublicationImage = action('delete-publication-image', {
  input: z.object({ ref: Ref }),
  output: okOnly,
  errors: { E7: { es: 'No encontramos la imagen.', en: 'Image not found.' } },
});

/** New order of a publication's images (the first one is the cover). */
export const sortPublicationImages = action('sort-publication-images', {
  input: z.object({ ref: Ref, images: z.array(Ref).max(L.maxImages, 'E1') }),
  output: okOnly,
  errors: notFound,
});
