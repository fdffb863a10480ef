import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import type { ExtraSources } from '../../http/security-headers.ts';
import type { Outbound } from '../../lib/outbound.ts';
import { createMercadoPagoPlanCards } from './mercadopago-plan-cards.ts';
import {
  createPlanBillingImitation,
  imitationMercadoPagoToken,
  imitationStripeKeys,
  type PlanBillingImitation,
} from './plan-billing-imitation.ts';
import type { ChargeOutcome, PlanCards } from './plan-billing-port.ts';
import { createStripePlanCards } from './stripe-plan-cards.ts';

/** Where our app serves the imitation's hosted setup page (dev/plan-card-page.routes.ts). */
export const imitationSetupPath = '/sandbox-plan-card/stripe';

/**
 * The plan's card adapters: the real APIs with the platform's keys, else the same adapters
 * pointed at the offline imitation. Production never starts the imitation unless the operator
 * opted into the sandbox (PAYMENTS_SANDBOX=1; configFromEnv refuses missing keys otherwise).
 */
export function createPlanCards(config: AppConfig, now: () => Date, http: Outbound): PlanCards {
  const { stripe, mercadopago, sandboxOptIn } = config.payments;
  const needsImitation = !stripe || !mercadopago;
  if (needsImitation && config.env === 'production' && !sandboxOptIn) {
    throw new Error(
      'plan cards: Stripe and Mercado Pago keys are required in production (PAYMENTS_SANDBOX=1 not set)',
    );
  }
  const imitation: PlanBillingImitation | null = needsImitation
    ? createPlanBillingImitation({
        now,
        webhookSecret: config.payments.sandboxSecret,
        hostedPath: imitationSetupPath,
        stateFile: path.join(config.dataDir, 'plan-billing-imitation.json'),
      })
    : null;
  const approves = config.env !== 'production';
  // The adapters need the imitation's port, known once it listens: resolved on first call.
  const imitationBase = async () => (imitation ? (await imitation.endpoints()).base : undefined);
  const stripeCards = stripe
    ? createStripePlanCards({ ...stripe, webhookSecret: stripe.planWebhookSecret }, false)
    : deferred(
        async () =>
          createStripePlanCards(
            {
              secretKey: imitationStripeKeys.secretKey,
              webhookSecret: config.payments.sandboxSecret,
              apiBase: await imitationBase(),
            },
            true,
          ),
        approves,
      );
  const mpCards = mercadopago
    ? createMercadoPagoPlanCards(mercadopago, false, http)
    : deferred(async () => {
        const base = await imitationBase();
        return createMercadoPagoPlanCards(
          { accessToken: imitationMercadoPagoToken, apiBase: base },
          true,
          // The imitation listens on 127.0.0.1: only this adapter's view of the client reaches it.
          base ? http.trusting([base]) : http,
        );
      }, approves);
  return {
    stripe: stripeCards,
    mercadopago: mpCards,
    imitation,
    close: async () => {
      await imitation?.close();
    },
  };
}

/**
 * With a real Mercado Pago public key the plan's card form is Mercado Pago's own (MP.js and its
 * card payment brick, loaded by the card-linking modal only): the page's policy lets its SDK,
 * its API calls and its secure-field frames through. Without one, nothing is added.
 */
export function planCardFormSources(config: AppConfig): ExtraSources {
  if (!config.payments.mercadopago?.publicKey) return {};
  return {
    scriptSrc: ['https://sdk.mercadopago.com', 'https://http2.mlstatic.com'],
    connectSrc: [
      'https://api.mercadopago.com',
      'https://api-static.mercadopago.com',
      'https://http2.mlstatic.com',
      'https://*.mercadolibre.com',
    ],
    frameSrc: ['https://*.mercadopago.com', 'https://*.mercadolibre.com'],
  };
}

/**
 * What an imitation's charge answers in production (PAYMENTS_SANDBOX=1, issue 28): its test card
 * links, but an approval is never money, so it is read as a decline and the plan stays unpaid.
 */
function declinedInProduction(outcome: unknown): unknown {
  const charged = outcome as Partial<ChargeOutcome> | undefined;
  if (charged?.kind !== 'approved') return outcome;
  return {
    kind: 'declined',
    providerChargeId: charged.providerChargeId ?? null,
    message: 'sandbox imitation: no real charge in production',
  } satisfies ChargeOutcome;
}

/**
 * An adapter made on first use (every method is async), marked as the imitation. With
 * `approves` false (production) every approved charge it answers becomes a decline.
 */
function deferred<T extends { imitation: boolean }>(make: () => Promise<T>, approves: boolean): T {
  let made: Promise<T> | undefined;
  const get = () => {
    made ??= make();
    return made;
  };
  return new Proxy({ imitation: true } as T, {
    get(_target, prop) {
      if (prop === 'imitation') return true;
      if (prop === 'then') return undefined;
      return async (...args: unknown[]) => {
        const adapter = (await get()) as unknown as Record<string | symbol, (...a: unknown[]) => unknown>;
        const answer = await adapter[prop]?.(...args);
        return approves ? answer : declinedInProduction(answer);
      };
    },
  });
}
