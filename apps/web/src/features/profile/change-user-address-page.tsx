import type { OutputOf } from '@agendo/contract';
import * as profileActions from '@agendo/contract/profile';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { useAddressPlaces } from '../../ui/address-places.ts';
import { NumberSelectField } from '../../ui/form-fields.tsx';
import { EditorForm, ProfileGate } from './profile-frame.tsx';
import { profileTexts } from './profile-texts.ts';
import { useSaveProfile } from './use-save-profile.ts';

/**
 * change-user-address (spec 000 §2.2): country, state and city chosen from lists loaded in
 * sequence (spec 001 §2.2: states depend on the country, cities on the state). The bank form
 * asks for it first (spec 002 §5 'Debes primero configurar tu domicilio.').
 */
export function ChangeUserAddressPage() {
  return <ProfileGate>{(profile) => <AddressForm profile={profile} />}</ProfileGate>;
}

function AddressForm({ profile }: { profile: OutputOf<'find-user-profile'> }) {
  const tx = useTexts(profileTexts);
  const lang = useLang();
  const save = useSaveProfile('change-user-address');
  const stored = profile.address;
  const editor = useActionForm(profileActions.changeUserAddress, {
    defaultValues: {
      userCountry: stored?.userCountry,
      userState: stored?.userState ?? null,
      userCity: stored?.userCity ?? null,
      userStreet: stored?.userStreet ?? '',
      userFloor: stored?.userFloor ?? '',
      userDepto: stored?.userDepto ?? '',
      userPObox: stored?.userPObox ?? '',
    },
  });
  const { form, fieldError, submit } = editor;
  const address = useAddressPlaces(editor, lang);
  const { countries, states, cities } = address;

  return (
    <EditorForm
      title={tx('addressTitle')}
      intro={tx('addressIntro')}
      onSubmit={submit((values) => save.mutateAsync(values))}
      saving={save.isPending}
    >
      <NumberSelectField
        {...address.country}
        label={tx('country')}
        nothingFoundMessage={tx('nothingFound')}
        disabled={countries.isPending}
        error={countries.isError ? tx('placesError') : undefined}
      />
      {/* Some small territories have no states, and a fifth of the states no cities: then none is asked. */}
      {address.countryId !== null &&
        (states.isPending || address.state.data.length > 0 || states.isError) && (
          <NumberSelectField
            {...address.state}
            label={tx('state')}
            nothingFoundMessage={tx('nothingFound')}
            disabled={states.isPending}
            error={states.isError ? tx('placesError') : undefined}
          />
        )}
      {address.stateId !== null && (cities.isPending || address.city.data.length > 0 || cities.isError) && (
        <NumberSelectField
          {...address.city}
          label={tx('city')}
          limit={100}
          nothingFoundMessage={tx('nothingFound')}
          disabled={cities.isPending}
          error={cities.isError ? tx('placesError') : undefined}
        />
      )}
      <TextInput
        label={tx('street')}
        autoComplete="address-line1"
        error={fieldError('userStreet')}
        {...form.register('userStreet')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <TextInput
          label={tx('floor')}
          description={tx('optional')}
          error={fieldError('userFloor')}
          {...form.register('userFloor')}
        />
        <TextInput
          label={tx('depto')}
          description={tx('optional')}
          error={fieldError('userDepto')}
          {...form.register('userDepto')}
        />
        <TextInput
          label={tx('pobox')}
          description={tx('optional')}
          autoComplete="postal-code"
          error={fieldError('userPObox')}
          {...form.register('userPObox')}
        />
      </SimpleGrid>
    </EditorForm>
  );
}
