import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../i18n/use-t.ts';

type NameField = 'userFirstName' | 'userLastName';

/** A person's first and last name, as two inputs the browser can fill in (sign-up, account). */
export function NameFields({
  register,
  fieldError,
}: {
  register: (name: NameField) => UseFormRegisterReturn;
  fieldError: (name: NameField) => string | undefined;
}) {
  const t = useT();
  return (
    <>
      <TextInput
        label={t('field.firstName')}
        autoComplete="given-name"
        error={fieldError('userFirstName')}
        {...register('userFirstName')}
      />
      <TextInput
        label={t('field.lastName')}
        autoComplete="family-name"
        error={fieldError('userLastName')}
        {...register('userLastName')}
      />
    </>
  );
}
