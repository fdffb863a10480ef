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
import { type FieldPath, useController } from 'react-hook-form';
import { type EditorForm, fromNumberInput, isOn, numberValue } from './editor-section.tsx';
import type { PublicationFormValues } from './publication-form.ts';

/**
 * The publication editor's inputs bound to its form: each wires value, change, blur, focus (ref)
 * and the server's message for its field, so a section only says what the input looks like.
 */
type Bound = { editor: EditorForm; name: FieldPath<PublicationFormValues> };

function useBound({ editor, name }: Bound) {
  const { field } = useController({ control: editor.form.control, name });
  return {
    field,
    wiring: { onBlur: field.onBlur, ref: field.ref, error: editor.fieldError(name) },
  };
}

/** A whole count (sessions, places, minutes); emptied, the field is undefined (not sent). */
export function CountField({
  editor,
  name,
  ...input
}: Bound & Omit<NumberInputProps, 'value' | 'onChange' | 'error'>) {
  const { field, wiring } = useBound({ editor, name });
  return (
    <NumberInput
      size="md"
      withAsterisk
      allowDecimal={false}
      allowNegative={false}
      {...input}
      value={numberValue(field.value)}
      onChange={(value) => field.onChange(fromNumberInput(value) ?? undefined)}
      {...wiring}
    />
  );
}

/** An amount in `currency` (pesos without cents); emptied, the field is null. */
export function PriceField({ editor, name, label, currency }: Bound & { label: string; currency: string }) {
  const { field, wiring } = useBound({ editor, name });
  return (
    <NumberInput
      size="md"
      label={label}
      withAsterisk
      min={0}
      allowNegative={false}
      decimalScale={currency === 'CLP' ? 0 : 2}
      thousandSeparator="."
      decimalSeparator=","
      leftSection={
        <Text size="xs" fw={600} c="dimmed" aria-hidden>
          {currency}
        </Text>
      }
      leftSectionWidth={48}
      inputMode="decimal"
      value={numberValue(field.value)}
      onChange={(value) => field.onChange(fromNumberInput(value))}
      {...wiring}
    />
  );
}

/** A required day (YYYY-MM-DD); cleared, the field is null. */
export function DateField({ editor, name, label, minDate }: Bound & { label: string; minDate?: string }) {
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
 * A select of numbered choices (ids, codes, minutes). `cleared` is what no choice stores:
 * undefined for a required field, null for one the professional may leave empty.
 */
export function NumberSelectField({
  editor,
  name,
  cleared,
  onPicked,
  ...select
}: Bound & {
  cleared: null | undefined;
  /** After the field changed (a state clears its city). */
  onPicked?: () => void;
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
    />
  );
}

/** A yes/no flag shown as a switch or a checkbox (the contract sends 0/1 or booleans). */
export function FlagField({
  editor,
  name,
  kind,
  ...check
}: Bound & { kind: 'switch' | 'checkbox' } & Pick<
    CheckboxProps,
    'label' | 'description' | 'disabled' | 'ml'
  >) {
  const { field } = useBound({ editor, name });
  const Input = kind === 'switch' ? Switch : Checkbox;
  return (
    <Input
      {...check}
      checked={isOn(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      ref={field.ref}
    />
  );
}

/** A required pick among numbered options laid out by `children` (given the ref to focus on error). */
export function NumberChoiceField({
  editor,
  name,
  label,
  children,
}: Bound & { label: string; children: (ref: Ref<HTMLInputElement>) => ReactNode }) {
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
