import type { CieCode, CieResult } from '@agendo/contract';
import { Group, Loader, Paper, Pill, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
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
  const listId = useId();

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

  function add(result: CieResult) {
    if (!result.code) return;
    const picked = { cie10Code: result.code, cie10Description: result.title };
    if (multiple) {
      if (!value.some((v) => v.cie10Code === picked.cie10Code)) onChange([...value, picked]);
    } else {
      onChange([picked]);
    }
    setText('');
    setResults(null);
  }

  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        placeholder={tx('ciePlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={loading ? <Loader size="xs" /> : null}
        error={error}
        aria-controls={listId}
        autoComplete="off"
        data-field="cie10Code"
      />
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
      <div id={listId} aria-live="polite">
        {results !== null && results.length === 0 && (
          <Text size="sm" c="dimmed">
            {tx('cieNone')}
          </Text>
        )}
        {results !== null && results.length > 0 && (
          <Paper withBorder p={4} mah={240} style={{ overflowY: 'auto' }}>
            {results.map((result) => (
              <UnstyledButton
                key={result.id}
                onClick={() => add(result)}
                disabled={!result.code}
                aria-label={tx('cieAdd', { code: `${result.code} ${result.title}` })}
                w="100%"
                p="xs"
                style={{ display: 'block', minHeight: 44, borderRadius: 6 }}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Text fw={700} size="sm" miw={52}>
                    {result.code}
                  </Text>
                  <Text size="sm">{result.title}</Text>
                </Group>
              </UnstyledButton>
            ))}
          </Paper>
        )}
      </div>
    </Stack>
  );
}
