/**
 * The plan's card (issue 16, spec 002 §7 link-plan-suscription-mp / -st): how the platform links
 * a professional's card and charges their plan. Two providers, as the spec splits them by
 * country: Mercado Pago for Argentina (a preapproval made with a card token from its card form)
 * and Stripe elsewhere (a Checkout session in setup mode saves the card, charges are off-session
 * payment intents). The same adapters talk to the real APIs (keys configured) or to the offline
 * imitation over HTTP (plan-billing-imitation.ts).
 */
export type PlanCardProviderName = 'stripe' | 'mercadopago';

/** A charge's outcome: declined is the card's answer (retry later, then block); errors throw. */
export type ChargeOutcome =
  | { kind: 'approved'; providerChargeId: string }
  | { kind: 'declined'; providerChargeId: string | null; message: string }
  /** Mercado Pago charges on its own schedule: nothing of this period yet. */
  | { kind: 'pending' };

export interface StripePlanCards {
  readonly imitation: boolean;
  /** A customer and a Checkout session in setup mode; the browser goes to `url`. */
  startSetup(request: {
    linkRef: string;
    email: string;
    currency: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ sessionId: string; customerId: string; url: string }>;
  /** The session as Stripe reports it: the saved payment method once completed. */
  readSetup(sessionId: string): Promise<{
    complete: boolean;
    customerId: string | null;
    paymentMethodId: string | null;
    lastFour: string | null;
  }>;
  /** Verifies the signature (stripe-signature) and names the setup session the event speaks of. */
  parseWebhook(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ eventId: string; type: string; sessionId: string | null }>;
  /** An off-session payment intent with the saved method; `idempotencyKey` is per attempt. */
  charge(request: {
    customerId: string;
    paymentMethodId: string;
    amountMinor: number;
    currency: string;
    chargeRef: string;
    description: string;
    idempotencyKey: string;
  }): Promise<ChargeOutcome>;
  /**
   * Deletes the customer (a closed account): Stripe detaches its saved cards with it, so nothing
   * can be charged to them again. A customer already deleted counts as done.
   */
  removeCustomer(customerId: string): Promise<void>;
}

export interface MercadoPagoPlanCards {
  readonly imitation: boolean;
  /**
   * A preapproval (subscription) authorised with the card token of the card form: Mercado Pago
   * charges it every month. A rejected card answers { rejected } with the provider's message.
   */
  subscribe(request: {
    cardToken: string;
    payerEmail: string;
    amountMinor: number;
    currency: string;
    reason: string;
    externalReference: string;
    backUrl: string;
  }): Promise<{ preapprovalId: string; lastFour: string | null } | { rejected: string }>;
  /** Mercado Pago's own monthly charge of the preapproval made since `since`, if any yet. */
  chargeOf(preapprovalId: string, since: string): Promise<ChargeOutcome>;
  /**
   * What the preapproval debits from its next charge on (PUT /preapproval/{id}); it also resumes
   * a preapproval paused by the free plan or a prepaid period.
   */
  updateAmount(preapprovalId: string, amountMinor: number, currency: string): Promise<void>;
  /**
   * Stops Mercado Pago's own monthly debits: 'paused' while the plan needs no monthly charge (the
   * free plan, a prepaid semiannual or annual period; updateAmount resumes it), 'cancelled' for a
   * card replaced by another (a cancelled preapproval never debits again).
   */
  stop(preapprovalId: string, status: 'paused' | 'cancelled'): Promise<void>;
  /** The preapproval as Mercado Pago has it now (GET /preapproval/{id}). */
  readPreapproval(preapprovalId: string): Promise<{ status: string; amountMinor: number; currency: string }>;
}

export interface PlanCards {
  stripe: StripePlanCards;
  mercadopago: MercadoPagoPlanCards;
  /** The offline imitation (its card form and hosted page); null with real keys for both. */
  imitation: import('./plan-billing-imitation.ts').PlanBillingImitation | null;
  close(): Promise<void>;
}
