import { type OutputOf, seededCurrencies } from '@agendo/contract';
import * as searchActions from '@agendo/contract/search';
import { Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { AdminCard, AdminPage, useAdminQuery } from '../../ui/admin-page.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { searchTexts } from './search-texts.ts';

type Rate = OutputOf<'find-exchange-rates'>['rates'][number];
const ratesKey = ['find-exchange-rates'] as const;

/** admin/exchange-rates: the table behind convert-price and international prices (administrators only). */
export function ExchangeRatesPage() {
  return (
    <RequireLogin>
      <ExchangeRates />
    </RequireLogin>
  );
}

function ExchangeRates() {
  const t = useTexts(searchTexts);
  const rates = useAdminQuery(ratesKey, () => call('find-exchange-rates', {}));
  return (
    <AdminPage
      title={t('ratesTitle')}
      intro={t('ratesIntro')}
      query={rates}
      texts={t}
      placeholder={{ rows: 5, height: 44 }}
    >
      {(data) => <RatesTable rates={data.rates} />}
    </AdminPage>
  );
}

function RatesTable({ rates }: { rates: Rate[] }) {
  const t = useTexts(searchTexts);
  const known = new Set(rates.map((rate) => rate.currency));
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={0} style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="sm" horizontalSpacing="md" miw={520}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('currency')}</Table.Th>
              <Table.Th>{t('rate')}</Table.Th>
              <Table.Th>{t('updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rates.map((rate) => (
              <RateRow key={rate.currency} rate={rate} />
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <AddRate known={known} />
    </Stack>
  );
}

function currencyLabel(code: string, lang: 'es' | 'en'): string {
  try {
    return `${code} · ${new Intl.DisplayNames([lang], { type: 'currency' }).of(code) ?? code}`;
  } catch {
    return code;
  }
}

function useSaveRate(onSaved?: () => void) {
  const t = useTexts(searchTexts);
  const queryClient = useQueryClient();
  return async (values: { currency: string; unitsPerUsd: string }) => {
    await call('save-exchange-rate', values);
    notifications.show({ color: 'teal', message: t('saved'), autoClose: 10000 });
    onSaved?.();
    await queryClient.invalidateQueries({ queryKey: ratesKey });
  };
}

function RateRow({ rate }: { rate: Rate }) {
  const t = useTexts(searchTexts);
  const lang = useLang();
  const { form, fieldError, submit, submitting } = useActionForm(searchActions.saveExchangeRate, {
    defaultValues: { currency: rate.currency, unitsPerUsd: rate.unitsPerUsd },
  });
  const save = useSaveRate();
  const isBase = rate.currency === 'USD';
  const label = currencyLabel(rate.currency, lang);
  const updated = new Intl.DateTimeFormat(lang === 'es' ? 'es-AR' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(rate.updatedAt));

  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{label}</Text>
        {isBase && (
          <Text size="xs" c="dimmed">
            {t('baseCurrency')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {isBase ? (
          <Text>1</Text>
        ) : (
          <form onSubmit={submit(save)} noValidate>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={`${t('rate')} ${rate.currency}`}
                inputMode="decimal"
                w={140}
                {...form.register('unitsPerUsd')}
                error={fieldError('unitsPerUsd')}
              />
              <Button type="submit" variant="light" loading={submitting}>
                {t('save')}
              </Button>
            </Group>
          </form>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{updated}</Text>
        {rate.updatedBy && (
          <Text size="xs" c="dimmed">
            {rate.updatedBy}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function AddRate({ known }: { known: Set<string> }) {
  const t = useTexts(searchTexts);
  const lang = useLang();
  const { form, fieldError, submit, submitting } = useActionForm(searchActions.saveExchangeRate, {
    defaultValues: { currency: '', unitsPerUsd: '' },
  });
  const save = useSaveRate(() => form.reset({ currency: '', unitsPerUsd: '' }));
  const options = useMemo(() => {
    const preferred = new Set<string>(seededCurrencies);
    const all = Intl.supportedValuesOf('currency').filter((code) => !known.has(code));
    return [...all.filter((c) => preferred.has(c)), ...all.filter((c) => !preferred.has(c))].map((code) => ({
      value: code,
      label: currencyLabel(code, lang),
    }));
  }, [known, lang]);

  return (
    <AdminCard title={t('addCurrency')}>
      <form onSubmit={submit(save)} noValidate>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm">
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Select
                  label={t('currency')}
                  searchable
                  data={options}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldError('currency')}
                  w={{ base: '100%', xs: 260 }}
                />
              )}
            />
            <TextInput
              label={t('rate')}
              inputMode="decimal"
              w={{ base: '100%', xs: 160 }}
              {...form.register('unitsPerUsd')}
              error={fieldError('unitsPerUsd')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={submitting}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminCard>
  );
}
