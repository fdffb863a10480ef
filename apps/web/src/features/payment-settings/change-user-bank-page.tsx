import { Button, Card } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SavedStep, SettingsPage } from '../../ui/settings-page.tsx';
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
  const back = () => navigate(to('my-account'));
  return (
    <SettingsPage title={tx('bankTitle')}>
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
          <SavedStep message={tx('saved')}>
            <Button onClick={back}>{tx('done')}</Button>
          </SavedStep>
        )}
      </Card>
    </SettingsPage>
  );
}
