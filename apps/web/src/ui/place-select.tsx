import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A searchable select bound to a form field that holds a place's numeric id (the options carry it
 * as text). Clearing it sets `empty`; `onPicked` runs after each change, to clear the places that
 * depended on it (spec 001 §2.2: states depend on the country, cities on the state).
 */
export function PlaceSelect<T extends FieldValues>({
  control,
  name,
  empty,
  onPicked,
  ...select
}: Omit<SelectProps, 'value' | 'onChange' | 'onBlur'> & {
  control: Control<T>;
  name: FieldPath<T>;
  empty: null | undefined;
  onPicked?: () => void;
}) {
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
