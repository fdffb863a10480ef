import type { Booking } from '@agendo/contract';
import { Button, Group, Loader, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { panelTexts } from './panel-texts.ts';

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function dayLabel(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('es-AR', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1));
}

/**
 * spec 000 §2.7 re-booking calendar: free turns by day in 5-day windows (or the dated list), the
 * online/in-person choice when both exist, 'Reservar cita' and 'Cancelar'; the two info
 * messages of §8 when something is missing.
 */
export function RebookingCalendar({
  booking,
  onDone,
  onCancel,
}: {
  booking: Booking;
  onDone: () => void;
  onCancel: () => void;
}) {
  const tx = useTexts(panelTexts);
  const [window, setWindow] = useState<{ from?: string; move?: 1 | -1 }>({});
  const [chosen, setChosen] = useState<string | null>(null);
  const [modality, setModality] = useState<string | null>(
    booking.modalityId === 3 ? null : String(booking.modalityChosen),
  );
  const turns = useQuery({
    queryKey: ['find-turns', booking.publicationRef, window.from ?? '', window.move ?? 0],
    queryFn: () =>
      call('find-turns', {
        ref: booking.publicationRef,
        userTime: zone(),
        ...(window.from ? { from: window.from } : {}),
        ...(window.move ? { move: window.move } : {}),
      }),
    retry: false,
  });
  const move = useMutation({
    mutationFn: (startsAt: string) =>
      call('reschedule-booking', {
        ref: booking.id,
        startsAt,
        ...(booking.modalityId === 3 && modality ? { modality: Number(modality) as 1 | 2 } : {}),
      }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: tx('rescheduled') });
      onDone();
    },
    onError: (e) =>
      notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : tx('error') }),
  });

  const data = turns.data;
  const days =
    data?.typeTurn === 2
      ? [{ date: 'list', turns: data.turns }]
      : (data?.days ?? []).map((d) => ({ date: d.date, turns: d.turns }));

  const submit = () => {
    if (booking.modalityId === 3 && !modality) {
      notifications.show({ color: 'blue', message: tx('chooseModality') });
      return;
    }
    if (!chosen) {
      notifications.show({ color: 'blue', message: tx('chooseSlot') });
      return;
    }
    move.mutate(chosen);
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {tx('rebookTitle')}
      </Title>
      {booking.modalityId === 3 && (
        <Radio.Group value={modality} onChange={setModality}>
          <Group>
            <Radio value="1" label={tx('online')} />
            <Radio value="2" label={tx('inPerson')} />
          </Group>
        </Radio.Group>
      )}
      {data?.typeTurn !== 2 && (
        <Group justify="space-between">
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={!data?.hasPrevious}
            onClick={() => setWindow({ from: data?.from, move: -1 })}
          >
            {tx('previousDates')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={!data?.hasNext}
            onClick={() => setWindow({ from: data?.from, move: 1 })}
          >
            {tx('nextDates')}
          </Button>
        </Group>
      )}
      {turns.isPending ? (
        <Group justify="center" role="status">
          <Loader size="sm" />
        </Group>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: data?.typeTurn === 2 ? 1 : 3 }} spacing="xs">
          {days.map((day) => (
            <Stack key={day.date} gap={4}>
              {day.date !== 'list' && (
                <Text size="xs" fw={700} tt="capitalize">
                  {dayLabel(day.date)}
                </Text>
              )}
              {day.turns.length === 0 && (
                <Text size="xs" c="dimmed">
                  {tx('noTurns')}
                </Text>
              )}
              {day.turns.map((t) => (
                <Button
                  key={t.startsAt}
                  size="compact-sm"
                  variant={chosen === t.startsAt ? 'filled' : 'light'}
                  aria-pressed={chosen === t.startsAt}
                  aria-label={`${dayLabel(t.dateClient)}, ${t.hStartClient}`}
                  onClick={() => setChosen(t.startsAt)}
                >
                  {day.date === 'list' ? `${dayLabel(t.dateClient)} ${t.hStartClient}` : t.hStartClient}
                </Button>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Group>
        <Button onClick={submit} loading={move.isPending}>
          {tx('book')}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {tx('cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
