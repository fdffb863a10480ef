import { toMajorUnits, toMinorUnits } from '@agendo/contract';
import type { Outbound } from '../../lib/outbound.ts';
import { apiRoot, ProviderHttpError, providerRequest } from '../payments/provider-http.ts';
import type { ChargeOutcome, MercadoPagoPlanCards } from './plan-billing-port.ts';

export interface MercadoPagoPlanKeys {
  accessToken: string;
  apiBase?: string | undefined;
}

interface Preapproval {
  id: string;
  status: string;
  card_id?: string | number | null;
  auto_recurring?: { transaction_amount?: number; currency_id?: string } | null;
}
interface AuthorizedPayment {
  id: number | string;
  status: string;
  date_created?: string;
  debit_date?: string;
  payment?: { id?: number | string; status?: string; status_detail?: string } | null;
  rejection_code?: string | null;
}

/**
 * Mercado Pago subscriptions (https://www.mercadopago.com.ar/developers/es/reference/subscriptions):
 * POST /preapproval with the card form's card_token_id and status 'authorized' makes a monthly
 * subscription that Mercado Pago charges itself; GET /authorized_payments/search lists those
 * charges, which the plan's timed work reads back; PUT /preapproval/{id} with
 * auto_recurring.transaction_amount changes what the next charges debit (a change of plan, a
 * proration carried by the next debit). Spoken directly over HTTP (ADR 010).
 */
export function createMercadoPagoPlanCards(
  keys: MercadoPagoPlanKeys,
  imitation: boolean,
  http: Outbound,
): MercadoPagoPlanCards {
  const root = apiRoot(keys.apiBase, 'https://api.mercadopago.com');
  const headers = (idempotencyKey?: string) => ({
    Authorization: `Bearer ${keys.accessToken}`,
    'Content-Type': 'application/json',
    ...(idempotencyKey ? { 'X-Idempotency-Key': idempotencyKey } : {}),
  });
  return {
    imitation,
    async subscribe(request) {
      try {
        const created = await providerRequest<Preapproval & { last_four_digits?: string }>(
          http,
          'mercadopago',
          `${root}/preapproval`,
          {
            method: 'POST',
            headers: headers(`plan-${request.externalReference}`),
            body: JSON.stringify({
              reason: request.reason.slice(0, 250),
              external_reference: request.externalReference,
              payer_email: request.payerEmail,
              card_token_id: request.cardToken,
              auto_recurring: {
                frequency: 1,
                frequency_type: 'months',
                transaction_amount: toMajorUnits(request.amountMinor, request.currency),
                currency_id: request.currency,
              },
              back_url: request.backUrl,
              status: 'authorized',
            }),
          },
        );
        if (created.status !== 'authorized') return { rejected: `mercadopago: ${created.status}` };
        return { preapprovalId: String(created.id), lastFour: created.last_four_digits ?? null };
      } catch (error) {
        // A 4xx is Mercado Pago refusing the card or the token: its message goes to plan-status.
        if (error instanceof ProviderHttpError && error.status >= 400 && error.status < 500) {
          const body = error.body as { message?: string } | null;
          return { rejected: (body?.message ?? 'La tarjeta fue rechazada.').slice(0, 300) };
        }
        throw error;
      }
    },
    async chargeOf(preapprovalId, since): Promise<ChargeOutcome> {
      const found = await providerRequest<{ results?: AuthorizedPayment[] }>(
        http,
        'mercadopago',
        `${root}/authorized_payments/search?preapproval_id=${encodeURIComponent(preapprovalId)}`,
        { method: 'GET', headers: headers() },
      );
      const ofPeriod = (found.results ?? [])
        .filter((p) => (p.debit_date ?? p.date_created ?? '') >= since)
        .sort((a, b) => String(b.debit_date ?? '').localeCompare(String(a.debit_date ?? '')));
      const paid = ofPeriod.find((p) => p.payment?.status === 'approved');
      if (paid) return { kind: 'approved', providerChargeId: String(paid.payment?.id ?? paid.id) };
      const last = ofPeriod[0];
      if (
        last &&
        (last.status === 'recycling' || last.status === 'rejected' || last.payment?.status === 'rejected')
      ) {
        return {
          kind: 'declined',
          providerChargeId: last.payment?.id !== undefined ? String(last.payment.id) : null,
          message: `mercadopago: ${last.payment?.status_detail ?? last.rejection_code ?? last.status}`,
        };
      }
      return { kind: 'pending' };
    },
    async updateAmount(preapprovalId, amountMinor, currency) {
      await providerRequest<Preapproval>(
        http,
        'mercadopago',
        `${root}/preapproval/${encodeURIComponent(preapprovalId)}`,
        {
          method: 'PUT',
          headers: headers(),
          body: JSON.stringify({
            status: 'authorized',
            auto_recurring: {
              transaction_amount: toMajorUnits(amountMinor, currency),
              currency_id: currency,
            },
          }),
        },
      );
    },
    async stop(preapprovalId, status) {
      await providerRequest<Preapproval>(
        http,
        'mercadopago',
        `${root}/preapproval/${encodeURIComponent(preapprovalId)}`,
        { method: 'PUT', headers: headers(), body: JSON.stringify({ status }) },
      );
    },
    async readPreapproval(preapprovalId) {
      const found = await providerRequest<Preapproval>(
        http,
        'mercadopago',
        `${root}/preapproval/${encodeURIComponent(preapprovalId)}`,
        { method: 'GET', headers: headers() },
      );
      const currency = found.auto_recurring?.currency_id ?? '';
      return {
        status: found.status,
        amountMinor: toMinorUnits(Number(found.auto_recurring?.transaction_amount ?? 0), currency),
        currency,
      };
    },
  };
}
