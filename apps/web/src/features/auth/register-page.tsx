import { actions } from '@agendo/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Input, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useLang, useT } from '../../i18n/use-t.ts';
import { call } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useSession } from '../../lib/use-session.ts';
import { setWaiting } from '../../lib/waiting.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { PasswordField } from '../../ui/password-field.tsx';

const schema = actions.register.input.pick({
  userFirstName: true,
  userLastName: true,
  userMail: true,
  userPassword: true,
  userType: true,
});
const fields = ['userFirstName', 'userLastName', 'userMail', 'userPassword', 'userType'] as const;

export function RegisterPage() {
  const t = useT();
  const lang = useLang();
  const { country, to } = usePrefix();
  const { ref } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const preselected = search.get('tipo') === 'profesional' ? 1 : 2;
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      userFirstName: '',
      userLastName: '',
      userMail: '',
      userPassword: '',
      userType: preselected,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const message = (text: string | undefined) => errorText('register', text, lang);

  const onSubmit = form.handleSubmit(async (values) => {
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
      await navigate(to('my-account'), { replace: true });
    } catch (error) {
      showApiError('register', error, lang, form, fields);
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
                error={message(errors.userType?.message)}
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
              error={message(errors.userFirstName?.message)}
              {...form.register('userFirstName')}
            />
            <TextInput
              label={t('field.lastName')}
              autoComplete="family-name"
              error={message(errors.userLastName?.message)}
              {...form.register('userLastName')}
            />
          </SimpleGrid>
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
            description={t('field.passwordHint')}
            autoComplete="new-password"
            error={message(errors.userPassword?.message)}
            {...form.register('userPassword')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
