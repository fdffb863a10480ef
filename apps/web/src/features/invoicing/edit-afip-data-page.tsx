import { Alert, Button, Card, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SavedStep, SettingsPage } from '../../ui/settings-page.tsx';
import { FiscalDataForm } from './fiscal-form.tsx';
import { invoicingTexts } from './invoicing-texts.ts';

/** edit-afip-data (spec 000 §2.2, 002 §2 mode 1): the professional's own fiscal data. */
export function EditAfipDataPage() {
  return (
    <RequireLogin>
      <EditAfipData />
    </RequireLogin>
  );
}

function EditAfipData() {
  const tx = useTexts(invoicingTexts);
  const navigate = useNavigate();
  const { to } = usePrefix();
  const [step, setStep] = useState<'form' | 'saved'>('form');
  // Issue 34: the CUIT AFIP was linked for, when this save changed it (the link was removed).
  const [unlinkedCuit, setUnlinkedCuit] = useState<string | null>(null);
  const back = () => navigate(to('my-account'));
  return (
    <SettingsPage title={tx('title')} intro={tx('intro')}>
      <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        {step === 'form' ? (
          <FiscalDataForm
            mode={1}
            onBack={back}
            onSaved={(saved) => {
              setUnlinkedCuit(saved.unlinkedCuit);
              setStep('saved');
            }}
          />
        ) : (
          <SavedStep message={tx('saved')}>
            {unlinkedCuit && (
              <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert">
                {tx('afipUnlinked', { cuit: unlinkedCuit })}
              </Alert>
            )}
            <Group justify="center" gap="sm">
              <Button variant="default" onClick={() => setStep('form')}>
                {tx('editAgain')}
              </Button>
              <Button variant="default" onClick={back}>
                {tx('backToAccount')}
              </Button>
              {/* issue 15: the saved CUIT is what the certificate is requested for. */}
              <Button onClick={() => navigate(to('link-afip'))}>{tx('linkAfip')}</Button>
            </Group>
          </SavedStep>
        )}
      </Card>
    </SettingsPage>
  );
}
