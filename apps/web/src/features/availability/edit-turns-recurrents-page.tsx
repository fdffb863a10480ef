import type { WeeklyRange } from '@agendo/contract';
import * as availabilityActions from '@agendo/contract/availability';
import { useParams } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
import { EditorScreen } from './availability-frame.tsx';
import { availabilityTexts } from './availability-texts.ts';
import { notifySaved, PublicationIntro } from './editor-parts.tsx';
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
  const query = useWeeklyRules(ref);
  const save = useSaveWeeklyRules(ref);

  async function onSave(rules: WeeklyRange[]) {
    try {
      await save.mutateAsync(rules);
      notifySaved(t('saved'));
    } catch (error) {
      throw new Error(apiErrorText(availabilityActions.saveTurnsRecurrent, error, lang));
    }
  }

  return (
    <EditorScreen title={t('weeklyTitle')} subtitle={query.data?.title} query={query}>
      {(data) => (
        <>
          <PublicationIntro
            duration={data.duration}
            otherType={data.typeTurn === 2}
            warning={t('otherType')}
            linkText={t('goDated')}
            linkPath={`edit-turns/${ref}`}
          />
          <WeeklyEditor
            key={data.ref}
            initial={data.rules}
            duration={data.duration}
            saving={save.isPending}
            onSave={onSave}
          />
        </>
      )}
    </EditorScreen>
  );
}
