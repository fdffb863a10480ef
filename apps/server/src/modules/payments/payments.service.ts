import { checkoutHoldMinutes, isoForCountryId, minorUnitsOf } from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AppDeps, SalePaymentRequest, StartedSalePayment } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import type {
  PaymentProvider,
  ProviderName,
  WebhookEvent,
} from '../../providers/payments/payment-provider.ts';
import { ActionError } from '../../rpc-errors.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { tempBookingView } from '../bookings/booking-checkout.service.ts';
import { bookingRefById } from '../bookings/booking-finalize.service.ts';
import { extendHold, liveHeldBooking, ownBooking } from '../bookings/booking-hold.service.ts';
import { findSale } from '../sales/sales.service.ts';
import { paidOnSale, settleSalePaid, settleSaleRefunded } from '../sales/settle-sale.service.ts';
import { checkoutProvider, providerOfPayment, webhookPath } from './payment-accounts.service.ts';
import {
  courseRefOfModulePurchase,
  findPaymentByProviderId,
  findPaymentByRef,
  insertPayment,
  type PaymentRow,
  recordEventOnce,
  updatePayment,
} from './payments.repository.ts';
import { settleRefundOfPayment } from './refunds.repository.ts';
import { attemptRefund, owePaymentRefund } from './refunds.service.ts';

export type { PaymentRow };

/**
 * start-payment: the card step of a held booking (spec 002 §4). The provider comes from the
 * booking's view (chooseProvider); the hold is extended while the client is on the hosted page.
 */
export async function startBookingPayment(
  deps: AppDeps,
  user: { id: number },
  input: { ref: string },
  route: { country: string; lang: string },
): Promise<{ paymentRef: string; provider: ProviderName; checkoutUrl: string; sandbox: boolean }> {
  // A held cart, or (pay-service) a booked appointment still unpaid after its price was confirmed.
  const own = await ownBooking(deps.db, user.id, input.ref);
  const booking = own.state === 'held' ? await liveHeldBooking(deps, user.id, input.ref) : own;
  if (booking.state !== 'held' && (booking.state !== 'confirmed' || booking.pay === 1))
    throw new ActionError('E15');
  const view = await tempBookingView(deps.db, booking, undefined);
  if (view.finalMode !== 'pay' || !view.options.card || !view.provider || booking.sale_id === null) {
    throw new ActionError('E15');
  }
  const returnPath = (paymentRef: string) =>
    `/${route.country}/${route.lang}/confirmation/${view.publicationRef}/${paymentRef}/${booking.ref}`;
  const started = await startSalePayment(deps, {
    saleId: booking.sale_id,
    payerId: user.id,
    amountMinor: booking.price_minor,
    currency: booking.currency,
    provider: view.provider,
    description: `${view.title} · ${view.profName}`,
    returnPath,
  });
  await extendHold(
    deps,
    deps.db,
    booking.id,
    new Date(deps.now().getTime() + checkoutHoldMinutes * 60_000).toISOString(),
  );
  return started;
}

/**
 * The card step of any sale (a booking, a module): records the payment, asks the provider for
 * its hosted checkout and answers where the overlay frame goes. The provider sends the browser
 * back to returnPath(paymentRef).
 */
export async function startSalePayment(deps: AppDeps, sale: SalePaymentRequest): Promise<StartedSalePayment> {
  // A sale part paid from the client's balance is charged only what is still owed.
  const amountMinor = sale.amountMinor - (await paidOnSale(deps.db, sale.saleId));
  if (amountMinor <= 0) throw new ActionError('E15');
  const buyer = await accountById(deps.db, sale.payerId);
  const seller = (await findSale(deps.db, sale.saleId))?.seller_id;
  if (seller === undefined) throw new ActionError('E15');
  // The professional's own keys when they saved some for this provider, else the platform's.
  const provider = await checkoutProvider(deps, seller, sale.provider);
  const paymentRef = newRef();
  const nowIso = deps.now().toISOString();
  const returnPath = sale.returnPath(paymentRef);
  const returnUrl = provider.sandbox ? returnPath : `${deps.config.publicUrl}${returnPath}`;
  const paymentId = await insertPayment(deps.db, {
    ref: paymentRef,
    sale_id: sale.saleId,
    provider: provider.key,
    provider_payment_id: null,
    amount_minor: amountMinor,
    currency: sale.currency,
    state: 'created',
    return_url: returnUrl,
    checkout_url: null,
    created_at: nowIso,
    updated_at: nowIso,
    seller_gateway_id: provider.account?.sellerGatewayId ?? null,
  });
  const checkout = await provider.createCheckout({
    paymentRef,
    amountMinor,
    currency: sale.currency,
    description: sale.description,
    returnUrl,
    webhookUrl: `${deps.config.publicUrl}${webhookPath(provider)}`,
    confirmUrl: `${deps.config.publicUrl}/payments/return/${provider.name}/${paymentRef}`,
    payerEmail: buyer?.email ?? '',
    payerName: buyer ? `${buyer.first_name} ${buyer.last_name}`.trim() : '',
    payerCountry: buyer ? (isoForCountryId(buyer.country_id) ?? null) : null,
  });
  await updatePayment(deps.db, paymentId, {
    provider_payment_id: checkout.providerPaymentId,
    checkout_url: checkout.checkoutUrl,
    updated_at: nowIso,
  });
  return {
    paymentRef,
    provider: provider.name,
    checkoutUrl: checkout.checkoutUrl,
    sandbox: provider.sandbox,
  };
}

