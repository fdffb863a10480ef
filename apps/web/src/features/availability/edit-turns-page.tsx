import type { DatedTurn } from '@agendo/contract';
import * as availabilityActions from '@agendo/contract/availability';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider, TimeInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { IconCalendar, IconCalendarOff, IconPlus } from '@tabler/icons-react';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
import { EditorScreen } from './availability-frame.tsx';
import { availabilityTexts } from './availability-texts.ts';
import { AddForm, isNetworkFailure, notifySaved, PublicationIntro, RemovableList } from './editor-parts.tsx';
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
  const query = useDatedTurns(ref);
  const save = useSaveDatedTurns(ref);
  const when = (turn: DatedTurn) => `${longDate(turn.date, lang)} · ${turn.hStart}`;
  const asInput = (turns: DatedTurn[]) => turns.map(({ date, hStart }) => ({ date, hStart }));

  return (
    <EditorScreen title={t('datedTitle')} subtitle={query.data?.title} query={query}>
      {(data) => (
        <>
          <PublicationIntro
            duration={data.duration}
            otherType={data.typeTurn !== 2}
            warning={t('otherTypeDated')}
            linkText={t('goWeekly')}
            linkPath={`edit-turns-recurrents/${ref}`}
          />
          <AddTurnForm
            saving={save.isPending}
            onAdd={async (turn) => {
              await save.mutateAsync([...asInput(data.turns), turn]);
              notifySaved(t('turnAdded'));
            }}
          />
          <RemovableList
            items={data.turns}
            emptyIcon={IconCalendarOff}
            emptyText={t('turnsEmpty')}
            removeLabel={(turn) => t('deleteTurn', { when: when(turn) })}
            confirm={{
              title: t('deleteTurnTitle'),
              text: (turn) => t('deleteTurnText', { when: when(turn) }),
              label: t('delete'),
            }}
            removedText={t('turnDeleted')}
            action={availabilityActions.saveTurns}
            saving={save.isPending}
            remove={(turn) => save.mutateAsync(asInput(data.turns.filter((x) => x.ref !== turn.ref)))}
          >
            {(turn) => (
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
            )}
          </RemovableList>
        </>
      )}
    </EditorScreen>
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

  async function submit(event: FormEvent) {
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
      if (isNetworkFailure(error)) return;
      const message = apiErrorText(availabilityActions.saveTurns, error, lang);
      // E2 and E8 are about the date; the others about the hour.
      if (error instanceof ApiError && (error.code === 'E2' || error.code === 'E8'))
        setErrors({ date: message });
      else setErrors({ hour: message });
    }
  }

  return (
    <AddForm onSubmit={submit} saving={saving} icon={IconPlus} submitLabel={t('add')}>
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
    </AddForm>
  );
}
