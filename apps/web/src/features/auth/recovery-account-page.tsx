import { actions } from '@agendo/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useLang, useT } from '../../i18n/use-t.ts';
import { call } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { showApiError } from '../../lib/form-errors.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { AuthCard } from '../../ui/auth-card.tsx';

const schema = actions['recovery-account'].input;

export function RecoveryAccountPage() {
  const t = useT();
  const lang = useLang();
  const { to } = usePrefix();
  const [sent, setSent] = useState(false);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { userMail: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await call('recovery-account', values);
      setSent(true);
    } catch (error) {
      showApiError('recovery-account', error, lang, form, ['userMail']);
    }
  });

  const back = (
    <Anchor component={Link} to={to('login')} size="sm" fw={600}>
      {t('recovery.back')}
    </Anchor>
  );

  return (
    <AuthCard title={t('recovery.title')} subtitle={sent ? undefined : t('recovery.text')} footer={back}>
      {sent ? (
        <Alert color="teal" icon={<IconMailCheck aria-hidden />} role="status">
          {t('recovery.done')}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('field.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errorText('recovery-account', errors.userMail?.message, lang)}
              {...form.register('userMail')}
            />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {t('recovery.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
