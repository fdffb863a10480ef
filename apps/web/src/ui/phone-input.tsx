import { preferredPhoneCountries } from '@agendo/contract';
import { Combobox, Group, Input, InputBase, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useId, useMemo, useState } from 'react';
import { useLang, useT } from '../i18n/use-t.ts';
import { useTexts } from '../i18n/use-texts.ts';
import { callingCodeOf, countryOfPhone, type PhoneCountry, phoneCountries } from './phone.ts';
import { phoneInputTexts } from './phone-input-texts.ts';

interface Props {
  /** International text (`+54 9 11 …`) or E.164; empty when there is no number. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  defaultCountry?: string | undefined;
  disabled?: boolean;
}

/** spec 002 §8: phone with country flags, preferred countries first. */
export function PhoneInput({ value, onChange, error, defaultCountry = 'ar', disabled }: Props) {
  const t = useT();
  const tp = useTexts(phoneInputTexts);
  const lang = useLang();
  const id = useId();
  const errorId = `${id}-error`;
  const [country, setCountry] = useState(() => countryOfPhone(value) ?? defaultCountry);
  const [search, setSearch] = useState('');
  const countries = useMemo(() => phoneCountries(lang), [lang]);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });

  const code = callingCodeOf(country);
  const prefix = `+${code}`;
  const national = value.startsWith(prefix) ? value.slice(prefix.length).trimStart() : '';
  const current = countries.find((c) => c.iso2 === country);

  const emit = (nextCode: string, nextNational: string) =>
    onChange(nextNational.trim() ? `+${nextCode} ${nextNational}` : '');

  const needle = search.trim().toLowerCase();
  const matches = (c: PhoneCountry) =>
    !needle || c.name.toLowerCase().includes(needle) || c.callingCode.startsWith(needle.replace('+', ''));
  const preferred = preferredPhoneCountries
    .map((iso) => countries.find((c) => c.iso2 === iso))
    .filter((c): c is PhoneCountry => c !== undefined && matches(c));
  const rest = countries
    .filter((c) => !(preferredPhoneCountries as readonly string[]).includes(c.iso2) && matches(c))
    .sort((a, b) => a.name.localeCompare(b.name, lang));

  const option = (c: PhoneCountry) => (
    <Combobox.Option value={c.iso2} key={c.iso2} active={c.iso2 === country}>
      <Group gap="xs" wrap="nowrap">
        <span aria-hidden>{c.flag}</span>
        <Text size="sm" style={{ flex: 1 }}>
          {c.name}
        </Text>
        <Text size="sm" c="dimmed">
          +{c.callingCode}
        </Text>
      </Group>
    </Combobox.Option>
  );

  return (
    <Input.Wrapper label={tp('phone.label')} id={id} error={error} errorProps={{ id: errorId }} size="md">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Combobox
          store={combobox}
          width={300}
          position="bottom-start"
          disabled={disabled}
          onOptionSubmit={(iso) => {
            setCountry(iso);
            emit(callingCodeOf(iso), national);
            combobox.closeDropdown();
          }}
        >
          <Combobox.Target targetType="button">
            <InputBase
              component="button"
              type="button"
              size="md"
              pointer
              w={116}
              disabled={disabled}
              rightSection={<Combobox.Chevron />}
              rightSectionPointerEvents="none"
              onClick={() => combobox.toggleDropdown()}
              aria-label={`${tp('phone.country')} (${current?.name ?? country} +${code})`}
            >
              <span aria-hidden>{current?.flag}</span> +{code}
            </InputBase>
          </Combobox.Target>
          <Combobox.Dropdown>
            <Combobox.Search
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              placeholder={t('field.search')}
              aria-label={t('field.search')}
            />
            <Combobox.Options>
              <ScrollArea.Autosize mah={280} type="auto">
                {preferred.length > 0 && (
                  <Combobox.Group label={tp('phone.preferred')}>{preferred.map(option)}</Combobox.Group>
                )}
                {rest.length > 0 && (
                  <Combobox.Group label={tp('phone.all')}>{rest.map(option)}</Combobox.Group>
                )}
                {preferred.length + rest.length === 0 && (
                  <Combobox.Empty>{t('field.nothingFound')}</Combobox.Empty>
                )}
              </ScrollArea.Autosize>
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        <Input
          id={id}
          size="md"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          style={{ flex: 1 }}
          value={national}
          disabled={disabled}
          error={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => emit(code, event.currentTarget.value.replace(/[^\d\s()-]/g, ''))}
        />
      </Group>
    </Input.Wrapper>
  );
}
