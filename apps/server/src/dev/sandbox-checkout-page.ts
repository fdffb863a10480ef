import { formatMoney, minorUnitsOf } from '@agendo/contract';
import { escapeHtml } from '../lib/html.ts';
import type { ProviderName } from '../providers/payments/payment-provider.ts';
import { cardForm, imitationPage, messageCard, type PageBrand } from './imitation-page.ts';

const branding: Record<ProviderName, PageBrand> = {
  dlocal: { label: 'dLocal', color: '#1d4ed8' },
  stripe: { label: 'Stripe', color: '#4f46e5' },
  mercadopago: { label: 'Mercado Pago', color: '#0369a1' },
  paypal: { label: 'PayPal', color: '#1e3a8a' },
};

export interface SandboxPageData {
  provider: ProviderName;
  paymentRef: string;
  description: string;
  amountMinor: number;
  currency: string;
}

const amountText = (data: SandboxPageData) =>
  formatMoney(
    data.amountMinor / minorUnitsOf(data.currency),
    data.currency,
    data.currency === 'USD' ? 55 : 5,
  );

/** The hosted checkout: a plain form (no script), so it works under the app's CSP and without JS. */
export function checkoutPage(data: SandboxPageData, error?: string): string {
  return imitationPage(
    branding[data.provider],
    'Pagar',
    `<div class="card">
  <p class="muted">${escapeHtml(data.description)}</p>
  <p class="amount">${escapeHtml(amountText(data))}</p>
  ${cardForm(`/sandbox-checkout/${data.provider}/${data.paymentRef}`, `Pagar ${amountText(data)}`, error)}
  <div class="hint">Tarjetas de prueba: <code>4242 4242 4242 4242</code> aprueba y <code>4000 0000 0000 0002</code> es rechazada. Cualquier vencimiento futuro y cualquier código.</div>
</div>`,
  );
}

/** After an approved payment: back to the app's return URL, in the top window (the page is framed). */
export function approvedPage(data: SandboxPageData, returnUrl: string): string {
  return imitationPage(
    branding[data.provider],
    'Pago aprobado',
    `<div class="card">
  <p class="ok" role="status">Pago aprobado por ${escapeHtml(amountText(data))}.</p>
  <a class="button" href="${escapeHtml(returnUrl)}" target="_top">Volver a Agendo</a>
</div>`,
    returnUrl,
  );
}

export function unknownPaymentPage(provider: ProviderName): string {
  return imitationPage(
    branding[provider],
    'Pago no encontrado',
    messageCard('error', 'No encontramos este pago.'),
  );
}
