import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
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
  useDocumentTitle(`${tx('title')} · Agendo`);
  const back = () => navigate(to('my-account'));
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {tx('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {tx('intro')}
          </Text>
        </Stack>
        <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          {step === 'form' ? (
            <FiscalDataForm mode={1} onBack={back} onSaved={() => setStep('saved')} />
          ) : (
            <Stack align="center" gap="md" py="md">
              <IconCircleCheck size={48} color="var(--mantine-color-teal-7)" aria-hidden />
              <Text fw={600} ta="center" role="status">
                {tx('saved')}
              </Text>
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
            </Stack>
          )}
        </Card>
      </Stack>
    </Container>
  );
}