/** find-payment: the payment of one of the user's sales (a booking or a module). */
export async function findOwnPayment(deps: AppDeps, userId: number, ref: string) {
  const payment = await findPaymentByRef(deps.db, ref);
  const sale = payment ? await findSale(deps.db, payment.sale_id) : undefined;
  if (!payment || !sale || sale.buyer_id !== userId) throw new ActionError('E40');
  const bookingRef = sale.booking_id !== null ? await bookingRefById(deps.db, sale.booking_id) : null;
  const isModule = sale.kind === 'module' && sale.module_purchase_id !== null;
  const courseRef = isModule
    ? await courseRefOfModulePurchase(deps.db, sale.module_purchase_id as number)
    : null;
  const approved = payment.state === 'approved';
  const refunded = payment.state === 'refunded';
  return {
    paymentRef: payment.ref,
    state: payment.state,
    provider: payment.provider,
    amount: payment.amount_minor / minorUnitsOf(payment.currency),
    currency: payment.currency,
    bookingRef,
    courseRef,
    // spec 002 §4: a module's return goes to card-success-course or card-refound.
    route: approved
      ? isModule
        ? ('card-success-course' as const)
        : ('pay-success' as const)
      : refunded
        ? isModule
          ? ('card-refound' as const)
          : ('refound' as const)
        : null,
  };
}

/** A payment page of the sandbox: only for payments the sandbox imitation created. */
export async function sandboxPayment(deps: AppDeps, provider: ProviderName, ref: string) {
  const payment = await findPaymentByRef(deps.db, ref);
  if (!payment || payment.provider !== `sandbox-${provider}`) return null;
  const sale = await findSale(deps.db, payment.sale_id);
  return sale ? { payment, description: sale.description } : null;
}

/**
 * The buyer is back from a provider's page through our return step (PayPal: approval still
 * needs our capture). Completes the payment when the provider needs it and answers where the
 * browser goes next (the app's confirmation page); null for a payment this provider did not
 * create. A failed completion is logged and left to the provider's webhook (CHECKOUT.ORDER.APPROVED
 * captures too): the buyer still reaches the confirmation page, which shows the payment's state.
 */
export async function completeProviderReturn(
  deps: AppDeps,
  name: ProviderName,
  ref: string,
): Promise<string | null> {
  const payment = await findPaymentByRef(deps.db, ref);
  // The keys that created the payment complete it: the platform's or the professional's own.
  const provider = payment ? await providerOfPayment(deps, payment) : undefined;
  if (!payment || !provider || provider.name !== name) return null;
  if (payment.state === 'created' && payment.provider_payment_id && provider.completeReturn) {
    try {
      const event = await provider.completeReturn(payment.provider_payment_id);
      if (event) await applyWebhook(deps, provider, event);
    } catch (error) {
      deps.log.error({ err: error, provider: name, payment: ref }, 'payment return: completion failed');
    }
  }
  return payment.return_url;
}

export type WebhookResult = 'applied' | 'replay' | 'unknown-payment';

/**
 * Applies a verified webhook event once: the event row and its effect commit together, so a
 * replay (same event id) changes nothing. A booking that lost its slot while its hold had
 * expired is refunded at once instead of being double-booked.
 */
export async function applyWebhook(
  deps: AppDeps,
  provider: PaymentProvider,
  event: WebhookEvent,
): Promise<WebhookResult> {
  const nowIso = deps.now().toISOString();
  const result = await deps.db.transaction().execute(async (tx) => {
    const payment = await paymentOfEvent(tx, provider, event);
    const fresh = await recordEventOnce(tx, {
      provider: eventSource(provider),
      eventId: event.eventId,
      paymentId: payment?.id ?? null,
      type: event.type,
      now: nowIso,
    });
    if (!fresh) return { kind: 'replay' as const };
    if (!payment) return { kind: 'unknown-payment' as const };
    if (event.outcome === 'approved' && payment.state !== 'approved' && payment.state !== 'refunded') {
      await updatePayment(tx, payment.id, { state: 'approved', updated_at: nowIso });
      const settled = await settleSalePaid(deps, tx, payment.sale_id, {
        method: 'card',
        provider: provider.name,
        ownGateway: payment.seller_gateway_id !== null,
      });
      if (settled === 'slot-lost') {
        return { kind: 'refund' as const, refundId: await owePaymentRefund(deps, tx, payment) };
      }
    } else if (event.outcome === 'declined' && payment.state === 'created') {
      await updatePayment(tx, payment.id, { state: 'declined', updated_at: nowIso });
    } else if (event.outcome === 'refunded' && payment.state === 'approved') {
      await updatePayment(tx, payment.id, { state: 'refunded', updated_at: nowIso });
      await settleSaleRefunded(deps, tx, payment.sale_id);
      // The provider reports the refund we asked for (or one made on its dashboard): nothing is owed.
      await settleRefundOfPayment(tx, payment.id, nowIso);
    }
    return { kind: 'applied' as const };
  });
  if (result.kind === 'refund') {
    await attemptRefund(deps, result.refundId);
    return 'applied';
  }
  return result.kind;
}

/** Events are kept per account: a professional's account is its own source of event ids. */
const eventSource = (provider: PaymentProvider) =>
  provider.account ? `${provider.key}#${provider.account.sellerGatewayId}` : provider.key;

/**
 * The payment an event verified by this adapter speaks of: only one the same keys created. An
 * event verified with the platform's keys never touches a payment of a professional's account,
 * nor the other way round.
 */
async function paymentOfEvent(db: DB, provider: PaymentProvider, event: WebhookEvent) {
  const account = provider.account?.sellerGatewayId ?? null;
  if (event.providerPaymentId) {
    const byId = await findPaymentByProviderId(db, provider.key, event.providerPaymentId, account);
    if (byId) return byId;
  }
  if (event.paymentRef) {
    const byRef = await findPaymentByRef(db, event.paymentRef);
    if (byRef && byRef.provider === provider.key && byRef.seller_gateway_id === account) return byRef;
  }
  return undefined;
}
