import type Stripe from 'stripe';
import { type StripeKeys, stripeClient } from '../payments/stripe-client.ts';
import type { ChargeOutcome, StripePlanCards } from './plan-billing-port.ts';

/**
 * Stripe through its official SDK: Checkout in setup mode saves the card on a customer
 * (https://docs.stripe.com/payments/save-and-reuse), charges are off-session payment intents with
 * that payment method, webhooks are verified with the endpoint's signing secret.
 */
export function createStripePlanCards(keys: StripeKeys, imitation: boolean): StripePlanCards {
  const { sdk, verifiedEvent } = stripeClient(keys);
  return {
    imitation,
    async startSetup(request) {
      const stripe = await sdk();
      const customer = await stripe.customers.create(
        { email: request.email, metadata: { linkRef: request.linkRef } },
        { idempotencyKey: `plan-customer-${request.linkRef}` },
      );
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          currency: request.currency.toLowerCase(),
          customer: customer.id,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.linkRef,
          metadata: { linkRef: request.linkRef },
        },
        { idempotencyKey: `plan-setup-${request.linkRef}` },
      );
      if (!session.url) throw new Error('stripe: setup session without url');
      return { sessionId: session.id, customerId: customer.id, url: session.url };
    },
    async readSetup(sessionId) {
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['setup_intent', 'setup_intent.payment_method'],
      });
      const intent = session.setup_intent as Stripe.SetupIntent | null;
      const method = intent?.payment_method as Stripe.PaymentMethod | string | null | undefined;
      const customer =
        typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
      return {
        complete: session.status === 'complete' && intent?.status === 'succeeded',
        customerId: customer,
        paymentMethodId: typeof method === 'string' ? method : (method?.id ?? null),
        lastFour: typeof method === 'object' && method ? (method.card?.last4 ?? null) : null,
      };
    },
    async parseWebhook(rawBody, headers) {
      const event = await verifiedEvent(rawBody, headers);
      const object = event.data.object as { object?: string; id?: string; mode?: string };
      const isSetup = object.object === 'checkout.session' && object.mode === 'setup';
      return { eventId: event.id, type: event.type, sessionId: isSetup ? (object.id ?? null) : null };
    },
    async charge(request): Promise<ChargeOutcome> {
      const stripe = await sdk();
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: request.description.slice(0, 250),
            metadata: { chargeRef: request.chargeRef },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { kind: 'approved', providerChargeId: intent.id };
        return { kind: 'declined', providerChargeId: intent.id, message: `stripe: ${intent.status}` };
      } catch (error) {
        // A card error (402) is the card's answer; anything else (network, 5xx) is retried as is.
        const e = error as {
          type?: string;
          code?: string;
          message?: string;
          raw?: { payment_intent?: { id?: string } };
        };
        if (e.type === 'StripeCardError') {
          return {
            kind: 'declined',
            providerChargeId: e.raw?.payment_intent?.id ?? null,
            message: `${e.code ?? 'card_declined'}: ${e.message ?? ''}`.slice(0, 300),
          };
        }
        throw error;
      }
    },
    async removeCustomer(customerId) {
      const stripe = await sdk();
      try {
        await stripe.customers.del(customerId);
      } catch (error) {
        if ((error as { code?: string }).code !== 'resource_missing') throw error;
      }
    },
  };
}
