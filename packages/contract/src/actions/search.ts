import { z } from 'zod';
import { action, ok } from '../action.ts';
import { searchTypes } from '../constants/search.ts';
import { exchangeRatePattern } from '../rules/money-format.ts';
import { professionalCard } from '../shapes/catalogue.ts';
import { numeric, TimeZone } from './fields.ts';

const knownCurrencies = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 code the runtime knows ('ars' is accepted and upper-cased). */
function currencyCode(code: string) {
  return z
    .string({ error: code })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, code)
    .refine((value) => knownCurrencies.has(value), code);
}

/** The search routes carry flags as `1`; the app sends booleans. Both mean "on". */
const Flag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.literal('1'), z.literal('0')])
  .transform((value) => value === true || value === 1 || value === '1');

const PositiveId = z.number({ error: 'E1' }).int('E1').positive('E1');

/** What both searches share: the free text, the professional's gender and the row offset of the page. */
const searchFilters = {
  text: z.string({ error: 'E2' }).trim().max(100, 'E2').optional(),
  gender: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'E1' }).optional(),
  next: z.number({ error: 'E1' }).int('E1').min(0, 'E1').optional(),
};
/** The offset of the next page, null when there is nothing more. */
const NextOffset = z.number().int().nullable();
const searchErrors = {
  E2: {
    es: 'La búsqueda puede tener hasta 100 caracteres.',
    en: 'The search can have up to 100 characters.',
    field: 'text',
  },
};

/**
 * spec 000 §7: convert-price {userCountryId, userCurrency, profCurrency (USD), onlyFormat, price}
 * → price. The price (a decimal amount in profCurrency) is converted into userCurrency through
 * the exchange-rate table and formatted for the viewer's country (spec 002 §9: es-AR, en-US for
 * country 55). With onlyFormat the price is already in userCurrency and is only formatted.
 */
export const convertPrice = action('convert-price', {
  input: z.object({
    userCountryId: numeric(z.number({ error: 'E2' }).int('E2').positive('E2')),
    userCurrency: currencyCode('E3'),
    profCurrency: currencyCode('E3').default('USD'),
    onlyFormat: Flag.optional(),
    price: numeric(z.number({ error: 'E4' }).finite('E4').min(0, 'E4').max(1_000_000_000, 'E4')),
  }),
  output: ok({
    /** The formatted amount, e.g. '$ 14.500,00' or '$1,234.50'. */
    price: z.string(),
    amount: z.number(),
    currency: z.string(),
  }),
  errors: {
    E2: { es: 'Debes seleccionar el país.', en: 'Choose the country.', field: 'userCountryId' },
    E3: { es: 'La moneda no es válida.', en: 'The currency is not valid.', field: 'userCurrency' },
    E4: { es: 'El importe ingresado no es correcto.', en: 'The amount is not valid.', field: 'price' },
    E5: {
      es: 'No tenemos la cotización de esta moneda.',
      en: 'We have no exchange rate for this currency.',
      field: 'userCurrency',
    },
  },
});

const ExchangeRate = z.object({
  currency: z.string(),
  /** Units of the currency per 1 USD, as a decimal string ('1450', '0.862'). */
  unitsPerUsd: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});

/** The exchange-rate table behind convert-price and international prices (administrators). */
export const findExchangeRates = action('find-exchange-rates', {
  input: z.object({}),
  output: ok({ rates: z.array(ExchangeRate) }),
});

export const saveExchangeRate = action('save-exchange-rate', {
  input: z.object({
    currency: z.string({ error: 'E2' }).trim().min(1, 'E2').pipe(currencyCode('E3')),
    // Spanish keyboards type a decimal comma: '5,35' is read as 5.35.
    unitsPerUsd: z
      .string({ error: 'E4' })
      .trim()
      .min(1, 'E4')
      .transform((value) => value.replace(',', '.'))
      .pipe(
        z
          .string()
          .regex(exchangeRatePattern, 'E5')
          .refine((value) => Number(value) > 0, 'E5'),
      ),
  }),
  output: ok({ rate: ExchangeRate }),
  errors: {
    E2: { es: 'Debes seleccionar la moneda.', en: 'Choose the currency.', field: 'currency' },
    E3: { es: 'La moneda no es válida.', en: 'The currency is not valid.', field: 'currency' },
    E4: { es: 'Debes ingresar la cotización.', en: 'Enter the exchange rate.', field: 'unitsPerUsd' },
    E5: {
      es: 'La cotización debe ser un número mayor a 0 con hasta 6 decimales.',
      en: 'The rate must be a number above 0 with up to 6 decimals.',
      field: 'unitsPerUsd',
    },
    E6: {
      es: 'El dólar es la moneda base: su cotización es siempre 1.',
      en: 'The US dollar is the base currency: its rate is always 1.',
      field: 'currency',
    },
  },
});

