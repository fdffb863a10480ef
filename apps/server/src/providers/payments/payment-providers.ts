import type { AppConfig } from '../../config.ts';
import type { PaymentProvider, ProviderName } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

export type PaymentProviders = Record<ProviderName, PaymentProvider>;

/**
 * The adapter for each provider: the real SDK when its keys are configured, otherwise the
 * sandbox imitation, so every journey runs offline (ARCHITECTURE §1).
 */
export function createPaymentProviders(
  config: AppConfig,
  now: () => Date,
  real: Partial<Record<ProviderName, (config: AppConfig) => PaymentProvider | null>> = {},
): PaymentProviders {
  const pick = (name: ProviderName): PaymentProvider =>
    real[name]?.(config) ?? createSandboxProvider({ name, secret: config.payments.sandboxSecret, now });
  return {
    dlocal: pick('dlocal'),
    stripe: pick('stripe'),
    mercadopago: pick('mercadopago'),
    paypal: pick('paypal'),
  };
}
