import { findTurnsErrors, type OutputOf, type Turn } from '@agendo/contract';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconClockOff, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { zoneLabel, zoneLabelPlain } from '../../lib/time-zone-label.ts';
import { EmptyNote } from '../../ui/list-page.tsx';
import classes from './booking-picker.module.css';
import { storefrontTexts } from './storefront-texts.ts';

// find-turns' error texts without its schemas: the service page carries no zod (issue 13).
const findTurns = { errors: findTurnsErrors };

type TurnsAnswer = OutputOf<'find-turns'>;
const toastMs = 10_000;

/** The viewer's IANA zone; slots are shown in it (ARCHITECTURE §3: both local times are derived). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

// One formatter per language: building one costs far more than using it (issue 13).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(lang: string): Intl.DateTimeFormat {
  let format = dayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    dayFormats.set(lang, format);
  }
  return format;
}

const turnsKey = (ref: string, from: string | null, userTime: string) =>
  ['find-turns', ref, from ?? 'start', userTime] as const;

interface DayGroup {
  date: string;
  turns: Turn[];
}

/** Every turn of an answer: the days of a weekly window, or the dated list. */
export function turnsOf(answer: TurnsAnswer): Turn[] {
  return answer.typeTurn === 1 && answer.days.length > 0 ? answer.days.flatMap((d) => d.turns) : answer.turns;
}

/**
 * Slots grouped by the viewer's calendar day. The window's days come from the professional's
 * calendar; a viewer in another zone may see a slot fall on the day before or after, so the
 * viewer's days are the union of both.
 */
export function groupByViewerDay(answer: TurnsAnswer): DayGroup[] {
  const byDate = new Map<string, Turn[]>();
  if (answer.typeTurn === 1) for (const day of answer.days) byDate.set(day.date, []);
  for (const turn of turnsOf(answer)) {
    const list = byDate.get(turn.dateClient) ?? [];
    list.push(turn);
    byDate.set(turn.dateClient, list);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, turns]) => ({
      date,
      turns: turns.sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
    }));
}

/**
 * Two zone names can be the same clock ('America/Buenos_Aires' is an alias of
 * 'America/Argentina/Buenos_Aires'); compare what they show now, not their names.
 */
function sameClock(a: string, b: string): boolean {
  if (a === b) return true;
  const now = new Date();
  const clock = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    }).format(now);
  try {
    return clock(a) === clock(b);
  } catch {
    return false; // an unknown zone name
  }
}

/** The professional's hour is worth showing only when it differs from the viewer's. */
function differsForViewer(turn: Turn): boolean {
  return turn.hStart !== turn.hStartClient || turn.date !== turn.dateClient;
}

export interface BookingPickerProps {
  publicationRef: string;
  onBook: (turn: Turn, answer: TurnsAnswer) => void;
  booking?: boolean;
}

/** Moves the weekly window a page back (-1) or on (1); spins while that page loads. */
function PageButton({
  step,
  page,
  paging,
  label,
  aria,
}: {
  step: 1 | -1;
  page: (step: 1 | -1) => void;
  paging: 1 | -1 | null;
  label: string;
  aria: string;
}) {
  const icon =
    step === 1 ? <IconChevronRight size={18} aria-hidden /> : <IconChevronLeft size={18} aria-hidden />;
  return (
    <Button
      variant="default"
      size="sm"
      h={44}
      px="sm"
      leftSection={step === -1 ? icon : undefined}
      rightSection={step === 1 ? icon : undefined}
      onClick={() => page(step)}
      loading={paging === step}
      aria-label={aria}
    >
      {label}
    </Button>
  );
}

