import * as authActions from '@agendo/contract/auth';
import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useLang, useT } from '../i18n/use-t.ts';
import { call } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { useUserData } from '../lib/user-data.ts';

export function VerifyEmailBanner() {
  const t = useT();
  const lang = useLang();
  const { pathname } = useLocation();
  const { data } = useUserData();
  const resend = useMutation({
    mutationFn: () => call('resend-verification', {}),
    onSuccess: () => notifications.show({ color: 'teal', message: t('shell.verifyResent') }),
    onError: (error) => showApiError(authActions.resendVerification, error, lang),
  });
  if (data?.emailVerified !== false || /\/(verify-email|logout)(\/|$)/.test(pathname)) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      icon={<IconMailExclamation aria-hidden />}
      styles={{ wrapper: { maxWidth: 1120, margin: '0 auto' } }}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('shell.verifyNotice')}</Text>
        <Button variant="white" color="dark" onClick={() => resend.mutate()} loading={resend.isPending}>
          {t('shell.verifyResend')}
        </Button>
      </Group>
    </Alert>
  );
}
