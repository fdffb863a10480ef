import { z } from 'zod';
import { action, ok } from '../action.ts';
import { numeric } from './fields.ts';

const Country = z.object({
  id: z.number().int(),
  iso2: z.string(),
  name: z.string(),
  phoneCode: z.string(),
  currency: z.string().nullable(),
  emoji: z.string(),
});
export type Country = z.infer<typeof Country>;

/** A country id as the app (number) or the spec's payloads ('5') send it. */
const CountryId = numeric(z.number({ error: 'E20' }).int('E20').positive('E20'));

const NamedPlace = z.object({ id: z.number().int(), name: z.string() });

export const findCountries = action('find-countries', {
  input: z.object({ userLang: z.enum(['es', 'en']).optional() }),
  output: ok({ countries: z.array(Country) }),
});

export const findStates = action('find-states', {
  input: z.object({ userCountry: CountryId }),
  output: ok({ states: z.array(NamedPlace) }),
  errors: { E20: { es: 'Debes seleccionar el país.', en: 'Choose the country.', field: 'userCountry' } },
});

export const findCities = action('find-cities', {
  input: z.object({ userState: numeric(z.number({ error: 'E23' }).int('E23').positive('E23')) }),
  output: ok({ cities: z.array(NamedPlace) }),
  errors: {
    E23: { es: 'Debes seleccionar la provincia.', en: 'Choose the state.', field: 'userState' },
  },
});

/** spec 000 §7: find-currency {userCountry} → a list with name. */
export const findCurrency = action('find-currency', {
  input: z.object({ userCountry: CountryId }),
  output: ok({
    currencies: z.array(z.object({ code: z.string(), name: z.string(), symbol: z.string() })),
  }),
  errors: { E20: { es: 'Debes seleccionar el país.', en: 'Choose the country.', field: 'userCountry' } },
});

/** spec 000 §7: geo-country-location {ip} → country. Without ip, the caller's address is used. */
export const geoCountryLocation = action('geo-country-location', {
  input: z.object({ ip: z.union([z.ipv4(), z.ipv6()], { error: 'E1' }).optional() }),
  output: ok({ country: z.string() }),
});
