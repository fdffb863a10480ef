import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useT } from '../i18n/use-t.ts';

/** Mantine's PasswordInput leaves aria-invalid off its inner input; screen readers need it. */
export function PasswordField({
  ref,
  error,
  ...props
}: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const t = useT();
  return (
    <PasswordInput
      ref={ref}
      error={error}
      aria-invalid={Boolean(error)}
      visibilityToggleButtonProps={{ 'aria-label': t('field.showPassword') }}
      {...props}
    />
  );
}
