import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
import { BankAccountForm } from './bank-account-form.tsx';
import { paymentSettingsTexts } from './payment-settings-texts.ts';

/**
 * The onboarding tour stores newUser; spec 002 §4 "Bank form": a saved bank account moves it
 * from 3 (bank step pending) to 5.
 */
export function advanceNewUser(storage: Storage = localStorage) {
  if (storage.getItem('newUser') === '3') storage.setItem('newUser', '5');
}

/** change-user-bank (spec 000 §2.2, 002 §2): the 'Cuenta Bancaria' screen with its success step. */
export function ChangeUserBankPage() {
  return (
    <RequireLogin>
      <ChangeUserBank />
    </RequireLogin>
  );
}

function ChangeUserBank() {
  const tx = useTexts(paymentSettingsTexts);
  const navigate = useNavigate();
  const { to } = usePrefix();
  const [step, setStep] = useState<'form' | 'done'>('form');
  useDocumentTitle(`${tx('bankTitle')} · Agendo`);
  const back = () => navigate(to('my-account'));
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tx('bankTitle')}
        </Title>
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          {step === 'form' ? (
            <BankAccountForm
              onBack={back}
              onSaved={() => {
                advanceNewUser();
                setStep('done');
              }}
            />
          ) : (
            <Stack align="center" gap="md" py="md">
              <IconCircleCheck size={48} color="var(--mantine-color-teal-7)" aria-hidden />
              <Text fw={600} ta="center" role="status">
                {tx('saved')}
              </Text>
              <Button onClick={back}>{tx('done')}</Button>
            </Stack>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
