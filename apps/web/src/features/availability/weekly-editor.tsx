import { minutesOf, type WeeklyRange } from '@agendo/contract';
import * as availabilityActions from '@agendo/contract/availability';
import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconAlertCircle, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { errorText } from '../../lib/error-text.ts';
import { availabilityTexts, weekdayNames } from './availability-texts.ts';
import classes from './weekly-editor.module.css';

interface Row {
  key: number;
  weekday: number;
  start: string;
  end: string;
}

let nextKey = 1;
const toRow = (r: WeeklyRange): Row => ({
  key: nextKey++,
  weekday: r.weekday,
  start: r.start,
  // A range to midnight is stored as '24:00'; the time input shows it as 00:00.
  end: r.end === '24:00' ? '00:00' : r.end,
});
const toRange = (r: Row): WeeklyRange => ({
  weekday: r.weekday,
  start: r.start,
  end: r.end === '00:00' ? '24:00' : r.end,
});

/**
 * Start times a range gives with turns of `duration` minutes (wall clock; on the day of a
 * daylight-saving change the server may drop an hour that does not exist).
 */
export function previewStarts(start: string, end: string, duration: number): string[] {
  if (!/^\d{2}:\d{2}$/.test(start) || !/^\d{2}:\d{2}$/.test(end) || duration <= 0) return [];
  const from = minutesOf(start);
  const to = end === '00:00' ? 1440 : minutesOf(end);
  const out: string[] = [];
  for (let t = from; t + duration <= to; t += duration) {
    out.push(`${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`);
  }
  return out;
}

/** A new range for a day: after its last one, or 09:00–13:00. */
function nextRange(rows: Row[], weekday: number, duration: number): Row {
  const last = rows.filter((r) => r.weekday === weekday).at(-1);
  if (!last || last.end === '00:00') return toRow({ weekday, start: '09:00', end: '13:00' });
  const start = minutesOf(last.end);
  const end = Math.min(start + Math.max(duration, 60) * 2, 1440);
  const hhmm = (m: number) =>
    m >= 1440 ? '24:00' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return toRow({ weekday, start: hhmm(start), end: hhmm(end) });
}

export interface WeeklyEditorProps {
  initial: WeeklyRange[];
  /** Minutes of one turn of the publication. */
  duration: number;
  saving: boolean;
  /** Saves the whole week; rejects with the server's error text to show. */
  onSave: (rules: WeeklyRange[]) => Promise<void>;
}

/** The weekly rules editor of edit-turns-recurrents: 7 days, ranges per day, copy, preview. */
export function WeeklyEditor({ initial, duration, saving, onSave }: WeeklyEditorProps) {
  const t = useTexts(availabilityTexts);
  const lang = useLang();
  const days = weekdayNames[lang];
  const [rows, setRows] = useState<Row[]>(() => initial.map(toRow));
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [copyFrom, setCopyFrom] = useState<number | null>(null);

  function update(key: number, change: Partial<Row>) {
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
    setRowErrors(({ [key]: _gone, ...rest }) => rest);
  }

  function copyDay(weekday: number, targets: number[]) {
    setRows((all) => {
      const source = all.filter((r) => r.weekday === weekday);
      const kept = all.filter((r) => !targets.includes(r.weekday));
      const copies = targets.flatMap((day) => source.map((r) => ({ ...r, key: nextKey++, weekday: day })));
      return [...kept, ...copies].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
    });
    setCopyFrom(null);
  }

  /** Checks the week with the contract's own rules (and the duration, E6) before saving. */
  function validate(ranges: WeeklyRange[]): boolean {
    const errors: Record<number, string> = {};
    const parsed = availabilityActions.saveTurnsRecurrent.input.safeParse({
      ref: 'preview-ref',
      rules: ranges,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const index = issue.path[1];
        const row = typeof index === 'number' ? rows[index] : undefined;
        if (row && !errors[row.key])
          errors[row.key] = errorText(availabilityActions.saveTurnsRecurrent, issue.message, lang) ?? '';
      }
    }
    ranges.forEach((range, i) => {
      const row = rows[i];
      if (row && !errors[row.key] && minutesOf(range.end) - minutesOf(range.start) < duration) {
        errors[row.key] = errorText(availabilityActions.saveTurnsRecurrent, 'E6', lang) ?? '';
      }
    });
    setRowErrors(errors);
    return Object.keys(errors).length === 0;
  }

  async function save() {
    setFormError(null);
    const ranges = rows.map(toRange);
    if (!validate(ranges)) return;
    try {
      await onSave(ranges);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <Stack gap="md">
      {rows.length === 0 && (
        <Alert color="brand" variant="light" role="status">
          {t('emptyWeek')}
        </Alert>
      )}
      {days.map((dayName, index) => {
        const weekday = index + 1;
        return (
          <DayCard
            key={weekday}
            dayName={dayName}
            rows={rows.filter((r) => r.weekday === weekday)}
            errors={rowErrors}
            duration={duration}
            onAdd={() => setRows((all) => [...all, nextRange(all, weekday, duration)])}
            onRemove={(key) => setRows((all) => all.filter((r) => r.key !== key))}
            onChange={update}
            onCopy={() => setCopyFrom(weekday)}
          />
        );
      })}
      {formError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {formError}
        </Alert>
      )}
      <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)">
        <Button size="md" onClick={save} loading={saving} fullWidth={false}>
          {t('save')}
        </Button>
      </Group>
      <CopyDayModal
        weekday={copyFrom}
        dayNames={days}
        onClose={() => setCopyFrom(null)}
        onCopy={(targets) => copyFrom !== null && copyDay(copyFrom, targets)}
      />
    </Stack>
  );
}

