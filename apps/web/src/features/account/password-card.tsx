import type { InputOf } from '@agendo/contract';
import * as authActions from '@agendo/contract/auth';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { accountTexts } from './account-texts.ts';
import { SectionCard } from './section-card.tsx';

/** Current and new password (update-password); the answer carries a fresh token. */
export function UpdatePasswordForm({ onDone, submitLabel }: { onDone?: () => void; submitLabel: string }) {
  const t = useT();
  const ta = useTexts(accountTexts);
  const { form, fieldError, submit } = useActionForm(authActions.updatePassword, {
    defaultValues: { currentPassword: '', userPassword: '' },
  });

  const save = useMutation({
    mutationFn: (values: InputOf<'update-password'>) => call('update-password', values),
    onSuccess: ({ token }) => {
      setToken(token);
      form.reset();
      notifications.show({ color: 'teal', message: ta('account.updated') });
      onDone?.();
    },
  });

  return (
    <form onSubmit={submit((values) => save.mutateAsync(values))} noValidate>
      <Stack gap="md">
        <PasswordField
          label={t('field.currentPassword')}
          autoComplete="current-password"
          error={fieldError('currentPassword')}
          {...form.register('currentPassword')}
        />
        <PasswordField
          label={t('field.newPassword')}
          description={t('field.passwordHint')}
          autoComplete="new-password"
          error={fieldError('userPassword')}
          {...form.register('userPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PasswordCard() {
  const ta = useTexts(accountTexts);
  return (
    <SectionCard title={ta('account.passwordTitle')}>
      <UpdatePasswordForm submitLabel={ta('account.passwordSubmit')} />
    </SectionCard>
  );
}
