import type { Language } from '@agendo/contract';
import { Select, type SelectProps } from '@mantine/core';
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { useAddressOptions } from '../lib/places.ts';

/**
 * A searchable select bound to a form field that holds a place's numeric id (the options carry it
 * as text). Clearing it sets `empty`; `onPicked` runs after each change, to clear the places that
 * depended on it.
 */
export function PlaceSelect<T extends FieldValues>({
  control,
  name,
  empty,
  onPicked,
  ...select
}: Omit<SelectProps, 'value' | 'onChange' | 'onBlur'> & PlaceBinding<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          searchable
          {...select}
          value={field.value ? String(field.value) : null}
          onChange={(value) => {
            field.onChange(value ? Number(value) : empty);
            onPicked?.();
          }}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}

interface PlaceBinding<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  empty: null | undefined;
  onPicked?: () => void;
}

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
 * binding (with its options) for a PlaceSelect. Choosing a country clears the state and the city,
 * choosing a state the city (spec 001 §2.2: states depend on the country, cities on the state).
 */
export function useAddressPlaces<T extends FieldValues>(form: UseFormReturn<T>, lang: Language) {
  // The forms differ in every other field; these three are named alike in all of them.
  const places = form as unknown as UseFormReturn<AddressPlaces>;
  const countryId = idOf(places.watch('userCountry'));
  const stateId = idOf(places.watch('userState'));
  const lists = useAddressOptions(lang, countryId, stateId);
  const bind = (
    name: keyof AddressPlaces,
    data: { value: string; label: string }[],
    empty: null | undefined,
    onPicked?: () => void,
  ) => ({ control: form.control, name: name as FieldPath<T>, data, empty, onPicked });
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