/** One end of a range ('Desde' or 'Hasta'), half of the row each. */
function RangeEnd({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  return (
    <TimeInput
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={invalid}
      style={{ flex: 1, minWidth: 0 }}
      classNames={{ input: classes.time }}
      size="md"
    />
  );
}

function DayCard({
  dayName,
  rows,
  errors,
  duration,
  onAdd,
  onRemove,
  onChange,
  onCopy,
}: {
  dayName: string;
  rows: Row[];
  errors: Record<number, string>;
  duration: number;
  onAdd: () => void;
  onRemove: (key: number) => void;
  onChange: (key: number, change: Partial<Row>) => void;
  onCopy: () => void;
}) {
  const t = useTexts(availabilityTexts);
  const headingId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id={headingId} tt="capitalize">
            {dayName}
          </Title>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={onCopy}
            disabled={rows.length === 0}
            aria-label={`${t('copyDay')} (${dayName})`}
          >
            {t('copyDay')}
          </Button>
        </Group>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('noRanges')}
          </Text>
        )}
        {rows.map((row, i) => {
          const starts = previewStarts(row.start, row.end, duration);
          const error = errors[row.key];
          return (
            <Stack key={row.key} gap={4} role="group" aria-label={t('rangeOf', { n: i + 1, day: dayName })}>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <RangeEnd
                  label={t('from')}
                  value={row.start}
                  onChange={(start) => onChange(row.key, { start })}
                  invalid={Boolean(error)}
                />
                <RangeEnd
                  label={t('to')}
                  value={row.end}
                  onChange={(end) => onChange(row.key, { end })}
                  invalid={Boolean(error)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  style={{ flexShrink: 0 }}
                  onClick={() => onRemove(row.key)}
                  aria-label={t('removeRange', { from: row.start, to: row.end, day: dayName })}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              </Group>
              {error ? (
                <Text size="sm" c="red.8" role="alert">
                  {error}
                </Text>
              ) : (
                <Text size="xs" c="dimmed">
                  {starts.length > 0 ? t('preview', { list: starts.join(' · ') }) : t('previewNone')}
                </Text>
              )}
            </Stack>
          );
        })}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onAdd}
          aria-label={`${t('addRange')} (${dayName})`}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('addRange')}
        </Button>
      </Stack>
    </Paper>
  );
}

function CopyDayModal({
  weekday,
  dayNames,
  onClose,
  onCopy,
}: {
  weekday: number | null;
  dayNames: readonly string[];
  onClose: () => void;
  onCopy: (targets: number[]) => void;
}) {
  const t = useTexts(availabilityTexts);
  const [targets, setTargets] = useState<string[]>([]);
  const day = weekday ? (dayNames[weekday - 1] ?? '') : '';
  return (
    <Modal
      opened={weekday !== null}
      onClose={() => {
        setTargets([]);
        onClose();
      }}
      title={t('copyTitle', { day })}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('copyHint', { day })}</Text>
        <Checkbox.Group value={targets} onChange={setTargets} label={t('copyDay')}>
          <Stack gap="xs" mt="xs">
            {dayNames.map((name, i) =>
              i + 1 === weekday ? null : (
                <Checkbox key={name} value={String(i + 1)} label={name} tt="capitalize" />
              ),
            )}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            disabled={targets.length === 0}
            onClick={() => {
              onCopy(targets.map(Number));
              setTargets([]);
            }}
          >
            {t('copy')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
