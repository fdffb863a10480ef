import { actions } from '@agendo/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useLang, useT } from '../../i18n/use-t.ts';
import { call } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { safeNextPath, usePrefix } from '../../lib/route-prefix.ts';
import { useSession } from '../../lib/use-session.ts';
import { setWaiting } from '../../lib/waiting.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { PasswordField } from '../../ui/password-field.tsx';

const schema = actions.login.input;

export function LoginPage() {
  const t = useT();
  const lang = useLang();
  const { to } = usePrefix();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { signIn } = useSession();
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { userMail: '', userPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => errorText('login', text, lang);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { token } = await call('login', values);
      setWaiting(true);
      signIn(token);
      await navigate(safeNextPath(search.get('next')) ?? to('my-account'), { replace: true });
    } catch (error) {
      showApiError('login', error, lang, form, ['userMail', 'userPassword']);
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
          <TextInput
            label={t('field.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            error={message(errors.userMail?.message)}
            {...form.register('userMail')}
          />
          <PasswordField
            label={t('field.password')}
            autoComplete="current-password"
            error={message(errors.userPassword?.message)}
            {...form.register('userPassword')}
          />
          <Anchor component={Link} to={to('recovery-account')} size="sm" className="touch-link">
            {t('login.forgot')}
          </Anchor>
          <Button type="submit" fullWidth loading={isSubmitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
