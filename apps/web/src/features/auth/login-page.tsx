import { checkLogin, loginErrors } from '@agendo/contract';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { call } from '../../lib/api.ts';
import { safeNextPath, usePrefix } from '../../lib/route-prefix.ts';
import { useCheckedForm } from '../../lib/use-checked-form.ts';
import { useSession } from '../../lib/use-session.ts';
import { setWaiting } from '../../lib/waiting.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { EmailField } from '../../ui/email-field.tsx';
import { PasswordField } from '../../ui/password-field.tsx';

export function LoginPage() {
  const t = useT();
  const { to } = usePrefix();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { signIn } = useSession();
  // A public page: checked with the contract's zod-free rules, without react-hook-form (issue 13).
  const { field, submit, submitting } = useCheckedForm({
    errors: loginErrors,
    defaultValues: { userMail: '', userPassword: '' },
    check: checkLogin,
  });

  const onSubmit = submit(async (values) => {
    try {
      const { token } = await call('login', values);
      setWaiting(true);
      signIn(token);
      await navigate(safeNextPath(search.get('next')) ?? to('my-account'), { replace: true });
    } finally {
      setWaiting(false);
    }
  });

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <Text size="sm">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={to('register')} fw={600}>
            {t('nav.register')}
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField label={t('field.email')} {...field('userMail')} />
          <PasswordField
            label={t('field.password')}
            autoComplete="current-password"
            {...field('userPassword')}
          />
          <Anchor component={Link} to={to('recovery-account')} size="sm" className="touch-link">
            {t('login.forgot')}
          </Anchor>
          <Button type="submit" fullWidth loading={submitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
