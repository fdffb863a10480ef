import type Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import type { PaymentProvider, WebhookEvent } from './payment-provider.ts';
import { stripeClient } from './stripe-client.ts';

/**
 * Stripe through its official SDK: a hosted Checkout Session, webhooks verified with the
 * endpoint's signing secret (the SDK checks the HMAC and its 5-minute tolerance), refunds of the
 * session's payment intent. Null without keys: the sandbox imitation serves instead.
 */
export function createStripeProvider(config: AppConfig): PaymentProvider | null {
  const keys = config.payments.stripe;
  if (!keys) return null;
  const { sdk, verifiedEvent } = stripeClient(keys);
  return {
    key: 'stripe',
    name: 'stripe',
    sandbox: false,
    async createCheckout(request) {
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountMinor,
              product_data: { name: request.description.slice(0, 250) },
            },
          },
        ],
        success_url: request.returnUrl,
        cancel_url: request.returnUrl,
        client_reference_id: request.paymentRef,
        metadata: { paymentRef: request.paymentRef },
        ...(request.payerEmail ? { customer_email: request.payerEmail } : {}),
      });
      if (!session.url) throw new Error('stripe: checkout session without url');
      return { providerPaymentId: session.id, checkoutUrl: session.url };
    },
    async parseWebhook(rawBody, headers): Promise<WebhookEvent> {
      const event = await verifiedEvent(rawBody, headers);
      if (event.type.startsWith('checkout.session.')) {
        const session = event.data.object as Stripe.Checkout.Session;
        const outcome =
          event.type === 'checkout.session.completed'
            ? session.payment_status === 'paid'
              ? 'approved'
              : 'ignored'
            : event.type === 'checkout.session.async_payment_succeeded'
              ? 'approved'
              : event.type === 'checkout.session.async_payment_failed' ||
                  event.type === 'checkout.session.expired'
                ? 'declined'
                : 'ignored';
        return {
          eventId: event.id,
          type: event.type,
          outcome,
          providerPaymentId: session.id,
          paymentRef: session.metadata?.paymentRef ?? session.client_reference_id ?? null,
        };
      }
      return {
        eventId: event.id,
        type: event.type,
        outcome: 'ignored',
        providerPaymentId: null,
        paymentRef: null,
      };
    },
    async refund({ providerPaymentId, amountMinor, idempotencyKey }) {
      const stripe = await sdk();
      const session = await stripe.checkout.sessions.retrieve(providerPaymentId);
      const intent =
        typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error('stripe: session without payment intent');
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: amountMinor },
        { idempotencyKey: `refund-${idempotencyKey}` },
      );
      return { refundId: refund.id };
    },
  };
}
