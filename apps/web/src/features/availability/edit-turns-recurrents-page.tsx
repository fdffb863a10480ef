import type { WeeklyRange } from '@agendo/contract';
import * as availabilityActions from '@agendo/contract/availability';
import { Alert, Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useParams } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { AvailabilityFrame, LoadError, LoadingState, RequireLogin } from './availability-frame.tsx';
import { availabilityTexts } from './availability-texts.ts';
import { useSaveWeeklyRules, useWeeklyRules } from './use-availability.ts';
import { WeeklyEditor } from './weekly-editor.tsx';

export function EditTurnsRecurrentsPage() {
  return (
    <RequireLogin>
      <WeeklyRulesScreen publicationRef={useParams().ref ?? ''} />
    </RequireLogin>
  );
}

function WeeklyRulesScreen({ publicationRef: ref }: { publicationRef: string }) {
  const t = useTexts(availabilityTexts);
  const lang = useLang();
  const { to } = usePrefix();
  const query = useWeeklyRules(ref);
  const save = useSaveWeeklyRules(ref);
  const data = query.data;

  async function onSave(rules: WeeklyRange[]) {
    try {
      await save.mutateAsync(rules);
      notifications.show({ color: 'teal', message: t('saved'), autoClose: 10000 });
    } catch (error) {
      throw new Error(apiErrorText(availabilityActions.saveTurnsRecurrent, error, lang));
    }
  }

  return (
    <AvailabilityFrame title={t('weeklyTitle')} subtitle={data?.title} timezone={data?.timezone}>
      {query.isPending && <LoadingState />}
      {query.isError && <LoadError error={query.error} onRetry={() => query.refetch()} />}
      {data && (
        <>
          <Text size="sm" c="dimmed">
            {t('duration', { minutes: data.duration })}
          </Text>
          {data.typeTurn === 2 && (
            <Alert color="yellow" variant="light">
              <Text size="sm">{t('otherType')}</Text>
              <Anchor component={Link} to={to(`edit-turns/${ref}`)} size="sm">
                {t('goDated')}
              </Anchor>
            </Alert>
          )}
          <WeeklyEditor
            key={data.ref}
            initial={data.rules}
            duration={data.duration}
            saving={save.isPending}
            onSave={onSave}
          />
        </>
      )}
    </AvailabilityFrame>
  );
}
