import {
  countryIds,
  currencyForCountryId,
  isoForCountryId,
  type OutputOf,
  type PlanDuration,
  planDurations,
  planPeriods,
  plans,
  toDecimalAmount,
  toMinorUnits,
} from '@agendo/contract';
import { Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { AdminCard, AdminPage, useAdminQuery } from '../../ui/admin-page.tsx';
import { planPricesTexts } from './plan-prices-texts.ts';

type Price = OutputOf<'find-plan-prices'>['prices'][number];
type PaidPlanId = 1 | 2 | 3;

const pricesKey = ['find-plan-prices'] as const;
const paidPlans: PaidPlanId[] = [1, 2, 3];
/** The rows the server charges countries without their own prices (ADR 015). */
const internationalCountry = countryIds.US;
const cellKey = (planId: number, duration: number) => `${planId}-${duration}`;

/**
 * A price as typed: '19999', '19.999,50' or '19999.5'. A comma is the decimal mark when present
 * (es-AR), so dots are then thousands; answers minor units, or null when it is not an amount.
 */
export function parseAmount(text: string, currency: string): number | null {
  const raw = text.replace(/\s/g, '');
  if (raw === '') return null;
  const normal = raw.includes(',')
    ? raw.replace(/\./g, '').replace(',', '.')
    : (raw.match(/\./g) ?? []).length > 1
      ? raw.replace(/\./g, '')
      : raw;
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return null;
  return toMinorUnits(Number(normal), currency);
}

const shownAmount = (minor: number, currency: string) => toDecimalAmount(minor, currency).replace('.', ',');

/** admin/plan-prices: the administrator's table of plan prices per country and currency (issue 16). */
export function PlanPricesPage() {
  const loggedIn = useIsLoggedIn();
  const { to } = usePrefix();
  const { pathname } = useLocation();
  if (!loggedIn) return <Navigate to={`${to('login')}?next=${encodeURIComponent(pathname)}`} replace />;
  return <PlanPrices />;
}

function useCountryName() {
  const lang = useLang();
  const tx = useTexts(planPricesTexts);
  return (countryId: number) => {
    if (countryId === internationalCountry) return tx('international');
    const iso = isoForCountryId(countryId);
    try {
      return (iso && new Intl.DisplayNames([lang], { type: 'region' }).of(iso)) || String(countryId);
    } catch {
      return iso ?? String(countryId);
    }
  };
}

function PlanPrices() {
  const tx = useTexts(planPricesTexts);
  const [added, setAdded] = useState<number[]>([]);
  const prices = useAdminQuery(pricesKey, () => call('find-plan-prices', {}));
  return (
    <AdminPage
      title={tx('title')}
      intro={tx('intro')}
      query={prices}
      texts={tx}
      placeholder={{ rows: 3, height: 160, radius: 'lg' }}
    >
      {(data) => {
        const byCountry = new Map<number, Price[]>();
        for (const p of data.prices) byCountry.set(p.countryId, [...(byCountry.get(p.countryId) ?? []), p]);
        for (const c of added) if (!byCountry.has(c)) byCountry.set(c, []);
        const countries = [...byCountry.keys()].sort((a, b) =>
          a === internationalCountry ? -1 : b === internationalCountry ? 1 : a - b,
        );
        return (
          <Stack gap="lg">
            {countries.map((c) => (
              <CountryPrices key={c} countryId={c} rows={byCountry.get(c) ?? []} />
            ))}
            <AddCountry
              taken={new Set(countries)}
              onAdd={(c) => setAdded((list) => (list.includes(c) ? list : [...list, c]))}
            />
          </Stack>
        );
      }}
    </AdminPage>
  );
}

function currencyOptions(countryId: number): string[] {
  const local = currencyForCountryId(countryId);
  return local === 'USD' ? ['USD'] : [local, 'USD'];
}

function CountryPrices({ countryId, rows }: { countryId: number; rows: Price[] }) {
  const tx = useTexts(planPricesTexts);
  const countryName = useCountryName();
  const queryClient = useQueryClient();
  const byCell = new Map(rows.map((r) => [cellKey(r.planId, r.duration), r]));
  const [currency, setCurrency] = useState(rows[0]?.currency ?? currencyForCountryId(countryId));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      rows.map((r) => [cellKey(r.planId, r.duration), shownAmount(r.amountMinor, r.currency)]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const name = countryName(countryId);
  const complete = rows.length >= paidPlans.length * planDurations.length;

  const save = async () => {
    const found: Record<string, string> = {};
    const changes: { planId: PaidPlanId; duration: PlanDuration; amountMinor: number }[] = [];
    for (const planId of paidPlans) {
      for (const duration of planDurations) {
        const key = cellKey(planId, duration);
        const row = byCell.get(key);
        const text = values[key] ?? '';
        if (text.trim() === '') {
          if (row) found[key] = tx('missing');
          continue;
        }
        const amountMinor = parseAmount(text, currency);
        if (amountMinor === null) found[key] = tx('invalid');
        else if (!row || row.amountMinor !== amountMinor || row.currency !== currency)
          changes.push({ planId, duration, amountMinor });
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (changes.length === 0) {
      notifications.show({ color: 'gray', message: tx('nothingChanged') });
      return;
    }
    setSaving(true);
    try {
      for (const change of changes) {
        try {
          await call('save-plan-price', { countryId, currency, ...change });
        } catch (error) {
          if (error instanceof ApiError && !error.isNetwork) {
            setErrors({ [cellKey(change.planId, change.duration)]: error.message });
            notifications.show({ color: 'red', message: error.message });
          }
          return;
        }
      }
      notifications.show({ color: 'teal', message: tx('saved') });
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: pricesKey });
    }
  };

  return (
    <AdminCard
      title={name}
      label={name}
      aside={
        <Select
          label={tx('currency')}
          data={currencyOptions(countryId)}
          value={currency}
          onChange={(v) => v && setCurrency(v)}
          allowDeselect={false}
          w={120}
        />
      }
    >
      {!complete && countryId !== internationalCountry && (
        <Text size="sm" c="orange.9">
          {tx('incomplete')}
        </Text>
      )}
      <div style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="xs" horizontalSpacing="sm" miw={520}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{tx('plan')}</Table.Th>
              {planDurations.map((d) => (
                <Table.Th key={d}>{planPeriods[d].tab}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paidPlans.map((planId) => (
              <Table.Tr key={planId}>
                <Table.Td>
                  <Text fw={600}>{plans[planId].name}</Text>
                </Table.Td>
                {planDurations.map((d) => {
                  const key = cellKey(planId, d);
                  return (
                    <Table.Td key={d}>
                      <TextInput
                        aria-label={`${name}: ${plans[planId].name}, ${planPeriods[d].tab} (${currency})`}
                        inputMode="decimal"
                        value={values[key] ?? ''}
                        onChange={(e) => {
                          const next = e.currentTarget.value;
                          setValues((v) => ({ ...v, [key]: next }));
                        }}
                        error={errors[key]}
                      />
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <Group>
        <Button onClick={save} loading={saving}>
          {tx('save')}
        </Button>
      </Group>
    </AdminCard>
  );
}

function AddCountry({ taken, onAdd }: { taken: Set<number>; onAdd: (countryId: number) => void }) {
  const tx = useTexts(planPricesTexts);
  const countryName = useCountryName();
  const [country, setCountry] = useState<string | null>(null);
  const options = Object.values(countryIds)
    .filter((id) => !taken.has(id))
    .map((id) => ({ value: String(id), label: countryName(id) }));
  if (options.length === 0) return null;
  return (
    <AdminCard title={tx('addTitle')}>
      <Group align="flex-end">
        <Select
          label={tx('country')}
          data={options}
          value={country}
          onChange={setCountry}
          w={{ base: '100%', xs: 260 }}
        />
        <Button
          variant="light"
          disabled={country === null}
          onClick={() => {
            if (country === null) return;
            onAdd(Number(country));
            setCountry(null);
          }}
        >
          {tx('add')}
        </Button>
      </Group>
    </AdminCard>
  );
}
