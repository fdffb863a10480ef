import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  type Country,
  countryIds,
  foreignCountryIdOffset,
  isoForCountryId as isoForSpecCountryId,
  type Language,
} from '@agendo/contract';
import type { ICity, ICountry, ICountryMeta, IState } from '@countrystatecity/countries';

export interface Place {
  id: number;
  name: string;
}

export interface Currency {
  code: string;
  name: string;
  symbol: string;
}

export type ReferenceData = ReturnType<typeof createReferenceData>;

const fallbackTimeZone = 'America/Argentina/Buenos_Aires';

interface BaseCountry {
  iso2: string;
  id: number;
  englishName: string;
  phoneCode: string;
  currency: string;
  currencySymbol: string;
  emoji: string;
  /** Folder under the data directory; 21 small territories have none (no meta, no states). */
  dir: string | undefined;
}

interface CountryMeta {
  spanishName: string;
  capitalTimeZone: string | undefined;
  firstTimeZone: string | undefined;
}

interface CountryStates {
  places: Place[];
  /** The zone most of the country's states use. */
  commonTimeZone: string | undefined;
}

interface Base {
  byIso: Map<string, BaseCountry>;
  isoById: Map<number, string>;
}

interface StateLocation {
  iso2: string;
  code: string;
}

/**
 * Countries, states, cities, currencies and time zones from @countrystatecity/countries (data of
 * dr5hn/countries-states-cities-database, ODbL). The package is 46 MB of JSON, so every file is
 * read on first use and only the fields we serve are kept.
 *
 * We read the JSON through the package's exported `data/*` path instead of its loader functions:
 * the loader tries `import()` first, which under tsx succeeds and pins every parsed file in the
 * module cache for the life of the process (and is ~20 times slower than a plain read).
 */
