import type { OutputOf } from '@agendo/contract';
import * as profileActions from '@agendo/contract/profile';
import { TextInput } from '@mantine/core';
import { useTexts } from '../../i18n/use-texts.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { EditorForm, ProfileGate } from './profile-frame.tsx';
import { profileTexts } from './profile-texts.ts';
import { useSaveProfile } from './use-save-profile.ts';

/** change-business-name (spec 000 §2.2). */
export function ChangeBusinessNamePage() {
  return <ProfileGate>{(profile) => <BusinessNameForm profile={profile} />}</ProfileGate>;
}

function BusinessNameForm({ profile }: { profile: OutputOf<'find-user-profile'> }) {
  const tx = useTexts(profileTexts);
  const save = useSaveProfile('change-business-name');
  const { form, fieldError, submit } = useActionForm(profileActions.changeBusinessName, {
    defaultValues: { businessName: profile.businessName ?? '' },
  });
  return (
    <EditorForm
      title={tx('businessTitle')}
      intro={tx('businessIntro')}
      onSubmit={submit((values) => save.mutateAsync(values))}
      saving={save.isPending}
    >
      <TextInput
        label={tx('businessLabel')}
        autoComplete="organization"
        error={fieldError('businessName')}
        {...form.register('businessName')}
      />
    </EditorForm>
  );
}
