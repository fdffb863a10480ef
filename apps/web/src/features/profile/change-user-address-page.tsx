import type { OutputOf } from '@agendo/contract';
import * as profileActions from '@agendo/contract/profile';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { useAddressOptions } from '../../lib/places.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { PlaceSelect } from '../../ui/place-select.tsx';
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
  const address = profile.address;
  const { form, fieldError, submit } = useActionForm(profileActions.changeUserAddress, {
    defaultValues: {
      userCountry: address?.userCountry,
      userState: address?.userState ?? null,
      userCity: address?.userCity ?? null,
      userStreet: address?.userStreet ?? '',
      userFloor: address?.userFloor ?? '',
      userDepto: address?.userDepto ?? '',
      userPObox: address?.userPObox ?? '',
    },
  });
  const country = form.watch('userCountry');
  const state = form.watch('userState');
  const countryId = typeof country === 'number' ? country : null;
  const stateId = typeof state === 'number' ? state : null;

  const { countries, states, cities, countryOptions, stateOptions, cityOptions } = useAddressOptions(
    lang,
    countryId,
    stateId,
  );

  return (
    <EditorForm
      title={tx('addressTitle')}
      intro={tx('addressIntro')}
      onSubmit={submit((values) => save.mutateAsync(values))}
      saving={save.isPending}
    >
      <PlaceSelect
        control={form.control}
        name="userCountry"
        empty={undefined}
        onPicked={() => {
          form.setValue('userState', null);
          form.setValue('userCity', null);
        }}
        label={tx('country')}
        data={countryOptions}
        nothingFoundMessage={tx('nothingFound')}
        disabled={countries.isPending}
        error={fieldError('userCountry') ?? (countries.isError ? tx('placesError') : undefined)}
      />
      {/* Some small territories have no states, and a fifth of the states no cities: then none is asked. */}
      {countryId !== null && (states.isPending || stateOptions.length > 0 || states.isError) && (
        <PlaceSelect
          control={form.control}
          name="userState"
          empty={null}
          onPicked={() => form.setValue('userCity', null)}
          label={tx('state')}
          data={stateOptions}
          nothingFoundMessage={tx('nothingFound')}
          disabled={states.isPending}
          error={fieldError('userState') ?? (states.isError ? tx('placesError') : undefined)}
        />
      )}
      {stateId !== null && (cities.isPending || cityOptions.length > 0 || cities.isError) && (
        <PlaceSelect
          control={form.control}
          name="userCity"
          empty={null}
          label={tx('city')}
          data={cityOptions}
          limit={100}
          nothingFoundMessage={tx('nothingFound')}
          disabled={cities.isPending}
          error={fieldError('userCity') ?? (cities.isError ? tx('placesError') : undefined)}
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
