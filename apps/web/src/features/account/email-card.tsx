import { actions, type OutputOf } from '@agendo/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLang, useT } from '../../i18n/use-t.ts';
import { call } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { SectionCard } from './section-card.tsx';
import { accountKey } from './use-account.ts';

const schema = actions['change-user-email'].input;

export function EmailCard({ info }: { info: OutputOf<'find-user-info'> }) {
  const t = useT();
  const lang = useLang();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { userMail: '', userPassword: '' },
  });
  const { errors } = form.formState;
  const message = (text: string | undefined) => errorText('change-user-email', text, lang);

  const save = useMutation({
    mutationFn: (values: z.output<typeof schema>) => call('change-user-email', values),
    onSuccess: (_, values) => {
      notifications.show({ color: 'teal', message: t('account.emailSent', { email: values.userMail }) });
      form.reset();
      return queryClient.invalidateQueries({ queryKey: accountKey });
    },
    onError: (error) => showApiError('change-user-email', error, lang, form, ['userMail', 'userPassword']),
  });

  return (
    <SectionCard title={t('account.emailTitle')}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('account.currentEmail', { email: info.userMail })}
      </Text>
      {info.pendingMail && (
        <Alert color="yellow" icon={<IconMailForward aria-hidden />} role="status">
          {t('account.pendingMail', { email: info.pendingMail })}
        </Alert>
      )}
      <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('field.newEmail')}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={message(errors.userMail?.message)}
            {...form.register('userMail')}
          />
          <PasswordField
            label={t('field.currentPassword')}
            autoComplete="current-password"
            error={message(errors.userPassword?.message)}
            {...form.register('userPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('account.emailSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
