import type { InputOf, OutputOf } from '@agendo/contract';
import * as accountsActions from '@agendo/contract/accounts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { EmailField } from '../../ui/email-field.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { accountTexts } from './account-texts.ts';
import { SectionCard } from './section-card.tsx';
import { accountKey } from './use-account.ts';

export function EmailCard({ info }: { info: OutputOf<'find-user-info'> }) {
  const t = useT();
  const ta = useTexts(accountTexts);
  const queryClient = useQueryClient();
  const { form, fieldError, submit } = useActionForm(accountsActions.changeUserEmail, {
    defaultValues: { userMail: '', userPassword: '' },
  });

  const save = useMutation({
    mutationFn: (values: InputOf<'change-user-email'>) => call('change-user-email', values),
    onSuccess: (_, values) => {
      notifications.show({ color: 'teal', message: ta('account.emailSent', { email: values.userMail }) });
      form.reset();
      return queryClient.invalidateQueries({ queryKey: accountKey });
    },
  });

  return (
    <SectionCard title={ta('account.emailTitle')}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {ta('account.currentEmail', { email: info.userMail })}
      </Text>
      {info.pendingMail && (
        <Alert color="yellow" icon={<IconMailForward aria-hidden />} role="status">
          {ta('account.pendingMail', { email: info.pendingMail })}
        </Alert>
      )}
      <form onSubmit={submit((values) => save.mutateAsync(values))} noValidate>
        <Stack gap="md">
          <EmailField
            label={t('field.newEmail')}
            error={fieldError('userMail')}
            {...form.register('userMail')}
          />
          <PasswordField
            label={t('field.currentPassword')}
            autoComplete="current-password"
            error={fieldError('userPassword')}
            {...form.register('userPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {ta('account.emailSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