const NextSlot = z.object({
  /** The slot's start, UTC ISO-8601. */
  start: z.string(),
  /** Date and hour in the viewer's time zone. */
  date: z.string(),
  hour: z.string(),
  timeZone: z.string(),
});

const SearchResult = z.object({
  ref: z.string(),
  title: z.string(),
  therapyId: z.number().int().nullable(),
  therapy: z.string(),
  ...professionalCard,
  modalityId: z.number().int(),
  duration: z.number().int(),
  qtySessions: z.number().int(),
  /** spec 000 §9: the viewer's country's currency when it is the professional's, otherwise USD. */
  currency: z.string(),
  price: z.number().nullable(),
  priceText: z.string().nullable(),
  /** The regular price while a promo is live. */
  oldPrice: z.number().nullable(),
  oldPriceText: z.string().nullable(),
  promo: z.boolean(),
  free: z.boolean(),
  hidePrice: z.boolean(),
  noPrice: z.boolean(),
  image: z.string().nullable(),
  nextSlot: NextSlot.nullable(),
});

/**
 * spec 000 §2.2: search, terapias and sintomas with the optional filters type, ref, country,
 * state, city, langEs … langAl, today and gender (plus a free text and the modality). Several
 * languages match a publication offered in any of them. `next` is the cursor the previous page
 * answered; null means there is nothing more.
 */
export const searchPublications = action('search-publications', {
  input: z.object({
    type: z.enum(searchTypes, { error: 'E1' }).optional(),
    ref: PositiveId.optional(),
    text: searchFilters.text,
    country: PositiveId.optional(),
    state: PositiveId.optional(),
    city: PositiveId.optional(),
    langEs: Flag.optional(),
    langEn: Flag.optional(),
    langPo: Flag.optional(),
    langFr: Flag.optional(),
    langIt: Flag.optional(),
    langAl: Flag.optional(),
    today: Flag.optional(),
    gender: searchFilters.gender,
    modality: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'E1' }).optional(),
    /** The viewer's IANA zone: next slots and "today" are the viewer's. */
    userTime: TimeZone.optional(),
    next: searchFilters.next,
  }),
  output: ok({ publications: z.array(SearchResult), next: NextOffset }),
  errors: searchErrors,
});

/**
 * A published course in the search results, priced as its course page prices its modules
 * (spec 002: an open module needs no purchase; a sold one costs its local price, or its USD
 * price for a viewer from another country; a hidden price reads 'Precio a convenir' and a
 * course without a price is free).
 */
const CourseResult = z.object({
  ref: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  ...professionalCard,
  modules: z.number().int(),
  lessons: z.number().int(),
  /** Modules open to everyone without a purchase. */
  freeModules: z.number().int(),
  certificate: z.boolean(),
  currency: z.string(),
  /** The cheapest sold module, in the viewer's currency; null when nothing is sold at a price. */
  price: z.number().nullable(),
  /** The same amount through moneyText (never ambiguous). */
  priceText: z.string().nullable(),
  /** Nothing to pay: every module is open, or the sold ones cost nothing. */
  free: z.boolean(),
  hidePrice: z.boolean(),
});

/**
 * The courses a search finds: published (not paused, not deleted) courses with at least one
 * module, of an unblocked professional, matching the text (title, description or the
 * professional's name), the professional's country and gender. Courses have no therapy,
 * modality, languages or slots, so the search page asks for them only without those filters.
 */
export const searchCourses = action('search-courses', {
  input: z.object({
    text: searchFilters.text,
    country: PositiveId.optional(),
    gender: searchFilters.gender,
    next: searchFilters.next,
  }),
  output: ok({ courses: z.array(CourseResult), next: NextOffset }),
  errors: searchErrors,
});
