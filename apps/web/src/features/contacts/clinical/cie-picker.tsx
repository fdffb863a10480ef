import type { CieCode, CieResult } from '@agendo/contract';
import { Combobox, Group, Loader, Pill, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTexts } from '../../../i18n/use-texts.ts';
import { call } from '../../../lib/api.ts';
import { clinicalTexts } from './clinical-texts.ts';

interface Props {
  label: string;
  /** The chosen codes; single mode keeps at most one. */
  value: CieCode[];
  onChange(value: CieCode[]): void;
  multiple?: boolean;
  error?: string | undefined;
}

/**
 * spec 001 §2.5: the CIE-10 search sends the trimmed text on every key press (lightly
 * debounced) and says 'No se encontró ninguna coincidencia.' when nothing matches; only results
 * with a code can be added; in multiple mode each diagnosis is removable on its own.
 */
export function CiePicker({ label, value, onChange, multiple = false, error }: Props) {
  const tx = useTexts(clinicalTexts);
  const [text, setText] = useState('');
  const [results, setResults] = useState<CieResult[] | null>(null);
  const [loading, setLoading] = useState(false);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  useEffect(() => {
    const search = text.trim();
    if (search.length === 0) {
      setResults(null);
      return;
    }
    let current = true;
    setLoading(true);
    const timer = setTimeout(() => {
      call('find-code-cie', { search })
        .then((answer) => {
          if (current) setResults(answer.encontrado ? answer.results : []);
        })
        .catch(() => {
          if (current) setResults(null);
        })
        .finally(() => {
          if (current) setLoading(false);
        });
    }, 120);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);

  function add(code: string) {
    const result = results?.find((r) => r.code === code);
    if (!result?.code) return;
    const picked = { cie10Code: result.code, cie10Description: result.title };
    if (multiple) {
      if (!value.some((v) => v.cie10Code === picked.cie10Code)) onChange([...value, picked]);
    } else {
      onChange([picked]);
    }
    setText('');
    setResults(null);
    combobox.closeDropdown();
  }

  // Mantine's Combobox gives the suggestions role=listbox/option and moves
  // aria-activedescendant with the arrow keys, so a screen reader announces them as options.
  return (
    <Stack gap={6}>
      <Combobox store={combobox} onOptionSubmit={add} withinPortal={false}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            label={label}
            placeholder={tx('ciePlaceholder')}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              combobox.openDropdown();
              combobox.resetSelectedOption();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={loading ? <Loader size="xs" /> : null}
            error={error}
            role="combobox"
            autoComplete="off"
            data-field="cie10Code"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={results === null || results.length === 0}>
          <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
            {results?.map((result) => (
              <Combobox.Option
                key={result.id}
                value={result.code ?? result.id}
                disabled={!result.code}
                aria-label={tx('cieAdd', { code: `${result.code} ${result.title}` })}
                style={{ minHeight: 44 }}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Text fw={700} size="sm" miw={52}>
                    {result.code}
                  </Text>
                  <Text size="sm">{result.title}</Text>
                </Group>
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {value.length > 0 && (
        <Group gap={6}>
          {value.map((code) => (
            <Pill
              key={code.cie10Code}
              size="md"
              withRemoveButton
              onRemove={() => onChange(value.filter((v) => v.cie10Code !== code.cie10Code))}
              // Mantine hides the remove button from assistive tech; each diagnosis must be removable by keyboard.
              removeButtonProps={{
                'aria-label': tx('cieRemove', { code: code.cie10Code }),
                'aria-hidden': false,
                tabIndex: 0,
              }}
            >
              {code.cie10Code} {code.cie10Description}
            </Pill>
          ))}
        </Group>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {results !== null && results.length === 0 ? tx('cieNone') : null}
      </Text>
    </Stack>
  );
}
