import * as authActions from '@agendo/contract/auth';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useActionForm } from '../../lib/use-action-form.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { EmailField } from '../../ui/email-field.tsx';

export function RecoveryAccountPage() {
  const t = useT();
  const { to } = usePrefix();
  const [sent, setSent] = useState(false);
  const { form, fieldError, submit, submitting } = useActionForm(authActions.recoveryAccount, {
    defaultValues: { userMail: '' },
  });

  const onSubmit = submit(async (values) => {
    await call('recovery-account', values);
    setSent(true);
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
            <EmailField
              label={t('field.email')}
              error={fieldError('userMail')}
              {...form.register('userMail')}
            />
            <Button type="submit" fullWidth loading={submitting}>
              {t('recovery.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
