import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { defineTexts, useTexts } from '../i18n/use-texts.ts';

const texts = defineTexts(
  { title: 'Pago con tarjeta', close: 'Cerrar el pago' },
  { title: 'Card payment', close: 'Close the payment' },
);

/**
 * spec 002 §7: the card provider's hosted page in an overlay frame (full screen on phones).
 * Appointments, balances and modules all pay through it; the provider sends the top window back.
 */
export function PaymentFrame({ url, onClose }: { url: string | null; onClose: () => void }) {
  const tx = useTexts(texts);
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={url !== null}
      onClose={onClose}
      title={tx('title')}
      fullScreen={phone}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': tx('close') }}
    >
      {url && (
        <iframe
          src={url}
          title={tx('title')}
          style={{ width: '100%', height: phone ? 'calc(100dvh - 90px)' : 620, border: 0 }}
        />
      )}
    </Modal>
  );
}