export function createReferenceData() {
  const dataDir = dirname(
    createRequire(import.meta.url).resolve('@countrystatecity/countries/data/countries.json'),
  );
  const spanishRegionNames = new Intl.DisplayNames(['es'], { type: 'region', fallback: 'none' });
  const spanishCurrencyNames = new Intl.DisplayNames(['es'], { type: 'currency', fallback: 'none' });
  const spanishOrder = new Intl.Collator('es');
  const byName = (a: { name: string }, b: { name: string }) => spanishOrder.compare(a.name, b.name);

  const stateLocations = new Map<number, StateLocation>();

  const base = once(async (): Promise<Base> => {
    const [countries, entries] = await Promise.all([
      readJson<ICountry[]>(join(dataDir, 'countries.json')),
      readdir(dataDir, { withFileTypes: true }),
    ]);
    const dirByIso = new Map(
      entries.filter((entry) => entry.isDirectory()).map((entry) => [lastCodeOf(entry.name), entry.name]),
    );
    const byIso = new Map<string, BaseCountry>();
    const isoById = new Map<number, string>();
    for (const country of countries) {
      const id = countryIds[country.iso2 as keyof typeof countryIds] ?? foreignCountryIdOffset + country.id;
      byIso.set(country.iso2, {
        iso2: country.iso2,
        id,
        englishName: country.name,
        phoneCode: country.phonecode,
        currency: country.currency,
        currencySymbol: country.currency_symbol,
        emoji: country.emoji,
        dir: dirByIso.get(country.iso2),
      });
      isoById.set(id, country.iso2);
    }
    return { byIso, isoById };
  });

  const meta = memo(async (iso2: string): Promise<CountryMeta> => {
    const country = (await base()).byIso.get(iso2);
    const data = country?.dir
      ? await readJson<ICountryMeta>(join(dataDir, country.dir, 'meta.json'))
      : undefined;
    return {
      // Kosovo, Bonaire and the 21 territories without a folder have no Spanish name in the data
      // set; CLDR (built into Node) has them all.
      spanishName: data?.translations.es ?? spanishRegionNames.of(iso2) ?? country?.englishName ?? iso2,
      capitalTimeZone: data?.timezones.find((zone) => isZoneOf(zone.zoneName, data.capital))?.zoneName,
      firstTimeZone: data?.timezones[0]?.zoneName,
    };
  });

  const states = memo(async (iso2: string): Promise<CountryStates> => {
    const country = (await base()).byIso.get(iso2);
    if (!country?.dir) return { places: [], commonTimeZone: undefined };
    const rows = await readJson<IState[]>(join(dataDir, country.dir, 'states.json'));
    const useNative = speaksSpanishOrPortuguese(iso2);
    for (const row of rows) stateLocations.set(row.id, { iso2, code: row.iso2 });
    return {
      places: rows.map((row) => ({ id: row.id, name: stateName(row, useNative) })).sort(byName),
      commonTimeZone: mostCommon(rows.map((row) => row.timezone)),
    };
  });

  // Most calls come right after listStates of the same country, which fills stateLocations; only
  // a state id seen cold (a stored profile) needs every country's states.json (2.2 MB, ~40 ms once).
  const allStates = once(async () => {
    await Promise.all([...(await base()).byIso.keys()].map((iso2) => states(iso2)));
  });

  const stateDirs = memo(async (iso2: string): Promise<Map<string, string>> => {
    const country = (await base()).byIso.get(iso2);
    if (!country?.dir) return new Map();
    const entries = await readdir(join(dataDir, country.dir), { withFileTypes: true });
    return new Map(
      entries.filter((entry) => entry.isDirectory()).map((entry) => [lastCodeOf(entry.name), entry.name]),
    );
  });

  // Called for known states only, so probing unknown ids does not grow the cache.
  const cities = memo(async (stateId: number): Promise<Place[]> => {
    const location = stateLocations.get(stateId);
    if (!location) return [];
    const countryDir = (await base()).byIso.get(location.iso2)?.dir;
    const stateDir = (await stateDirs(location.iso2)).get(location.code);
    // About a fifth of the states (1,029 of 5,308) have no cities in the data set.
    if (!countryDir || !stateDir) return [];
    const rows = await readJson<ICity[]>(join(dataDir, countryDir, stateDir, 'cities.json'));
    return rows.map((row) => ({ id: row.id, name: row.name.trim() })).sort(byName);
  });

  const countryLists = memo(async (lang: Language): Promise<Country[]> => {
    const countries = [...(await base()).byIso.values()];
    const list = await Promise.all(countries.map((country) => toCountry(country, lang)));
    const order = new Intl.Collator(lang);
    return list.sort((a, b) => order.compare(a.name, b.name));
  });

  async function toCountry(country: BaseCountry, lang: Language): Promise<Country> {
    return {
      id: country.id,
      iso2: country.iso2,
      name: lang === 'es' ? (await meta(country.iso2)).spanishName : country.englishName,
      phoneCode: country.phoneCode,
      currency: country.currency || null,
      emoji: country.emoji,
    };
  }

  async function isoForCountryId(id: number): Promise<string | null> {
    return isoForSpecCountryId(id) ?? (await base()).isoById.get(id) ?? null;
  }

  async function baseCountryById(id: number): Promise<BaseCountry | undefined> {
    const iso2 = await isoForCountryId(id);
    return iso2 ? (await base()).byIso.get(iso2) : undefined;
  }

  return {
    async listCountries(lang: Language): Promise<Country[]> {
      return [...(await countryLists(lang))];
    },

    async countryById(id: number, lang: Language = 'es'): Promise<Country | null> {
      const country = await baseCountryById(id);
      return country ? toCountry(country, lang) : null;
    },

    async countryIdForIso(iso2: string): Promise<number | null> {
      return (await base()).byIso.get(iso2.toUpperCase())?.id ?? null;
    },

    isoForCountryId,

    async listStates(countryId: number): Promise<Place[]> {
      const iso2 = await isoForCountryId(countryId);
      return iso2 ? [...(await states(iso2)).places] : [];
    },

    async listCities(stateId: number): Promise<Place[]> {
      if (!stateLocations.has(stateId)) await allStates();
      return stateLocations.has(stateId) ? [...(await cities(stateId))] : [];
    },

    async currenciesOf(countryId: number): Promise<Currency[]> {
      const country = await baseCountryById(countryId);
      if (!country?.currency) return [];
      const code = country.currency;
      // The data set names currencies in English only.
      return [{ code, name: spanishCurrencyNames.of(code) ?? code, symbol: country.currencySymbol }];
    },

    /**
     * The data set lists a country's zones alphabetically, so the first one is often an edge of
     * the country (Spain → Africa/Ceuta, United States → America/Adak, Mexico →
     * America/Bahia_Banderas). We take the capital's zone, else the zone most states use.
     */
    async defaultTimeZone(countryId: number): Promise<string> {
      const iso2 = await isoForCountryId(countryId);
      if (!iso2) return fallbackTimeZone;
      const { capitalTimeZone, firstTimeZone } = await meta(iso2);
      return capitalTimeZone ?? (await states(iso2)).commonTimeZone ?? firstTimeZone ?? fallbackTimeZone;
    },
  };
}

