import {
  Checkbox,
  type CheckboxProps,
  NumberInput,
  type NumberInputProps,
  Radio,
  Select,
  type SelectProps,
  Switch,
  Text,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/*
 * Inputs bound to a form of lib/use-action-form: each wires value, change, blur, focus (ref) and
 * the message for its field, so a form only says what the input looks like.
 */

/** What useActionForm answers, as far as a bound input needs it. */
export interface BoundForm<F extends FieldValues, T extends FieldValues> {
  form: { control: Control<F, unknown, T> };
  fieldError: (name: FieldPath<F>) => string | undefined;
}

type Bound<F extends FieldValues, T extends FieldValues> = { editor: BoundForm<F, T>; name: FieldPath<F> };

function useBound<F extends FieldValues, T extends FieldValues>({ editor, name }: Bound<F, T>) {
  const { field } = useController({ control: editor.form.control, name });
  return { field, wiring: { onBlur: field.onBlur, ref: field.ref, error: editor.fieldError(name) } };
}

const numberValue = (value: unknown) => (typeof value === 'number' ? value : '');

/** Whether a flag is set: the contract sends 0/1 or booleans. */
export const isOn = (value: unknown) => value === true || value === 1;

/**
 * A whole number (points, minutes, sessions); emptied, the field holds `cleared`: undefined for
 * a required one (not sent), null for one that may stay empty, or a number it then means.
 */
export function WholeNumberField<F extends FieldValues, T extends FieldValues>({
  editor,
  name,
  cleared,
  ...input
}: Bound<F, T> & { cleared: number | null | undefined } & Omit<
    NumberInputProps,
    'value' | 'onChange' | 'error'
  >) {
  const { field, wiring } = useBound({ editor, name });
  return (
    <NumberInput
      allowDecimal={false}
      allowNegative={false}
      inputMode="numeric"
      {...input}
      value={numberValue(field.value)}
      onChange={(value) => field.onChange(value === '' ? cleared : Number(value))}
      {...wiring}
    />
  );
}

/** An amount in `currency` (pesos without cents, the rest with two decimals); emptied, null. */
export function MoneyField<F extends FieldValues, T extends FieldValues>({
  editor,
  name,
  currency,
  ...input
}: Bound<F, T> & { currency: string } & Omit<NumberInputProps, 'value' | 'onChange' | 'error'>) {
  const { field, wiring } = useBound({ editor, name });
  return (
    <NumberInput
      withAsterisk
      min={0}
      allowNegative={false}
      decimalScale={currency === 'CLP' ? 0 : 2}
      thousandSeparator="."
      decimalSeparator=","
      inputMode="decimal"
      leftSection={
        <Text size="xs" fw={600} c="dimmed" aria-hidden>
          {currency}
        </Text>
      }
      leftSectionWidth={48}
      {...input}
      value={numberValue(field.value)}
      onChange={(value) => field.onChange(value === '' ? null : Number(value))}
      {...wiring}
    />
  );
}

/** A required day (YYYY-MM-DD) from `minDate` on; cleared, the field is null. */
export function DateField<F extends FieldValues, T extends FieldValues>({
  editor,
  name,
  label,
  minDate,
}: Bound<F, T> & { label: string; minDate?: string }) {
  const { field, wiring } = useBound({ editor, name });
  return (
    <DatePickerInput
      size="md"
      label={label}
      withAsterisk
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={18} aria-hidden />}
      clearable
      minDate={minDate}
      value={typeof field.value === 'string' ? field.value : null}
      onChange={(value) => field.onChange(value ?? null)}
      {...wiring}
    />
  );
}

/**
 * A select of numbered choices (types, platforms, places). `cleared` is what no choice stores:
 * undefined for a required field, null for one that may stay empty. `error` shows only while the
 * field has none of its own (a list that could not load).
 */
export function NumberSelectField<F extends FieldValues, T extends FieldValues>({
  editor,
  name,
  cleared,
  onPicked,
  error,
  ...select
}: Bound<F, T> & {
  cleared: null | undefined;
  /** After the field changed (a lesson's new type drops the chosen file, a country its states). */
  onPicked?: () => void;
  error?: string | undefined;
} & Omit<SelectProps, 'value' | 'onChange' | 'error'>) {
  const { field, wiring } = useBound({ editor, name });
  return (
    <Select
      {...select}
      value={typeof field.value === 'number' ? String(field.value) : null}
      onChange={(value) => {
        field.onChange(value ? Number(value) : cleared);
        onPicked?.();
      }}
      {...wiring}
      error={wiring.error ?? error}
    />
  );
}

/** A yes/no flag as a switch or a checkbox (the contract sends 0/1 or booleans). */
export function FlagField<F extends FieldValues, T extends FieldValues>({
  editor,
  name,
  kind = 'switch',
  onChecked,
  ...check
}: Bound<F, T> & {
  kind?: 'switch' | 'checkbox';
  /** After the flag changed (another field follows it, an error on the group goes). */
  onChecked?: (checked: boolean) => void;
} & Pick<CheckboxProps, 'label' | 'description' | 'disabled' | 'ml'>) {
  const { field } = useBound({ editor, name });
  const Input = kind === 'switch' ? Switch : Checkbox;
  return (
    <Input
      {...check}
      checked={isOn(field.value)}
      onChange={(event) => {
        field.onChange(event.currentTarget.checked);
        onChecked?.(event.currentTarget.checked);
      }}
      ref={field.ref}
    />
  );
}

/** A required pick among numbered options laid out by `children` (given the ref to focus on error). */
export function NumberChoiceField<F extends FieldValues, T extends FieldValues>({
  editor,
  name,
  label,
  children,
}: Bound<F, T> & { label: string; children: (ref: Ref<HTMLInputElement>) => ReactNode }) {
  const { field, wiring } = useBound({ editor, name });
  return (
    <Radio.Group
      label={label}
      withAsterisk
      value={String(field.value ?? '')}
      onChange={(value) => field.onChange(Number(value))}
      error={wiring.error}
    >
      {children(field.ref)}
    </Radio.Group>
  );
}
