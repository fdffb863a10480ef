import type { Language } from '@agendo/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from './api.ts';

/**
 * The place lists (countries, a country's states, a state's cities) for every form and filter
 * that picks a place. They never change while the app runs, so they are cached for good, and
 * they are cached under one shape (the list): two shapes under one key made whichever page
 * loaded first decide what the other read.
 */
const forever = Number.POSITIVE_INFINITY;
const known = (id: number | null | undefined): id is number => typeof id === 'number' && id > 0;

export function useCountries(lang: Language) {
  return useQuery({
    queryKey: ['find-countries', lang],
    queryFn: async () => (await call('find-countries', { userLang: lang })).countries,
    staleTime: forever,
  });
}

/** Asks nothing until a country is chosen. */
export function useStates(country: number | null | undefined) {
  return useQuery({
    queryKey: ['find-states', country],
    queryFn: async () => (await call('find-states', { userCountry: country ?? 0 })).states,
    enabled: known(country),
    staleTime: forever,
  });
}

/** Asks nothing until a state is chosen. */
export function useCities(state: number | null | undefined) {
  return useQuery({
    queryKey: ['find-cities', state],
    queryFn: async () => (await call('find-cities', { userState: state ?? 0 })).cities,
    enabled: known(state),
    staleTime: forever,
  });
}

type Place = { id: number; name: string };
const placeOption = (place: Place) => ({ value: String(place.id), label: place.name });

/** The countries as select options, each with its flag. */
export function useCountryOptions(lang: Language) {
  const countries = useCountries(lang);
  const countryOptions = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: String(c.id), label: `${c.emoji} ${c.name}` })),
    [countries.data],
  );
  return { countries, countryOptions };
}

/** The three lists of an address form (country, then its states, then the state's cities) as select options. */
export function useAddressOptions(lang: Language, country: number | null | undefined, state: number | null) {
  const { countries, countryOptions } = useCountryOptions(lang);
  const states = useStates(country);
  const cities = useCities(state);
  const stateOptions = useMemo(() => (states.data ?? []).map(placeOption), [states.data]);
  const cityOptions = useMemo(() => (cities.data ?? []).map(placeOption), [cities.data]);
  return { countries, states, cities, countryOptions, stateOptions, cityOptions };
}
