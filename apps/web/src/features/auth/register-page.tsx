import { actions } from '@agendo/contract';
import * as authActions from '@agendo/contract/auth';
import { Anchor, Button, Input, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLang, useT } from '../../i18n/use-t.ts';
import { call } from '../../lib/api.ts';
import { safeNextPath, usePrefix } from '../../lib/route-prefix.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { useSession } from '../../lib/use-session.ts';
import { setWaiting } from '../../lib/waiting.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { EmailField } from '../../ui/email-field.tsx';
import { PasswordField } from '../../ui/password-field.tsx';

const schema = actions.register.input.pick({
  userFirstName: true,
  userLastName: true,
  userMail: true,
  userPassword: true,
  userType: true,
});

export function RegisterPage() {
  const t = useT();
  const lang = useLang();
  const { country, to } = usePrefix();
  const { ref } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const preselected = search.get('tipo') === 'profesional' ? 1 : 2;
  const { form, fieldError, submit, submitting } = useActionForm(authActions.register, {
    schema,
    defaultValues: {
      userFirstName: '',
      userLastName: '',
      userMail: '',
      userPassword: '',
      userType: preselected,
    },
  });

  const onSubmit = submit(async (values) => {
    try {
      const { token } = await call('register', {
        ...values,
        browserCountry: country,
        userLang: lang,
        userTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        ...(ref ? { ref } : {}),
      });
      setWaiting(true);
      signIn(token);
      notifications.show({ color: 'teal', message: t('register.sent') });
      // login-cart / user-cart: a visitor with a cart comes back to confirm it.
      await navigate(safeNextPath(search.get('next')) ?? to('my-account'), { replace: true });
    } finally {
      setWaiting(false);
    }
  });

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <Text size="sm">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={to('login')} fw={600}>
            {t('nav.login')}
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Controller
            control={form.control}
            name="userType"
            render={({ field }) => (
              <Input.Wrapper
                label={t('register.type')}
                labelElement="div"
                error={fieldError('userType')}
                size="md"
              >
                <SegmentedControl
                  fullWidth
                  color="brand"
                  size="md"
                  mt={4}
                  name={field.name}
                  value={String(field.value)}
                  onChange={(value) => field.onChange(Number(value))}
                  data={[
                    { value: '1', label: t('register.pro') },
                    { value: '2', label: t('register.client') },
                  ]}
                  aria-label={t('register.type')}
                  styles={{
                    label: {
                      minHeight: 40,
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      paddingInline: 6,
                    },
                  }}
                />
              </Input.Wrapper>
            )}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('field.firstName')}
              autoComplete="given-name"
              error={fieldError('userFirstName')}
              {...form.register('userFirstName')}
            />
            <TextInput
              label={t('field.lastName')}
              autoComplete="family-name"
              error={fieldError('userLastName')}
              {...form.register('userLastName')}
            />
          </SimpleGrid>
          <EmailField
            label={t('field.email')}
            error={fieldError('userMail')}
            {...form.register('userMail')}
          />
          <PasswordField
            label={t('field.password')}
            description={t('field.passwordHint')}
            autoComplete="new-password"
            error={fieldError('userPassword')}
            {...form.register('userPassword')}
          />
          <Button type="submit" fullWidth loading={submitting}>
            {t('register.submit')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('register.acceptStart')}{' '}
            <Anchor component={Link} to={to('terms')} inherit>
              {t('footer.terms')}
            </Anchor>{' '}
            {t('register.acceptAnd')}{' '}
            <Anchor component={Link} to={to('privacy')} inherit>
              {t('footer.privacy')}
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
