import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTexts } from '../../i18n/use-texts.ts';
import { coursesTexts } from './courses-texts.ts';

/** spec 002 §4: 'Opciones de Pago' when the professional takes both cards and transfers. */
export function PaymentChooser({
  opened,
  onClose,
  onCard,
  onTransfer,
}: {
  opened: boolean;
  onClose: () => void;
  onCard: () => void;
  onTransfer: () => void;
}) {
  const tx = useTexts(coursesTexts);
  return (
    <Modal opened={opened} onClose={onClose} title={tx('paymentOptions')} centered>
      <Text size="sm" mb="md">
        {tx('paymentOptionsText')}
      </Text>
      <Stack>
        <Button variant="light" onClick={onCard}>
          {tx('payCard')}
        </Button>
        <Button variant="light" onClick={onTransfer}>
          {tx('payTransfer')}
        </Button>
        <Button variant="subtle" color="gray" onClick={onClose}>
          {tx('cancel')}
        </Button>
      </Stack>
    </Modal>
  );
}
