/**
 * ROADMAP: one payment adapter interface for bookings, courses, plans and balances. Every
 * provider collects through its own hosted page and reports the outcome with a signed webhook.
 */
export type ProviderName = 'dlocal' | 'stripe' | 'mercadopago' | 'paypal';

export interface CheckoutRequest {
  /** Our payment ref: the provider echoes it back (metadata / external reference). */
  paymentRef: string;
  amountMinor: number;
  currency: string;
  description: string;
  /** Where the provider sends the buyer's browser afterwards (absolute or app-relative). */
  returnUrl: string;
  /** Where the provider posts its webhook (absolute). */
  webhookUrl: string;
  /**
   * Our own return step (absolute), for providers whose approval still needs a call from us
   * before the money moves (PayPal's capture): it completes the payment, then sends the
   * browser on to returnUrl.
   */
  confirmUrl: string;
  payerEmail: string;
  payerName: string;
  /** ISO 3166-1 alpha-2 of the buyer's country (dLocal's `country`); null when unknown. */
  payerCountry: string | null;
}

export interface CheckoutResult {
  providerPaymentId: string;
  checkoutUrl: string;
}

export type WebhookOutcome = 'approved' | 'declined' | 'refunded' | 'ignored';

export interface WebhookEvent {
  /** Unique per event: a replay carries the same id. */
  eventId: string;
  type: string;
  outcome: WebhookOutcome;
  /** The id createCheckout answered, or our payment ref when the provider reports that instead. */
  providerPaymentId: string | null;
  paymentRef: string | null;
}

/** The webhook is not from the provider (bad signature) or too old to trust (replay window). */
export class WebhookRejected extends Error {
  constructor(readonly reason: 'signature' | 'timestamp' | 'payload') {
    super(`webhook rejected: ${reason}`);
  }
}

export interface PaymentProvider {
  /** The provider imitated or called (what payments.provider records). */
  readonly key: string;
  readonly name: ProviderName;
  readonly sandbox: boolean;
  /**
   * Set when the adapter holds a professional's own keys (seller_gateways): the key row a
   * payment records, and the public ref that names the account in its webhook URL. Absent for
   * the platform's adapters in deps.payments.
   */
  readonly account?: { sellerGatewayId: number; ref: string };
  createCheckout(request: CheckoutRequest): Promise<CheckoutResult>;
  parseWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookEvent>;
  /**
   * For providers that need it (PayPal): completes an approved payment when the buyer comes
   * back through confirmUrl, answering the outcome like a webhook would; null when there is
   * nothing to complete yet (the buyer cancelled or has not approved).
   */
  completeReturn?(providerPaymentId: string): Promise<WebhookEvent | null>;
  /**
   * Refunds a collected payment (some providers know it by our ref, others by their own id).
   * `idempotencyKey` is the same on every retry of one refund: providers that take one answer
   * a repeat with the first refund instead of paying twice. Answers the provider's refund id.
   */
  refund(payment: {
    providerPaymentId: string;
    paymentRef: string;
    amountMinor: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ refundId: string | null }>;
}

export function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
