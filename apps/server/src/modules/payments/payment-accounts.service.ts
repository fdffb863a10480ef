import { paymentProviderIds } from '@agendo/contract';
import type { AppDeps } from '../../deps.ts';
import { createMercadoPagoAdapter } from '../../providers/payments/mercadopago-provider.ts';
import type { PaymentProvider, ProviderName } from '../../providers/payments/payment-provider.ts';
import { createPayPalAdapter } from '../../providers/payments/paypal-provider.ts';
import { createSandboxProvider } from '../../providers/payments/sandbox-provider.ts';
import {
  liveSellerGatewayKeys,
  type SellerGatewayKeys,
  sellerGatewayKeys,
} from '../payment-options/payment-options.service.ts';

/**
 * Whose account collects a card payment (issue 14, spec 002 §4 provider choice): a professional
 * who saved their own Mercado Pago or PayPal keys collects through them, everyone else through
 * the platform's adapters (deps.payments). A payment records the key row that created it, and
 * its webhooks, return step and refund are served by an adapter over that same row.
 */

/** spec 002 §9 provider ids: the pasarela of the keys that can serve each provider. */
const ownKeysProviders: Partial<Record<ProviderName, number>> = {
  mercadopago: paymentProviderIds.mercadopago,
  paypal: paymentProviderIds.paypal,
};

const providerOfPasarela = (pasarela: number): ProviderName | null =>
  pasarela === paymentProviderIds.mercadopago
    ? 'mercadopago'
    : pasarela === paymentProviderIds.paypal
      ? 'paypal'
      : null;

/** Most sellers a process keeps an adapter for; the oldest is dropped past it. */
const cacheSize = 500;
/**
 * Adapters by key row, per app. A row's keys never change (new keys are a new row), so an
 * adapter built once stays right; PayPal's keeps its OAuth token between payments this way.
 */
const cache = new WeakMap<AppDeps, Map<number, PaymentProvider>>();

/**
 * The professional's own adapter: the real one over their keys, talking to the same API root as
 * the platform's adapter (a test's local imitation, PayPal's sandbox host, or the live API).
 * Outside production, while the platform's adapter for that provider is the sandbox imitation
 * (the demo, offline development), the sandbox imitates their account too, signing its webhooks
 * with their secret key. Production never imitates a professional's account: their buyers pay
 * for real, whatever PAYMENTS_SANDBOX says.
 */
function sellerAdapter(deps: AppDeps, name: ProviderName, keys: SellerGatewayKeys): PaymentProvider {
  let byRow = cache.get(deps);
  if (!byRow) {
    byRow = new Map();
    cache.set(deps, byRow);
  }
  const cached = byRow.get(keys.id);
  if (cached) return cached;
  const imitated = deps.payments[name].sandbox && deps.config.env !== 'production';
  const adapter = imitated
    ? createSandboxProvider({ name, secret: keys.secretKey, now: () => deps.now(), approves: true })
    : name === 'mercadopago'
      ? createMercadoPagoAdapter(
          // Their Mercado Pago access token is the secret key they saved.
          {
            accessToken: keys.secretKey,
            webhookSecret: null,
            apiBase: deps.config.payments.mercadopago?.apiBase,
          },
          () => deps.now(),
        )
      : createPayPalAdapter(
          {
            clientId: keys.publicKey,
            clientSecret: keys.secretKey,
            webhookId: null,
            apiBase: deps.config.payments.paypal?.apiBase,
          },
          deps.outbound,
          () => deps.now(),
        );
  const own: PaymentProvider = { ...adapter, account: { sellerGatewayId: keys.id, ref: keys.ref } };
  if (byRow.size >= cacheSize) {
    const oldest = byRow.keys().next();
    if (!oldest.done) byRow.delete(oldest.value);
  }
  byRow.set(keys.id, own);
  return own;
}

/** The adapter a new checkout of this seller uses for the chosen provider. */
export async function checkoutProvider(
  deps: AppDeps,
  sellerId: number,
  name: ProviderName,
): Promise<PaymentProvider> {
  const pasarela = ownKeysProviders[name];
  const keys =
    pasarela === undefined
      ? null
      : await liveSellerGatewayKeys(deps.db, deps.config.keyRing, sellerId, pasarela);
  return keys ? sellerAdapter(deps, name, keys) : deps.payments[name];
}

/**
 * The adapter over the keys that created a payment; undefined when no adapter of this app holds
 * them (a payment the sandbox created before real keys were configured).
 */
export async function providerOfPayment(
  deps: AppDeps,
  payment: { provider: string; seller_gateway_id: number | null },
): Promise<PaymentProvider | undefined> {
  if (payment.seller_gateway_id === null) {
    return Object.values(deps.payments).find((p) => p.key === payment.provider);
  }
  const keys = await sellerGatewayKeys(deps.db, deps.config.keyRing, {
    id: payment.seller_gateway_id,
  });
  const name = keys ? providerOfPasarela(keys.pasarela) : null;
  const adapter = keys && name ? sellerAdapter(deps, name, keys) : undefined;
  return adapter?.key === payment.provider ? adapter : undefined;
}

/** The adapter of the account a webhook URL names (/webhooks/payments/:provider/:account). */
export async function providerOfAccount(
  deps: AppDeps,
  name: ProviderName,
  accountRef: string,
): Promise<PaymentProvider | undefined> {
  const keys = await sellerGatewayKeys(deps.db, deps.config.keyRing, { ref: accountRef });
  if (!keys || providerOfPasarela(keys.pasarela) !== name) return undefined;
  return sellerAdapter(deps, name, keys);
}

/** Where the provider posts the webhooks of a checkout: the account's own URL for a seller's keys. */
export function webhookPath(provider: PaymentProvider): string {
  const base = `/webhooks/payments/${provider.name}`;
  return provider.account ? `${base}/${provider.account.ref}` : base;
}

/**
 * What the sandbox's hosted page signs its webhook with and where it posts it: the platform's
 * sandbox secret, or the professional's secret key when the sandbox imitates their account.
 */
export async function sandboxWebhookTarget(
  deps: AppDeps,
  payment: { provider: string; seller_gateway_id: number | null },
): Promise<{ path: string; secret: string } | null> {
  const provider = await providerOfPayment(deps, payment);
  if (!provider?.sandbox) return null;
  if (payment.seller_gateway_id === null) {
    return { path: webhookPath(provider), secret: deps.config.payments.sandboxSecret };
  }
  const keys = await sellerGatewayKeys(deps.db, deps.config.keyRing, {
    id: payment.seller_gateway_id,
  });
  return keys ? { path: webhookPath(provider), secret: keys.secretKey } : null;
}
