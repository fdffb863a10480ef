import { actions } from '@agendo/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLang, useT } from '../../i18n/use-t.ts';
import { call } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { setToken } from '../../lib/session.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { SectionCard } from './section-card.tsx';

const schema = actions['update-password'].input;

/** Current and new password (update-password); the answer carries a fresh token. */
export function UpdatePasswordForm({ onDone, submitLabel }: { onDone?: () => void; submitLabel: string }) {
  const t = useT();
  const lang = useLang();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', userPassword: '' },
  });
  const { errors } = form.formState;
  const message = (text: string | undefined) => errorText('update-password', text, lang);

  const save = useMutation({
    mutationFn: (values: z.output<typeof schema>) => call('update-password', values),
    onSuccess: ({ token }) => {
      setToken(token);
      form.reset();
      notifications.show({ color: 'teal', message: t('account.updated') });
      onDone?.();
    },
    onError: (error) =>
      showApiError('update-password', error, lang, form, ['currentPassword', 'userPassword']),
  });

  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="md">
        <PasswordField
          label={t('field.currentPassword')}
          autoComplete="current-password"
          error={message(errors.currentPassword?.message)}
          {...form.register('currentPassword')}
        />
        <PasswordField
          label={t('field.newPassword')}
          description={t('field.passwordHint')}
          autoComplete="new-password"
          error={message(errors.userPassword?.message)}
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
  const t = useT();
  return (
    <SectionCard title={t('account.passwordTitle')}>
      <UpdatePasswordForm submitLabel={t('account.passwordSubmit')} />
    </SectionCard>
  );
}
