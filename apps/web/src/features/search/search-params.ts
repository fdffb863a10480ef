import { type InputOf, type LanguageKey, languageKeys, type SearchType, searchTypes } from '@agendo/contract';

/** Which search route is showing: plain search, or browsing by therapy or by symptom. */
export type SearchMode = 'search' | SearchType;

/**
 * The filters of the search routes, as the URL carries them (spec 000 §2.2: type, ref,
 * country, state, city, langEs … langAl, today, gender; plus q for the text and modality).
 * The URL is the single source of truth: the page reads it and every change writes it back.
 */
export interface SearchFilters {
  type?: SearchType;
  ref?: number;
  q?: string;
  country?: number;
  state?: number;
  city?: number;
  languages: LanguageKey[];
  today: boolean;
  gender?: 1 | 2 | 3;
  modality?: 1 | 2 | 3;
}

export const emptyFilters: SearchFilters = { languages: [], today: false };

function positive(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

function oneToThree(value: string | null): 1 | 2 | 3 | undefined {
  return value === '1' || value === '2' || value === '3' ? (Number(value) as 1 | 2 | 3) : undefined;
}

const isOn = (value: string | null) => value === '1' || value === 'true';

/** The filters in a query string. The terapias and sintomas routes imply their type. */
export function filtersFromParams(params: URLSearchParams, mode: SearchMode): SearchFilters {
  const typeParam = params.get('type');
  const type =
    mode !== 'search'
      ? mode
      : (searchTypes as readonly string[]).includes(typeParam ?? '')
        ? (typeParam as SearchType)
        : undefined;
  const ref = positive(params.get('ref'));
  const q = params.get('q')?.trim().slice(0, 100);
  const country = positive(params.get('country'));
  // A state without its country (or a city without its state) cannot be chosen in the form.
  const state = country !== undefined ? positive(params.get('state')) : undefined;
  const city = state !== undefined ? positive(params.get('city')) : undefined;
  const gender = oneToThree(params.get('gender'));
  const modality = oneToThree(params.get('modality'));
  return {
    ...(type ? { type } : {}),
    ...(ref !== undefined ? { ref } : {}),
    ...(q ? { q } : {}),
    ...(country !== undefined ? { country } : {}),
    ...(state !== undefined ? { state } : {}),
    ...(city !== undefined ? { city } : {}),
    languages: languageKeys.filter((key) => isOn(params.get(key))),
    today: isOn(params.get('today')),
    ...(gender ? { gender } : {}),
    ...(modality ? { modality } : {}),
  };
}

/** The query string for some filters, in the spec's parameter order; empty filters are left out. */
export function paramsFromFilters(filters: SearchFilters, mode: SearchMode): URLSearchParams {
  const params = new URLSearchParams();
  // The terapias and sintomas routes already say the type.
  if (filters.type && mode === 'search') params.set('type', filters.type);
  if (filters.ref !== undefined) params.set('ref', String(filters.ref));
  if (filters.q) params.set('q', filters.q);
  if (filters.country !== undefined) params.set('country', String(filters.country));
  if (filters.state !== undefined) params.set('state', String(filters.state));
  if (filters.city !== undefined) params.set('city', String(filters.city));
  for (const key of languageKeys) if (filters.languages.includes(key)) params.set(key, '1');
  if (filters.today) params.set('today', '1');
  if (filters.gender) params.set('gender', String(filters.gender));
  if (filters.modality) params.set('modality', String(filters.modality));
  return params;
}

/** How many filters of the drawer are on (the phone's "Filtros" button shows it). */
export function activeFilterCount(filters: SearchFilters): number {
  return (
    (filters.country !== undefined ? 1 : 0) +
    filters.languages.length +
    (filters.today ? 1 : 0) +
    (filters.gender ? 1 : 0) +
    (filters.modality ? 1 : 0)
  );
}

type SearchInput = InputOf<'search-publications'>;

/** The action's input for some filters, in the viewer's time zone. */
export function searchInputOf(filters: SearchFilters, userTime: string): SearchInput {
  const input: SearchInput = { userTime };
  if (filters.type) input.type = filters.type;
  if (filters.ref !== undefined) input.ref = filters.ref;
  if (filters.q) input.text = filters.q;
  if (filters.country !== undefined) input.country = filters.country;
  if (filters.state !== undefined) input.state = filters.state;
  if (filters.city !== undefined) input.city = filters.city;
  for (const key of filters.languages) input[key] = true;
  if (filters.today) input.today = true;
  if (filters.gender) input.gender = filters.gender;
  if (filters.modality) input.modality = filters.modality;
  return input;
}

/**
 * search-courses' input for some filters, or null when a filter only services have is on
 * (a therapy or symptom, a state or city, languages, today, modality): no course could match.
 */
export function courseSearchInputOf(filters: SearchFilters): InputOf<'search-courses'> | null {
  const servicesOnly =
    filters.type !== undefined ||
    filters.ref !== undefined ||
    filters.state !== undefined ||
    filters.city !== undefined ||
    filters.languages.length > 0 ||
    filters.today ||
    filters.modality !== undefined;
  if (servicesOnly) return null;
  return {
    ...(filters.q ? { text: filters.q } : {}),
    ...(filters.country !== undefined ? { country: filters.country } : {}),
    ...(filters.gender ? { gender: filters.gender } : {}),
  };
}

/** The viewer's IANA zone; next slots are shown in it. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Argentina/Buenos_Aires';
  } catch {
    return 'America/Argentina/Buenos_Aires';
  }
}
