import { type OutputOf, socialNetworkLabels, socialNetworks } from '@agendo/contract';
import * as profileActions from '@agendo/contract/profile';
import { TextInput } from '@mantine/core';
import { useTexts } from '../../i18n/use-texts.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { EditorForm, ProfileGate } from './profile-frame.tsx';
import { profileTexts } from './profile-texts.ts';
import { useSaveProfile } from './use-save-profile.ts';

/** change-social-networks (spec 000 §2.2): a handle or a link per network, checked by the contract's rule. */
export function ChangeSocialNetworksPage() {
  return <ProfileGate>{(profile) => <SocialForm profile={profile} />}</ProfileGate>;
}

function SocialForm({ profile }: { profile: OutputOf<'find-user-profile'> }) {
  const tx = useTexts(profileTexts);
  const save = useSaveProfile('change-social-networks');
  const { form, fieldError, submit } = useActionForm(profileActions.changeSocialNetworks, {
    defaultValues: Object.fromEntries(socialNetworks.map((n) => [n, profile.socialNetworks[n] ?? ''])),
  });
  return (
    <EditorForm
      title={tx('socialTitle')}
      intro={tx('socialIntro')}
      onSubmit={submit(async (values) => {
        const saved = await save.mutateAsync(values);
        // Shows each link as it was stored (a handle becomes the profile's address).
        form.reset(Object.fromEntries(socialNetworks.map((n) => [n, saved.socialNetworks[n] ?? ''])));
      })}
      saving={save.isPending}
    >
      {socialNetworks.map((network) => (
        <TextInput
          key={network}
          label={network === 'website' ? tx('websiteLabel') : socialNetworkLabels[network]}
          placeholder={network === 'website' ? tx('websitePlaceholder') : tx('socialPlaceholder')}
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          error={fieldError(network)}
          {...form.register(network)}
        />
      ))}
    </EditorForm>
  );
}
