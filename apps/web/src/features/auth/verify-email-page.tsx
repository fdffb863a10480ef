import * as authActions from '@agendo/contract/auth';
import { Button } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useLang, useT } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { apiErrorText } from '../../lib/form-errors.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { userDataKey } from '../../lib/user-data.ts';
import { StatusCard } from '../../ui/status-card.tsx';
import { authPageTexts } from './auth-pages-texts.ts';

export function VerifyEmailPage() {
  const t = useT();
  const ta = useTexts(authPageTexts);
  const lang = useLang();
  const { to } = usePrefix();
  const { ref = '' } = useParams();
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  // A verification link works once: never retry or refetch it.
  const verify = useQuery({
    queryKey: ['verify-email', ref],
    queryFn: () => call('verify-email', { ref }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (verify.isSuccess) void queryClient.invalidateQueries({ queryKey: userDataKey });
  }, [verify.isSuccess, queryClient]);

  if (verify.isPending) return <StatusCard state="loading" title={ta('verify.loading')} />;
  if (verify.isError) {
    return (
      <StatusCard
        state="error"
        title={ta('verify.errorTitle')}
        text={apiErrorText(authActions.verifyEmail, verify.error, lang)}
      >
        <Button component={Link} to={loggedIn ? to('my-account') : to('login')}>
          {loggedIn ? t('nav.myAccount') : t('nav.login')}
        </Button>
      </StatusCard>
    );
  }
  return (
    <StatusCard state="success" title={ta('verify.success')} text={ta('verify.successText')}>
      <Button component={Link} to={loggedIn ? to('my-account') : to('login')}>
        {ta('verify.continue')}
      </Button>
    </StatusCard>
  );
}
