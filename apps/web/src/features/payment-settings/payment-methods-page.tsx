import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTexts } from '../../i18n/use-texts.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
import { SettingsPage } from '../../ui/settings-page.tsx';
import { GatewayKeysCard } from './gateway-keys-card.tsx';
import { PaymentMethodsPanel, usePaymentOptions } from './payment-methods-panel.tsx';
import { paymentSettingsTexts } from './payment-settings-texts.ts';

/** change-local-payments / change-global-payments (spec 000 §2.2): the 'Formas de cobro' panel. */
export function PaymentMethodsPage() {
  const tx = useTexts(paymentSettingsTexts);
  return (
    <RequireLogin>
      <SettingsPage title={tx('paymentMethods')} tabTitle={tx('panelTitle')}>
        <PaymentMethodsPanel />
      </SettingsPage>
    </RequireLogin>
  );
}

/**
 * my-charges (spec 002 §2 'Configurar Cobros'): which gateway takes the card payments, the
 * professional's own Mercado Pago and PayPal keys, and the payment methods panel.
 */
export function MyChargesPage() {
  const tx = useTexts(paymentSettingsTexts);
  return (
    <RequireLogin>
      <SettingsPage title={tx('chargesTitle')}>
        <GatewayStatus />
        <GatewayKeysCard kind="local" />
        <GatewayKeysCard kind="global" />
        <PaymentMethodsPanel />
      </SettingsPage>
    </RequireLogin>
  );
}

function GatewayStatus() {
  const tx = useTexts(paymentSettingsTexts);
  const options = usePaymentOptions();
  if (!options.data) return null;
  return (
    <Alert
      color={options.data.hasGatewayKeys ? 'teal' : 'yellow'}
      icon={<IconInfoCircle aria-hidden />}
      role="status"
    >
      {options.data.hasGatewayKeys ? tx('gatewayReady') : tx('gatewayMissing')}
    </Alert>
  );
}
