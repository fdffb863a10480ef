import { genders, languageKeys, languageNames, modalities } from '@agendo/contract';
import { Button, Checkbox, Select, Stack, Switch } from '@mantine/core';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { useCities, useCountries, useStates } from '../../lib/places.ts';
import type { SearchFilters } from './search-params.ts';
import { searchTexts } from './search-texts.ts';

interface FilterPanelProps {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  onClear: () => void;
}

const toId = (value: string | null) => (value ? Number(value) : undefined);

/**
 * The search filters of spec 000 §2.2: country → state → city, languages, the professional's
 * gender, modality and 'Con turnos hoy'. Each change is applied at once (and lands in the URL).
 */
export function FilterPanel({ filters, onChange, onClear }: FilterPanelProps) {
  const t = useTexts(searchTexts);
  const lang = useLang();
  const countries = useCountries(lang);
  const states = useStates(filters.country);
  const cities = useCities(filters.state);

  const setPlace = (place: Pick<SearchFilters, 'country' | 'state' | 'city'>) => {
    const { country: _c, state: _s, city: _ci, ...rest } = filters;
    onChange({ ...rest, ...place });
  };
  return (
    <Stack gap="md">
      <Select
        label={t('country')}
        placeholder={t('anyCountry')}
        searchable
        clearable
        data={(countries.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        value={filters.country !== undefined ? String(filters.country) : null}
        onChange={(value) => setPlace(value ? { country: Number(value) } : {})}
        nothingFoundMessage="—"
        comboboxProps={{ withinPortal: true }}
      />
      {filters.country !== undefined && (states.data?.length ?? 0) > 0 && (
        <Select
          label={t('state')}
          searchable
          clearable
          data={(states.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={filters.state !== undefined ? String(filters.state) : null}
          onChange={(value) => {
            const state = toId(value);
            setPlace({ country: filters.country, ...(state !== undefined ? { state } : {}) });
          }}
        />
      )}
      {filters.state !== undefined && (cities.data?.length ?? 0) > 0 && (
        <Select
          label={t('city')}
          searchable
          clearable
          limit={200}
          data={(cities.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={filters.city !== undefined ? String(filters.city) : null}
          onChange={(value) => {
            const city = toId(value);
            setPlace({
              country: filters.country,
              state: filters.state,
              ...(city !== undefined ? { city } : {}),
            });
          }}
        />
      )}

      <Switch
        size="md"
        label={t('todayOnly')}
        checked={filters.today}
        onChange={(event) => onChange({ ...filters, today: event.currentTarget.checked })}
      />

      <Checkbox.Group
        label={t('languages')}
        value={filters.languages}
        onChange={(values) =>
          onChange({ ...filters, languages: languageKeys.filter((key) => values.includes(key)) })
        }
      >
        <Stack gap={8} mt={6}>
          {languageKeys.map((key) => (
            <Checkbox key={key} value={key} label={languageNames[key][lang]} />
          ))}
        </Stack>
      </Checkbox.Group>

      <Select
        label={t('gender')}
        placeholder={t('anyGender')}
        clearable
        data={genders.map((g) => ({ value: String(g.id), label: g[lang] }))}
        value={filters.gender ? String(filters.gender) : null}
        onChange={(value) => {
          const { gender: _g, ...rest } = filters;
          onChange(value ? { ...rest, gender: Number(value) as 1 | 2 | 3 } : rest);
        }}
      />

      <Select
        label={t('modality')}
        placeholder={t('anyModality')}
        clearable
        data={modalities.map((m) => ({ value: String(m.id), label: lang === 'es' ? m.name : m.en }))}
        value={filters.modality ? String(filters.modality) : null}
        onChange={(value) => {
          const { modality: _m, ...rest } = filters;
          onChange(value ? { ...rest, modality: Number(value) as 1 | 2 | 3 } : rest);
        }}
      />

      <Button variant="subtle" onClick={onClear} justify="flex-start" px={0}>
        {t('clearFilters')}
      </Button>
    </Stack>
  );
}
