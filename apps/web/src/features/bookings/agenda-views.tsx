import type { Booking } from '@agendo/contract';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconBan,
  IconChecks,
  IconCircleCheck,
  IconCoin,
  IconGift,
  IconHourglass,
  IconRepeat,
  IconTag,
  IconUsers,
} from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import classes from './agenda.module.css';
import {
  type AgendaState,
  agendaState,
  agendaStates,
  stateColour,
  stateTextColour,
  stateTextKey,
} from './agenda-state.ts';
import { capitalized, dayLabel, placeOf } from './agenda-time.ts';
import { bookingsTexts } from './bookings-texts.ts';

/** One block of the agenda: a single appointment, or every seat of a group slot. */
export interface AgendaItem {
  key: string;
  booking: Booking;
  /** Seats booked in a group slot (1 for individual appointments). */
  count: number;
  state: AgendaState;
  day: string;
  minutes: number;
  hour: string;
  end: string;
}

/** Places the appointments in the professional's zone and folds a group slot into one block. */
export function toAgendaItems(bookings: Booking[], zone: string): AgendaItem[] {
  const items: AgendaItem[] = [];
  const groups = new Map<string, AgendaItem>();
  for (const booking of bookings) {
    const place = placeOf(booking, zone);
    if (booking.groupId && booking.state !== 'cancelled') {
      const existing = groups.get(booking.groupId);
      if (existing) {
        existing.count += 1;
        continue;
      }
    }
    const item: AgendaItem = { key: booking.id, booking, count: 1, state: agendaState(booking), ...place };
    if (booking.groupId && booking.state !== 'cancelled') groups.set(booking.groupId, item);
    items.push(item);
  }
  return items.sort((a, b) => a.day.localeCompare(b.day) || a.minutes - b.minutes);
}

const stateIcons: Record<AgendaState, typeof IconCoin> = {
  paid: IconCircleCheck,
  unpaid: IconCoin,
  priceToSet: IconTag,
  priceWaiting: IconHourglass,
  free: IconGift,
  done: IconChecks,
  cancelled: IconBan,
};

export function StateIcon({ state, size = 14 }: { state: AgendaState; size?: number }) {
  const Icon = stateIcons[state];
  return <Icon size={size} aria-hidden style={{ flex: 'none' }} />;
}

const chipStyle = (state: AgendaState): CSSProperties =>
  ({
    '--chip-bg': `var(--mantine-color-${stateColour[state]}-0)`,
    '--chip-border': `var(--mantine-color-${stateColour[state]}-7)`,
    '--chip-text': stateTextColour,
  }) as CSSProperties;

/** An appointment block: hour, client (or participant count), title, and its state in words. */
export function AppointmentChip({
  item,
  onOpen,
  compact = false,
}: {
  item: AgendaItem;
  onOpen: (ref: string) => void;
  compact?: boolean;
}) {
  const tx = useTexts(bookingsTexts);
  const lang = useLang();
  const { booking } = item;
  const who = item.count > 1 || booking.groupId ? tx('groupCount', { n: item.count }) : booking.clientName;
  const stateText = tx(stateTextKey[item.state]);
  return (
    <button
      type="button"
      className={`${classes.chip} ${item.state === 'cancelled' ? classes.cancelled : ''}`}
      style={chipStyle(item.state)}
      data-state={item.state}
      aria-label={`${item.hour} ${who}, ${booking.title}, ${stateText}, ${dayLabel(item.day, lang)}`}
      onClick={() => onOpen(booking.id)}
    >
      <Group gap={4} wrap="nowrap">
        <StateIcon state={item.state} />
        <Text span fz="xs" fw={700}>
          {item.hour}
        </Text>
        <Text span fz="xs" fw={600} truncate>
          {who}
        </Text>
        {booking.groupId && <IconUsers size={12} aria-hidden style={{ flex: 'none' }} />}
        {booking.recurrent === 1 && <IconRepeat size={12} aria-hidden style={{ flex: 'none' }} />}
      </Group>
      {!compact && (
        <>
          <Text fz="xs" truncate>
            {booking.title}
          </Text>
          <Text fz={11} truncate>
            {stateText}
          </Text>
        </>
      )}
    </button>
  );
}

