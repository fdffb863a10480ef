import type { DatedTurn } from '@agendo/contract';
import * as availabilityActions from '@agendo/contract/availability';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconCalendarOff, IconPlus, IconTrash } from '@tabler/icons-react';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { AvailabilityFrame, LoadError, LoadingState, RequireLogin } from './availability-frame.tsx';
import { availabilityTexts } from './availability-texts.ts';
import { capitalized, longDate, todayLocal } from './format-dates.ts';
import { useDatedTurns, useSaveDatedTurns } from './use-availability.ts';

export function EditTurnsPage() {
  const { ref = '' } = useParams();
  return (
    <RequireLogin>
      <DatedTurnsScreen publicationRef={ref} />
    </RequireLogin>
  );
}

function DatedTurnsScreen({ publicationRef: ref }: { publicationRef: string }) {
  const t = useTexts(availabilityTexts);
  const lang = useLang();
  const { to } = usePrefix();
  const query = useDatedTurns(ref);
  const save = useSaveDatedTurns(ref);
  const [toDelete, setToDelete] = useState<DatedTurn | null>(null);
  const data = query.data;
  const when = (turn: DatedTurn) => `${longDate(turn.date, lang)} · ${turn.hStart}`;

  async function remove(turn: DatedTurn) {
    if (!data) return;
    const rest = data.turns.filter((x) => x.ref !== turn.ref).map(({ date, hStart }) => ({ date, hStart }));
    try {
      await save.mutateAsync(rest);
      notifications.show({ color: 'teal', message: t('turnDeleted'), autoClose: 10000 });
    } catch (error) {
      if (!(error instanceof ApiError && error.isNetwork)) {
        notifications.show({
          color: 'red',
          message: apiErrorText(availabilityActions.saveTurns, error, lang),
          autoClose: 10000,
        });
      }
    } finally {
      setToDelete(null);
    }
  }

  return (
    <AvailabilityFrame title={t('datedTitle')} subtitle={data?.title} timezone={data?.timezone}>
      {query.isPending && <LoadingState />}
      {query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />}
      {data && (
        <>
          <Text size="sm" c="dimmed">
            {t('duration', { minutes: data.duration })}
          </Text>
          {data.typeTurn !== 2 && (
            <Alert color="yellow" variant="light">
              <Text size="sm">{t('otherTypeDated')}</Text>
              <Anchor component={Link} to={to(`edit-turns-recurrents/${ref}`)} size="sm">
                {t('goWeekly')}
              </Anchor>
            </Alert>
          )}
          <AddTurnForm
            saving={save.isPending}
            onAdd={async (turn) => {
              const all = [...data.turns.map(({ date, hStart }) => ({ date, hStart })), turn];
              await save.mutateAsync(all);
              notifications.show({ color: 'teal', message: t('turnAdded'), autoClose: 10000 });
            }}
          />
          {data.turns.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <Stack align="center" gap="xs" ta="center">
                <IconCalendarOff size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
                <Text c="dimmed">{t('turnsEmpty')}</Text>
              </Stack>
            </Paper>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {data.turns.map((turn) => (
                <Paper key={turn.ref} component="li" withBorder radius="md" px="md" py="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={2}>
                      <Text fw={600} size="sm">
                        {capitalized(longDate(turn.date, lang))}
                      </Text>
                      <Group gap="xs">
                        <Text size="sm">{turn.hStart}</Text>
                        {turn.booked && (
                          <Badge size="sm" variant="outline" color="teal.9">
                            {t('booked')}
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size={44}
                      onClick={() => setToDelete(turn)}
                      aria-label={t('deleteTurn', { when: when(turn) })}
                    >
                      <IconTrash size={20} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
          <ConfirmDialog
            opened={toDelete !== null}
            onClose={() => setToDelete(null)}
            title={t('deleteTurnTitle')}
            message={toDelete ? t('deleteTurnText', { when: when(toDelete) }) : ''}
            cancelLabel={t('cancel')}
            confirmLabel={t('delete')}
            loading={save.isPending}
            onConfirm={() => toDelete && remove(toDelete)}
          />
        </>
      )}
    </AvailabilityFrame>
  );
}

function AddTurnForm({
  saving,
  onAdd,
}: {
  saving: boolean;
  onAdd: (turn: { date: string; hStart: string }) => Promise<void>;
}) {
  const t = useTexts(availabilityTexts);
  const lang = useLang();
  const [date, setDate] = useState<string | null>(null);
  const [hour, setHour] = useState('');
  const [errors, setErrors] = useState<{ date?: string | undefined; hour?: string | undefined }>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!date) found.date = t('chooseDate');
    if (!hour) found.hour = t('chooseHour');
    if (date && hour) {
      const parsed = availabilityActions.saveTurns.input.safeParse({
        ref: 'preview-ref',
        turns: [{ date, hStart: hour }],
      });
      const issue = parsed.success ? undefined : parsed.error.issues[0];
      if (issue) found.hour = errorText(availabilityActions.saveTurns, issue.message, lang);
    }
    setErrors(found);
    if (found.date || found.hour || !date) return;
    try {
      await onAdd({ date, hStart: hour });
      setHour('');
    } catch (error) {
      if (error instanceof ApiError && error.isNetwork) return;
      const message = apiErrorText(availabilityActions.saveTurns, error, lang);
      // E2 and E8 are about the date; the others about the hour.
      if (error instanceof ApiError && (error.code === 'E2' || error.code === 'E8'))
        setErrors({ date: message });
      else setErrors({ hour: message });
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('addTurn')}
        </Title>
        <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
          <Group gap="sm" align="flex-start" grow wrap="wrap">
            <DatePickerInput
              label={t('date')}
              value={date}
              onChange={(value) => {
                setDate(value);
                setErrors((e) => ({ ...e, date: undefined }));
              }}
              minDate={todayLocal()}
              leftSection={<IconCalendar size={18} aria-hidden />}
              error={errors.date}
              size="md"
              miw={180}
              valueFormat={lang === 'es' ? 'DD/MM/YYYY' : 'MM/DD/YYYY'}
            />
            <TimeInput
              label={t('hour')}
              value={hour}
              onChange={(e) => {
                setHour(e.currentTarget.value);
                setErrors((er) => ({ ...er, hour: undefined }));
              }}
              error={errors.hour}
              size="md"
              miw={140}
            />
          </Group>
        </DatesProvider>
        <Button
          type="submit"
          loading={saving}
          leftSection={<IconPlus size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('add')}
        </Button>
      </Stack>
    </Paper>
  );
}
