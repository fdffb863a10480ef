import type { OutputOf } from '@agendo/contract';
import * as profileActions from '@agendo/contract/profile';
import { TextInput } from '@mantine/core';
import { useTexts } from '../../i18n/use-texts.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { EditorForm, ProfileGate } from './profile-frame.tsx';
import { profileTexts } from './profile-texts.ts';
import { useSaveProfile } from './use-save-profile.ts';

/** change-nickname (spec 000 §2.2): the name of the short link /go/{nickname} (issue 18). */
export function ChangeNicknamePage() {
  return <ProfileGate>{(profile) => <NicknameForm profile={profile} />}</ProfileGate>;
}

function NicknameForm({ profile }: { profile: OutputOf<'find-user-profile'> }) {
  const tx = useTexts(profileTexts);
  const save = useSaveProfile('change-nickname');
  const { form, fieldError, submit } = useActionForm(profileActions.changeNickname, {
    defaultValues: { nickname: profile.nickname ?? '' },
  });
  const typed = form.watch('nickname')?.trim() ?? '';
  return (
    <EditorForm
      title={tx('nicknameTitle')}
      intro={tx('nicknameIntro')}
      onSubmit={submit((values) => save.mutateAsync(values))}
      saving={save.isPending}
    >
      <TextInput
        label={tx('nicknameLabel')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        description={typed ? tx('nicknameLink', { link: `${window.location.host}/go/${typed}` }) : undefined}
        error={fieldError('nickname')}
        {...form.register('nickname')}
      />
    </EditorForm>
  );
}