/** spec 000 §2.7: 5-day windows with previous/next (typeTurn 1) or the sorted dated list (typeTurn 2). */
export function BookingPicker({ publicationRef, onBook, booking = false }: BookingPickerProps) {
  const t = useTexts(storefrontTexts);
  const lang = useLang();
  const client = useQueryClient();
  const [userTime] = useState(viewerTimeZone);
  const [from, setFrom] = useState<string | null>(null);
  const [paging, setPaging] = useState<1 | -1 | null>(null);
  const [selected, setSelected] = useState<Turn | null>(null);

  const query = useQuery({
    queryKey: turnsKey(publicationRef, from, userTime),
    queryFn: () => call('find-turns', { ref: publicationRef, ...(from ? { from } : {}), userTime }),
    staleTime: 30_000,
  });
  const answer = query.data;

  function dateToast(code: 'E3' | 'E4') {
    // spec 000 §8: 'Fechas no disponibles.' / 'Próximas fechas no disponibles.' as info toasts.
    notifications.show({
      color: 'blue',
      message: errorText(findTurns, code, lang),
      autoClose: toastMs,
    });
  }

  async function page(move: 1 | -1) {
    if (!answer || paging) return;
    if (move === -1 && !answer.hasPrevious) return dateToast('E3');
    if (move === 1 && !answer.hasNext) return dateToast('E4');
    setPaging(move);
    try {
      const next = await call('find-turns', { ref: publicationRef, from: answer.from, move, userTime });
      client.setQueryData(turnsKey(publicationRef, next.from, userTime), next);
      setFrom(next.from);
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'E3' || error.code === 'E4')) dateToast(error.code);
      else showApiError(findTurns, error, lang);
    } finally {
      setPaging(null);
    }
  }

  // A calendar day ('2026-11-25'), named in UTC so no zone can move it to the day before.
  const dayLabel = (date: string) => dayFormat(lang).format(new Date(`${date}T00:00:00Z`));

  return (
    <Stack gap="md" component="section" aria-labelledby="picker-title">
      <Title order={2} id="picker-title" fz="h3">
        {t('pickerTitle')}
      </Title>
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={20} width="60%" />
          <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="xs">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={120} radius="md" />
            ))}
          </SimpleGrid>
        </Stack>
      ) : query.isError || !answer ? (
        <Alert color="red" title={t('turnsError')}>
          <Button variant="light" color="red" mt="xs" onClick={() => query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : answer.unavailable ? (
        <EmptyNote
          icon={<IconClockOff size={32} aria-hidden color="var(--mantine-color-gray-6)" />}
          title={answer.unavailable}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {sameClock(answer.timezone, answer.userTime)
              ? t('timesIn', { zone: zoneLabelPlain(answer.userTime, lang) })
              : t('timesInBoth', {
                  zone: zoneLabelPlain(answer.userTime, lang),
                  prof: zoneLabel(answer.timezone, lang),
                })}
          </Text>
          {answer.qtySessions > 1 && (
            <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
              {t('multiSession', { n: answer.qtySessions })}
            </Alert>
          )}
          {answer.typeTurn === 1 && (
            <Stack gap={6}>
              <Text size="sm" fw={600} ta="center" data-testid="window-range" aria-live="polite">
                {dayLabel(answer.from)} – {dayLabel(answer.to)}
              </Text>
              <Group justify="space-between" wrap="nowrap">
                <PageButton
                  step={-1}
                  page={page}
                  paging={paging}
                  label={t('previous')}
                  aria={t('previousDates')}
                />
                <PageButton step={1} page={page} paging={paging} label={t('next')} aria={t('nextDates')} />
              </Group>
            </Stack>
          )}
          <TurnGroups answer={answer} selected={selected} onSelect={setSelected} dayLabel={dayLabel} />
          {/* On a phone the day groups stack, so the button stays in view under the slots. */}
          <div className={classes.bookBar}>
            <Button
              size="lg"
              className={classes.bookButton}
              loading={booking}
              onClick={() => {
                // spec 000 §5, §8: no slot chosen → the info toast 'Debes seleccionar un horario.'
                if (selected) onBook(selected, answer);
                else notifications.show({ color: 'blue', message: t('slotRequired'), autoClose: toastMs });
              }}
            >
              {t('book')}
            </Button>
          </div>
        </>
      )}
    </Stack>
  );
}

function TurnGroups({
  answer,
  selected,
  onSelect,
  dayLabel,
}: {
  answer: TurnsAnswer;
  selected: Turn | null;
  onSelect: (turn: Turn) => void;
  dayLabel: (date: string) => string;
}) {
  const t = useTexts(storefrontTexts);
  const lang = useLang();
  const groups = groupByViewerDay(answer);
  if (turnsOf(answer).length === 0) {
    return (
      <Paper withBorder radius="md" p="lg" ta="center">
        <Text c="dimmed">{answer.typeTurn === 1 ? t('noTurnsWindow') : t('noTurns')}</Text>
      </Paper>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, sm: answer.typeTurn === 1 ? Math.min(groups.length, 6) : 2 }}
      spacing="xs"
      role="list"
      aria-label={t('pickerTitle')}
    >
      {groups.map((group) => (
        <Paper key={group.date} withBorder radius="md" p="xs" role="listitem">
          <Text fw={600} size="sm" mb={6} tt="capitalize">
            {dayLabel(group.date)}
          </Text>
          {group.turns.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('noTurnsDay')}
            </Text>
          ) : (
            <div className={classes.slots}>
              {group.turns.map((turn) => {
                const isSelected = selected?.startsAt === turn.startsAt;
                return (
                  <UnstyledButton
                    key={turn.startsAt}
                    className={classes.slot}
                    data-selected={isSelected || undefined}
                    aria-pressed={isSelected}
                    onClick={() => onSelect(turn)}
                    aria-label={t('slotLabel', {
                      date: dayLabel(turn.dateClient),
                      hour: turn.hStartClient,
                    })}
                  >
                    <span className={classes.hour}>{turn.hStartClient}</span>
                    {differsForViewer(turn) && (
                      <span className={classes.profHour}>
                        {t('profHour', { hour: turn.hStart, zone: zoneLabel(answer.timezone, lang) })}
                      </span>
                    )}
                    {answer.groupCapacity > 1 && (
                      <span className={classes.profHour}>{t('seatsLeft', { n: turn.seatsLeft })}</span>
                    )}
                  </UnstyledButton>
                );
              })}
            </div>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