/** The legend: every state with its colour, icon and name. */
export function StateLegend() {
  const tx = useTexts(bookingsTexts);
  return (
    <Group component="ul" gap="xs" aria-label={tx('legend')} p={0} m={0} style={{ listStyle: 'none' }}>
      {agendaStates.map((state) => (
        <li key={state}>
          <Badge
            variant="light"
            color={stateColour[state]}
            radius="sm"
            leftSection={<StateIcon state={state} size={12} />}
            styles={{
              root: { color: stateTextColour, textTransform: 'none' },
            }}
          >
            {tx(stateTextKey[state])}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

const hourPx = 48;

/** Lanes so that overlapping appointments of a day sit side by side. */
function lanes(items: AgendaItem[]): Map<string, { lane: number; of: number }> {
  const out = new Map<string, { lane: number; of: number }>();
  let cluster: { item: AgendaItem; lane: number }[] = [];
  let clusterEnd = -1;
  const flush = () => {
    const of = Math.max(1, ...cluster.map((c) => c.lane + 1));
    for (const c of cluster) out.set(c.item.key, { lane: c.lane, of });
    cluster = [];
  };
  for (const item of items) {
    const end = item.minutes + Math.max(item.booking.duration, 15);
    if (item.minutes >= clusterEnd) {
      flush();
      clusterEnd = -1;
    }
    const used = new Set(
      cluster
        .filter((c) => c.item.minutes + Math.max(c.item.booking.duration, 15) > item.minutes)
        .map((c) => c.lane),
    );
    let lane = 0;
    while (used.has(lane)) lane++;
    cluster.push({ item, lane });
    clusterEnd = Math.max(clusterEnd, end);
  }
  flush();
  return out;
}

/** Day and week views on a wide screen: one column per day, appointments placed by hour. */
export function TimeGrid({
  days,
  items,
  today,
  onOpen,
}: {
  days: string[];
  items: AgendaItem[];
  today: string;
  onOpen: (ref: string) => void;
}) {
  const lang = useLang();
  const tx = useTexts(bookingsTexts);
  const first = Math.min(8, ...items.map((i) => Math.floor(i.minutes / 60)));
  const last = Math.max(20, ...items.map((i) => Math.ceil((i.minutes + i.booking.duration) / 60)));
  const startHour = Math.max(0, first);
  const endHour = Math.min(24, last);
  const height = (endHour - startHour) * hourPx;
  const hours: number[] = [];
  for (let h = startHour; h < endHour; h++) hours.push(h);
  return (
    <div className={classes.grid} style={{ '--days': days.length } as CSSProperties}>
      <div className={classes.head} aria-hidden />
      {days.map((day) => (
        <div key={day} className={`${classes.head} ${day === today ? classes.today : ''}`}>
          {capitalized(dayLabel(day, lang))}
        </div>
      ))}
      <div className={classes.hours} style={{ height }} aria-hidden>
        {hours.map((h) => (
          <span key={h} className={classes.hourLabel} style={{ top: (h - startHour) * hourPx + 8 }}>
            {String(h).padStart(2, '0')}:00
          </span>
        ))}
      </div>
      {days.map((day) => {
        const own = items.filter((i) => i.day === day);
        const laneOf = lanes(own);
        return (
          <section
            key={day}
            className={classes.column}
            style={{ height, '--hour': `${hourPx}px` } as CSSProperties}
            aria-label={tx('appointmentsOf', { day: dayLabel(day, lang) })}
            data-day={day}
          >
            {own.map((item) => {
              const lane = laneOf.get(item.key) ?? { lane: 0, of: 1 };
              const top = ((item.minutes - startHour * 60) / 60) * hourPx;
              const h = Math.max((item.booking.duration / 60) * hourPx, 26);
              return (
                <div
                  key={item.key}
                  className={classes.placed}
                  data-start={item.hour}
                  style={{
                    top,
                    height: h,
                    left: `${(lane.lane / lane.of) * 100}%`,
                    width: `${100 / lane.of}%`,
                  }}
                >
                  <AppointmentChip item={item} onOpen={onOpen} compact={h < 60} />
                </div>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}

/** Day and week views on a phone: the days as headed lists (spec: 375 px must be usable). */
export function DayList({
  days,
  items,
  today,
  onOpen,
  emptyText,
}: {
  days: string[];
  items: AgendaItem[];
  today: string;
  onOpen: (ref: string) => void;
  emptyText: string;
}) {
  const lang = useLang();
  const tx = useTexts(bookingsTexts);
  // A week on a phone lists only the days with appointments (and today); an empty week says so once, below.
  const shown =
    days.length === 1
      ? days
      : items.length === 0
        ? []
        : days.filter((d) => items.some((i) => i.day === d) || d === today);
  return (
    <Stack gap="md">
      {shown.map((day) => {
        const own = items.filter((i) => i.day === day);
        return (
          <section key={day} aria-label={tx('appointmentsOf', { day: dayLabel(day, lang) })} data-day={day}>
            <Title order={3} fz="md" mb={6} c={day === today ? 'brand.8' : undefined}>
              {capitalized(dayLabel(day, lang, 'long'))}
            </Title>
            {own.length === 0 ? (
              <Text c="dimmed" fz="sm">
                {emptyText}
              </Text>
            ) : (
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {own.map((item) => (
                  <li key={item.key}>
                    <AppointmentChip item={item} onOpen={onOpen} />
                  </li>
                ))}
              </Stack>
            )}
          </section>
        );
      })}
    </Stack>
  );
}

/** Month view: whole weeks; a day shows its first appointments (phones: how many) and opens the day. */
export function MonthGrid({
  days,
  month,
  items,
  today,
  phone,
  onOpen,
  onDay,
}: {
  days: string[];
  month: string;
  items: AgendaItem[];
  today: string;
  phone: boolean;
  onOpen: (ref: string) => void;
  onDay: (day: string) => void;
}) {
  const lang = useLang();
  const tx = useTexts(bookingsTexts);
  const weekdays = days
    .slice(0, 7)
    .map((d) => capitalized(dayLabel(d, lang).split(' ')[0] ?? '').slice(0, 3));
  const limit = 3;
  return (
    <div className={classes.month}>
      {weekdays.map((w) => (
        <div key={w} className={classes.head}>
          {w}
        </div>
      ))}
      {days.map((day) => {
        const own = items.filter((i) => i.day === day);
        const cell: ReactNode = phone ? (
          own.length > 0 && (
            <Badge size="sm" variant="light" aria-hidden>
              {own.length}
            </Badge>
          )
        ) : (
          <>
            {own.slice(0, limit).map((item) => (
              <AppointmentChip key={item.key} item={item} onOpen={onOpen} compact />
            ))}
            {own.length > limit && (
              <Text fz="xs" c="dimmed">
                {tx('more', { n: own.length - limit })}
              </Text>
            )}
          </>
        );
        return (
          <div
            key={day}
            className={`${classes.monthCell} ${day.slice(0, 7) === month ? '' : classes.outside}`}
            data-day={day}
          >
            <button
              type="button"
              className={`${classes.dayNumber} ${day === today ? classes.today : ''}`}
              aria-label={`${tx('openDay', { day: dayLabel(day, lang, 'long') })}${own.length ? ` (${tx('dayCount', { n: own.length })})` : ''}`}
              onClick={() => onDay(day)}
            >
              {Number(day.slice(8))}
            </button>
            {cell}
          </div>
        );
      })}
    </div>
  );
}

export function AgendaSkeletonNote({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      {children}
    </Paper>
  );
}
