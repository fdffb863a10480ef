import type { OutputOf } from '@agendo/contract';
import * as profileActions from '@agendo/contract/profile';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTexts } from '../../i18n/use-texts.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { EditorFrame, ProfileGate } from './profile-frame.tsx';
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
    <EditorFrame title={tx('businessTitle')} intro={tx('businessIntro')}>
      <form onSubmit={submit((values) => save.mutateAsync(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label={tx('businessLabel')}
            autoComplete="organization"
            error={fieldError('businessName')}
            {...form.register('businessName')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {tx('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </EditorFrame>
  );
}