/**
 * The data set's `native` state names are machine translations in places (US "Alaska" → "Down",
 * UY "Salto" → "Tacón", CO "Cesar" → "César", CL "Libertador …" → "Liberador …"). For Spanish-
 * and Portuguese-speaking countries `name` is already the local name, except for English "… of …"
 * phrases ("Autonomous City of Buenos Aires", "Community of Madrid"); only there we take `native`,
 * and only if it keeps the phrase's proper noun ("Ciudad autónoma de Buenos Aires").
 */
function stateName(state: IState, useNative: boolean): string {
  const name = state.name.trim();
  const native = state.native?.trim();
  const nameWords = wordsOf(name);
  if (!useNative || !native || !nameWords.includes('of')) return name;
  return wordsOf(native).some((word) => word.length >= 5 && nameWords.includes(word)) ? native : name;
}

/** CLDR's most likely language for the region; Paraguay comes out as Guaraní, so it keeps the English names. */
function speaksSpanishOrPortuguese(iso2: string): boolean {
  const language = new Intl.Locale(`und-${iso2}`).maximize().language;
  return language === 'es' || language === 'pt';
}

/** "America/Argentina/Buenos_Aires" is the zone of "Buenos Aires"; "America/Bogota" of "Bogotá". */
function isZoneOf(zone: string, city: string): boolean {
  const place = zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ');
  return city !== '' && withoutAccents(place).toLowerCase() === withoutAccents(city).toLowerCase();
}

function mostCommon(values: (string | null)[]): string | undefined {
  const counts = new Map<string, number>();
  let best: string | undefined;
  for (const value of values) {
    if (!value) continue;
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > (best ? (counts.get(best) ?? 0) : 0)) best = value;
  }
  return best;
}

function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

function wordsOf(text: string): string[] {
  return withoutAccents(text)
    .toLowerCase()
    .split(/[^\p{L}]+/u);
}

/** The package names folders `<Name>-<CODE>`; names may contain dashes, codes do not. */
function lastCodeOf(folder: string): string {
  return folder.slice(folder.lastIndexOf('-') + 1);
}

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

/** Caches the promise, so concurrent first calls share one read; a failed read is retried next time. */
function memo<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const cache = new Map<K, Promise<V>>();
  return (key) => {
    let value = cache.get(key);
    if (!value) {
      value = load(key);
      cache.set(key, value);
      value.catch(() => cache.delete(key));
    }
    return value;
  };
}

function once<V>(load: () => Promise<V>): () => Promise<V> {
  const cached = memo<undefined, V>(load);
  return () => cached(undefined);
}
