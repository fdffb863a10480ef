import {
  contactBirthYearFrom,
  contactGenders,
  countryIds,
  type InputOf,
  isoForCountryId,
  type OutputOf,
} from '@agendo/contract';
import * as contactsActions from '@agendo/contract/contacts';
import {
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { useAddressPlaces } from '../../ui/address-places.ts';
import { EmailField } from '../../ui/email-field.tsx';
import { NumberSelectField } from '../../ui/form-fields.tsx';
import { validatePhone } from '../../ui/phone.ts';
import { PhoneInput } from '../../ui/phone-input.tsx';
import { contactsTexts, monthNames } from './contacts-texts.ts';
import { contactInfoKey, contactsKey, useOwnInfo } from './use-contacts.ts';

type ContactInfo = OutputOf<'find-user-info-contact'>;
type Values = InputOf<'add-contact'>;

interface Props {
  mode: 'new' | 'edit';
  contact?: ContactInfo | undefined;
  onSaved: (ref: string) => void;
  onCancel: () => void;
}

const addSchema = contactsActions.addContact.input;
// Editing uses update-contact's rules (address and birth date required); the ref travels apart.
const editSchema = contactsActions.updateContact.input.omit({ ref: true }) as unknown as typeof addSchema;

/** spec 001 §2.2: the contact form, in new and edit modes. */
export function ContactForm({ mode, contact, onSaved, onCancel }: Props) {
  const tx = useTexts(contactsTexts);
  const lang = useLang();
  const { country: routeCountry } = usePrefix();
  const queryClient = useQueryClient();
  const own = useOwnInfo();
  const defaultCountry = contact?.userCountry ?? own.data?.userCountry ?? countryIds.AR;
  // The hook reads the action's catalogue for the texts: update-contact's when editing.
  const action = mode === 'new' ? contactsActions.addContact : contactsActions.updateContact;
  const { form, fieldError, submit, submitting } = useActionForm(action, {
    schema: mode === 'new' ? addSchema : editSchema,
    defaultValues: {
      userFirstName: contact?.userFirstName ?? '',
      userLastName: contact?.userLastName ?? '',
      userMail: contact?.userMail ?? '',
      userPhone: contact?.userPhone ?? '',
      userCountry: defaultCountry,
      userState: contact?.userState ?? null,
      userCity: contact?.userCity ?? null,
      userIdentify: contact?.userIdentify ?? '',
      userStreet: contact?.userStreet ?? '',
      userFloor: contact?.userFloor ?? '',
      userDepto: contact?.userDepto ?? '',
      userPObox: contact?.userPObox ?? '',
      userGender: (contact?.userGender as 1 | 2 | 3 | null | undefined) ?? null,
      userBirthYear: contact?.userBirthYear ?? null,
      userBirthMonth: contact?.userBirthMonth ?? null,
      userBirthDay: contact?.userBirthDay ?? null,
      obraSocial: contact?.obraSocial ?? '',
      numObraSocial: contact?.numObraSocial ?? '',
      note: '',
    },
  });

  const address = useAddressPlaces({ form, fieldError }, lang);
  const { countryId: country, stateId: state, countries, states, cities } = address;
  const insurance = own.data?.userCountry === countryIds.AR && country === countryIds.AR;
  // spec 001 §2.2: month first for the US.
  const monthFirst = routeCountry === 'us' || country === countryIds.US;

  const years = useMemo(() => {
    const current = new Date().getFullYear();
    return Array.from({ length: current - contactBirthYearFrom + 1 }, (_, i) => String(current - i));
  }, []);
  const months = monthNames[lang].map((label, i) => ({ value: String(i + 1), label }));
  const days = Array.from({ length: 31 }, (_, i) => String(i + 1));
  const genders = contactGenders.map((g) => ({ value: String(g.value), label: g[lang] }));

  async function save(values: Values) {
    const phone = validatePhone(values.userPhone);
    if (phone.flag === 0) {
      form.setError('userPhone', { type: 'client', message: phone.error });
      return;
    }
    const body = {
      ...values,
      userPhone: phone.phone,
      obraSocial: insurance ? values.obraSocial : null,
      numObraSocial: insurance ? values.numObraSocial : null,
    };
    let ref: string;
    if (mode === 'new') {
      ref = (await call('add-contact', body)).ref;
      notifications.show({ color: 'teal', message: tx('created'), autoClose: 10_000 });
    } else {
      ref = contact?.ref ?? '';
      const { note: _note, ...fields } = body;
      await call('update-contact', { ...(fields as Omit<InputOf<'update-contact'>, 'ref'>), ref });
      notifications.show({ color: 'teal', message: tx('updated'), autoClose: 10_000 });
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: contactsKey }),
      queryClient.invalidateQueries({ queryKey: contactInfoKey(ref) }),
    ]);
    onSaved(ref);
  }

  const numberSelect = (
    name: 'userBirthDay' | 'userBirthMonth' | 'userBirthYear' | 'userGender',
    label: string,
    data: { value: string; label: string }[] | string[],
    autoComplete?: string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          value={field.value ? String(field.value) : null}
          onChange={(value) => field.onChange(value ? Number(value) : null)}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldError(name)}
          clearable
          searchable={name === 'userBirthYear'}
          autoComplete={autoComplete}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );

  const dayField = numberSelect('userBirthDay', tx('day'), days, 'bday-day');
  const monthField = numberSelect('userBirthMonth', tx('month'), months, 'bday-month');

  return (
    <form onSubmit={submit(save)} noValidate aria-labelledby="contact-form-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="contact-form-title">
          {mode === 'new' ? tx('formNewTitle') : tx('formEditTitle')}
        </Title>
        <Fieldset legend={tx('personalSection')} variant="unstyled">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={tx('firstName')}
                autoComplete="off"
                required
                error={fieldError('userFirstName')}
                {...form.register('userFirstName')}
              />
              <TextInput
                label={tx('lastName')}
                autoComplete="off"
                required
                error={fieldError('userLastName')}
                {...form.register('userLastName')}
              />
            </SimpleGrid>
            <EmailField
              label={tx('email')}
              required
              error={fieldError('userMail')}
              {...form.register('userMail')}
            />
            <Controller
              control={form.control}
              name="userPhone"
              render={({ field }) => (
                // The shared phone input takes no ref; this lets a refused phone be focused.
                <div
                  ref={(el) =>
                    field.ref(
                      el
                        ? { focus: () => el.querySelector<HTMLInputElement>('input[type="tel"]')?.focus() }
                        : null,
                    )
                  }
                >
                  <PhoneInput
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldError('userPhone')}
                    defaultCountry={
                      isoForCountryId(defaultCountry)?.toLowerCase() ??
                      (routeCountry === 'la' ? 'ar' : routeCountry)
                    }
                  />
                </div>
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={tx('identify')}
                description={tx('optional')}
                error={fieldError('userIdentify')}
                {...form.register('userIdentify')}
              />
              {numberSelect('userGender', tx('gender'), genders)}
            </SimpleGrid>
            <Fieldset legend={tx('birthDate')} variant="unstyled">
              <SimpleGrid cols={3} spacing="xs">
                {monthFirst ? monthField : dayField}
                {monthFirst ? dayField : monthField}
                {numberSelect('userBirthYear', tx('year'), years, 'bday-year')}
              </SimpleGrid>
            </Fieldset>
          </Stack>
        </Fieldset>

        <Fieldset legend={tx('addressSection')} variant="unstyled">
          <Stack gap="sm">
            <NumberSelectField
              {...address.country}
              label={tx('country')}
              required
              disabled={countries.isPending}
              comboboxProps={{ withinPortal: true }}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberSelectField
                {...address.state}
                label={tx('state')}
                required={address.state.data.length > 0}
                clearable
                disabled={!country || states.isFetching}
                placeholder={
                  !country ? tx('chooseCountryFirst') : states.isFetching ? tx('loadingList') : undefined
                }
                comboboxProps={{ withinPortal: true }}
              />
              <NumberSelectField
                {...address.city}
                label={tx('city')}
                description={tx('optional')}
                clearable
                limit={100}
                disabled={!state || cities.isFetching}
                placeholder={
                  !state ? tx('chooseStateFirst') : cities.isFetching ? tx('loadingList') : undefined
                }
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
            <TextInput
              label={tx('street')}
              required={mode === 'edit'}
              autoComplete="street-address"
              error={fieldError('userStreet')}
              {...form.register('userStreet')}
            />
            {/* issue 12: three columns at 375 px ran 'Departamento' into 'Código postal'. */}
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
              <TextInput
                label={tx('floor')}
                maxLength={3}
                error={fieldError('userFloor')}
                {...form.register('userFloor')}
              />
              <TextInput
                label={tx('depto')}
                maxLength={8}
                error={fieldError('userDepto')}
                {...form.register('userDepto')}
              />
              <TextInput
                label={tx('pobox')}
                autoComplete="postal-code"
                error={fieldError('userPObox')}
                {...form.register('userPObox')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        {insurance && (
          <Fieldset legend={tx('insuranceSection')} variant="unstyled">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={tx('obraSocial')}
                error={fieldError('obraSocial')}
                {...form.register('obraSocial')}
              />
              <TextInput
                label={tx('numObraSocial')}
                error={fieldError('numObraSocial')}
                {...form.register('numObraSocial')}
              />
            </SimpleGrid>
          </Fieldset>
        )}

        {mode === 'new' && (
          <Textarea
            label={tx('note')}
            description={tx('optional')}
            autosize
            minRows={2}
            maxRows={8}
            error={fieldError('note')}
            {...form.register('note')}
          />
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {tx('cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {tx('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
