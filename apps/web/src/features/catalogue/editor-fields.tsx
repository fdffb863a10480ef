import type { NumberInputProps } from '@mantine/core';
import type { FieldPath } from 'react-hook-form';
import { MoneyField, WholeNumberField } from '../../ui/form-fields.tsx';
import type { EditorForm } from './editor-section.tsx';
import type { PublicationFormValues } from './publication-form.ts';

/* The publication editor's number inputs (ui/form-fields) in its larger size. */

type Bound = { editor: EditorForm; name: FieldPath<PublicationFormValues> };

/** A whole count (sessions, places, minutes); emptied, the field is undefined (not sent). */
export function CountField(props: Bound & Omit<NumberInputProps, 'value' | 'onChange' | 'error'>) {
  return <WholeNumberField size="md" withAsterisk cleared={undefined} {...props} />;
}

/** An amount in `currency`; emptied, the field is null. */
export function PriceField(props: Bound & { label: string; currency: string }) {
  return <MoneyField size="md" {...props} />;
}
