import { cardLinkAmount } from '@agendo/contract';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTexts } from '../../i18n/use-texts.ts';
import { planBillingTexts } from './plan-billing-texts.ts';

/** Mercado Pago's browser SDK (MP.js v2); loaded only when the card-linking modal opens. */
export const mercadoPagoSdkUrl = 'https://sdk.mercadopago.com/js/v2';

interface BrickController {
  unmount(): void;
}
interface CardPaymentSettings {
  initialization: { amount: number };
  customization: { paymentMethods: { minInstallments: number; maxInstallments: number } };
  callbacks: {
    onReady: () => void;
    onSubmit: (formData: { token: string }) => Promise<void>;
    onError: (error: { type?: string; message?: string }) => void;
  };
}
interface MercadoPagoSdk {
  bricks(): {
    create(kind: 'cardPayment', container: string, settings: CardPaymentSettings): Promise<BrickController>;
  };
}
declare global {
  interface Window {
    MercadoPago?: new (publicKey: string, options: { locale: string }) => MercadoPagoSdk;
    /** Set by MP.js's device fingerprint, sent as deviceId (spec 002 §7 link-plan-suscription-mp). */
    MP_DEVICE_SESSION_ID?: string;
  }
}

let loading: Promise<void> | null = null;
function loadSdk(): Promise<void> {
  if (window.MercadoPago) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = mercadoPagoSdkUrl;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('MP.js could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The Argentine provider's card form with a real public key (spec 002 §2 Card forms): Mercado
 * Pago's card payment brick makes the card token in its own secure fields, and the token becomes
 * the plan's preapproval. spec 002 §9: the form uses an amount of 2999 with 1 installment at most,
 * credit and debit all accepted (the amount sizes the form's installments; nothing is charged by
 * it, the plan's price is the preapproval's).
 */
export function MercadoPagoCardBrick({
  publicKey,
  onToken,
}: {
  publicKey: string;
  onToken: (cardTokenId: string, deviceId: string | undefined) => Promise<void>;
}) {
  const tx = useTexts(planBillingTexts);
  const container = `mp-card-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const submit = useRef(onToken);
  submit.current = onToken;

  useEffect(() => {
    let cancelled = false;
    let controller: BrickController | undefined;
    loadSdk()
      .then(async () => {
        const MercadoPago = window.MercadoPago;
        if (cancelled || !MercadoPago) return;
        const mp = new MercadoPago(publicKey, { locale: 'es-AR' });
        controller = await mp.bricks().create('cardPayment', container, {
          initialization: { amount: cardLinkAmount },
          customization: { paymentMethods: { minInstallments: 1, maxInstallments: 1 } },
          callbacks: {
            onReady: () => setState('ready'),
            onSubmit: ({ token }) => submit.current(token, window.MP_DEVICE_SESSION_ID),
            // The brick shows a field's problem itself; only one that stops it is ours to show.
            onError: (error) => {
              if (error.type === 'critical') setState('error');
            },
          },
        });
        if (cancelled) controller.unmount();
      })
      .catch(() => {
        if (!cancelled) setState('error');
      });
    return () => {
      cancelled = true;
      controller?.unmount();
    };
  }, [publicKey, container]);

  return (
    <Stack>
      {state === 'loading' && <Skeleton height={320} radius="md" aria-label={tx('formLoading')} />}
      {state === 'error' && (
        <Alert color="red" role="alert">
          {tx('formError')}
        </Alert>
      )}
      <div id={container} />
    </Stack>
  );
}
