import type { Language } from '@agendo/contract';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useAddressOptions } from '../lib/places.ts';

/** The place fields of an address form; the schemas also take an id as text ('5'). */
interface AddressPlaces {
  userCountry?: number | string | null;
  userState?: number | string | null;
  userCity?: number | string | null;
}

const idOf = (value: number | string | null | undefined) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/**
 * The country, state and city of an address form: the chosen ids, the lists, and each field's
 * binding (with its options) for a NumberSelectField. Choosing a country clears the state and the
 * city, choosing a state the city (spec 001 §2.2: states depend on the country, cities on the state).
 */
export function useAddressPlaces<F extends FieldValues, T extends FieldValues>(
  editor: { form: UseFormReturn<F, unknown, T>; fieldError: (name: FieldPath<F>) => string | undefined },
  lang: Language,
) {
  // The forms differ in every other field; these three are named alike in all of them.
  const places = editor.form as unknown as UseFormReturn<AddressPlaces>;
  const countryId = idOf(places.watch('userCountry'));
  const stateId = idOf(places.watch('userState'));
  const lists = useAddressOptions(lang, countryId, stateId);
  const bind = (
    name: keyof AddressPlaces,
    data: { value: string; label: string }[],
    cleared: null | undefined,
    onPicked?: () => void,
  ) => ({ editor, name: name as FieldPath<F>, data, cleared, onPicked, searchable: true });
  return {
    ...lists,
    countryId,
    stateId,
    country: bind('userCountry', lists.countryOptions, undefined, () => {
      places.setValue('userState', null);
      places.setValue('userCity', null);
    }),
    state: bind('userState', lists.stateOptions, null, () => places.setValue('userCity', null)),
    city: bind('userCity', lists.cityOptions, null),
  };
}
