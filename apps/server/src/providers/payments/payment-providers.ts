import type { AppConfig } from '../../config.ts';
import type { PaymentProvider, ProviderName } from './payment-provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

export type PaymentProviders = Record<ProviderName, PaymentProvider>;
export type RealProviderFactories = Partial<
  Record<ProviderName, (config: AppConfig) => PaymentProvider | null>
>;

export const providerNames: readonly ProviderName[] = ['dlocal', 'stripe', 'mercadopago', 'paypal'];

/**
 * The adapter for each provider: the real API when its keys are configured, otherwise the
 * sandbox imitation, so every journey runs offline (ARCHITECTURE §1). In production the sandbox
 * only serves with the explicit PAYMENTS_SANDBOX=1 opt-in: its test card would otherwise pass
 * for a real payment (issue 12). configFromEnv refuses such a start first; this is the backstop
 * for configurations built in code.
 */
export function createPaymentProviders(
  config: AppConfig,
  now: () => Date,
  real: RealProviderFactories = {},
): PaymentProviders {
  const pick = (name: ProviderName): PaymentProvider => {
    const provider = real[name]?.(config);
    if (provider) return provider;
    if (config.env === 'production' && !config.payments.sandboxOptIn) {
      throw new Error(`payment provider ${name} has no keys and PAYMENTS_SANDBOX=1 is not set`);
    }
    return createSandboxProvider({
      name,
      secret: config.payments.sandboxSecret,
      now,
      approves: config.env !== 'production',
    });
  };
  return {
    dlocal: pick('dlocal'),
    stripe: pick('stripe'),
    mercadopago: pick('mercadopago'),
    paypal: pick('paypal'),
  };
}

/** The providers served by the sandbox imitation (none in a fully keyed production). */
export function sandboxedProviders(providers: PaymentProviders): ProviderName[] {
  return providerNames.filter((name) => providers[name].sandbox);
}
