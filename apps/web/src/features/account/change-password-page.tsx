import * as authActions from '@agendo/contract/auth';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { useSession } from '../../lib/use-session.ts';
import { setWaiting } from '../../lib/waiting.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { accountTexts } from './account-texts.ts';
import { UpdatePasswordForm } from './password-card.tsx';

/** change-password/{ref?}: with a mailed ref, a new password; signed in without one, current + new. */
export function ChangePasswordPage() {
  const { ref } = useParams();
  const loggedIn = useIsLoggedIn();
  const t = useT();
  const ta = useTexts(accountTexts);
  const { to } = usePrefix();
  const navigate = useNavigate();

  if (ref) return <ResetPassword ref_={ref} />;
  if (loggedIn) {
    return (
      <AuthCard title={ta('password.title')}>
        <UpdatePasswordForm submitLabel={ta('password.submit')} onDone={() => navigate(to('my-account'))} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={ta('password.title')}>
      <Text>{ta('password.loginRequired')}</Text>
      <Group>
        <Button component={Link} to={to('login')}>
          {t('nav.login')}
        </Button>
        <Anchor component={Link} to={to('recovery-account')} className="touch-link">
          {t('recovery.title')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}

const schema = authActions.changePassword.input.pick({ userPassword: true });

function ResetPassword({ ref_ }: { ref_: string }) {
  const t = useT();
  const ta = useTexts(accountTexts);
  const { to } = usePrefix();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { form, fieldError, submit, submitting } = useActionForm(authActions.changePassword, {
    schema,
    defaultValues: { userPassword: '' },
  });

  const onSubmit = submit(async ({ userPassword }) => {
    try {
      const { token } = await call('change-password', { ref: ref_, userPassword });
      setWaiting(true);
      signIn(token);
      await navigate(to('my-account'), { replace: true });
    } finally {
      setWaiting(false);
    }
  });

  return (
    <AuthCard title={ta('password.resetTitle')} subtitle={ta('password.resetText')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('field.newPassword')}
            description={t('field.passwordHint')}
            autoComplete="new-password"
            error={fieldError('userPassword')}
            {...form.register('userPassword')}
          />
          <Button type="submit" fullWidth loading={submitting}>
            {ta('password.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
