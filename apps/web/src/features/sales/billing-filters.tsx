import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useTexts } from '../../i18n/use-texts.ts';
import { salesTexts } from './billing-texts.ts';

/** Issue 34: what find-billing-all narrows the sales to, beside the free-text search. */
export interface SalesFilters {
  state?: 'pending' | 'paid' | 'refunded' | 'void';
  from?: string;
  to?: string;
  currency?: string;
  method?: 'card' | 'cash' | 'transfer' | 'free' | 'manual';
}

const currencies = ['ARS', 'USD', 'EUR', 'MXN', 'CLP', 'COP', 'UYU', 'PEN', 'BRL'];

type TextKey = keyof typeof salesTexts.es;
const stateChoices = [
  ['pending', 'stateUnpaid'],
  ['paid', 'statePaid'],
  ['refunded', 'stateRefunded'],
  ['void', 'stateVoid'],
] as const;
const methodChoices = [
  ['card', 'methodCard'],
  ['cash', 'methodCash'],
  ['transfer', 'methodTransfer'],
  ['free', 'methodFree'],
  ['manual', 'methodManual'],
] as const;

/** Filters of the sales table: state, consultation days, currency and method (native controls work at 375 px). */
export function BillingFilters({
  value,
  onChange,
}: {
  value: SalesFilters;
  onChange: (next: SalesFilters) => void;
}) {
  const tx = useTexts(salesTexts);
  // 'Todos' first: no filter.
  const choices = (list: readonly (readonly [string, TextKey])[]) => [
    { value: '', label: tx('all') },
    ...list.map(([value, key]) => ({ value, label: tx(key) })),
  ];
  const set = <K extends keyof SalesFilters>(key: K, v: string) =>
    onChange({ ...value, [key]: v === '' ? undefined : v });
  return (
    <Group gap="xs" align="flex-end" role="group" aria-label={tx('filters')}>
      <NativeSelect
        label={tx('colStatus')}
        value={value.state ?? ''}
        onChange={(e) => set('state', e.currentTarget.value)}
        data={choices(stateChoices)}
      />
      <TextInput
        type="date"
        label={tx('from')}
        value={value.from ?? ''}
        onChange={(e) => set('from', e.currentTarget.value)}
      />
      <TextInput
        type="date"
        label={tx('to')}
        value={value.to ?? ''}
        onChange={(e) => set('to', e.currentTarget.value)}
      />
      <NativeSelect
        label={tx('colCurrency')}
        value={value.currency ?? ''}
        onChange={(e) => set('currency', e.currentTarget.value)}
        data={[{ value: '', label: tx('all') }, ...currencies]}
      />
      <NativeSelect
        label={tx('method')}
        value={value.method ?? ''}
        onChange={(e) => set('method', e.currentTarget.value)}
        data={choices(methodChoices)}
      />
    </Group>
  );
}
