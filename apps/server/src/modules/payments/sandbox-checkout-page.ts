import { formatMoney, minorUnitsOf } from '@agendo/contract';
import { escapeHtml } from '../../lib/html.ts';
import type { ProviderName } from '../../providers/payments/payment-provider.ts';

const branding: Record<ProviderName, { label: string; color: string }> = {
  dlocal: { label: 'dLocal', color: '#1d4ed8' },
  stripe: { label: 'Stripe', color: '#4f46e5' },
  mercadopago: { label: 'Mercado Pago', color: '#0369a1' },
  paypal: { label: 'PayPal', color: '#1e3a8a' },
};

function page(provider: ProviderName, title: string, body: string, returnUrl?: string): string {
  const brand = branding[provider];
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${brand.label} (prueba)</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a}
  header{background:${brand.color};color:#fff;padding:14px 20px;display:flex;justify-content:space-between;align-items:center;gap:8px;flex-wrap:wrap}
  header strong{font-size:18px}
  header span{font-size:12px;background:rgba(255,255,255,.2);padding:3px 8px;border-radius:999px}
  main{max-width:440px;margin:20px auto;padding:0 16px}
  .card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  .amount{font-size:28px;font-weight:700;margin:4px 0 2px}
  .muted{color:#475569;font-size:14px;margin:0}
  label{display:block;font-size:14px;font-weight:600;margin:14px 0 4px}
  input{width:100%;font-size:16px;padding:10px 12px;border:1px solid #94a3b8;border-radius:8px}
  input:focus{outline:3px solid ${brand.color}55;border-color:${brand.color}}
  .row{display:flex;gap:12px}.row>div{flex:1}
  button,.button{display:block;width:100%;margin-top:18px;padding:12px;font-size:16px;font-weight:700;border:0;border-radius:8px;background:${brand.color};color:#fff;cursor:pointer;text-align:center;text-decoration:none}
  button:focus-visible,.button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}
  .error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:8px;padding:10px 12px;margin-top:14px;font-size:14px}
  .ok{background:#f0fdf4;color:#166534;border:1px solid #bbf7d0;border-radius:8px;padding:10px 12px;font-size:15px}
  .hint{margin-top:16px;font-size:13px;color:#334155;background:#f8fafc;border:1px dashed #94a3b8;border-radius:8px;padding:10px 12px}
  code{font-size:13px}
</style>
</head>
<body${returnUrl ? ` data-return="${escapeHtml(returnUrl)}"` : ''}>
<header><strong>${brand.label}</strong><span>Entorno de prueba de Agendo</span></header>
<main>${body}</main>
${returnUrl ? '<script src="/sandbox-checkout/return.js"></script>' : ''}
</body>
</html>`;
}

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
  return page(
    data.provider,
    'Pagar',
    `<div class="card">
  <p class="muted">${escapeHtml(data.description)}</p>
  <p class="amount">${escapeHtml(amountText(data))}</p>
  <form method="post" action="/sandbox-checkout/${data.provider}/${escapeHtml(data.paymentRef)}" novalidate>
    <label for="number">Número de tarjeta</label>
    <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
    <div class="row">
      <div><label for="expiry">Vencimiento</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/AA" required></div>
      <div><label for="cvc">Código de seguridad</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div>
    </div>
    <label for="holder">Nombre del titular</label>
    <input id="holder" name="holder" autocomplete="cc-name" required>
    ${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
    <button type="submit">Pagar ${escapeHtml(amountText(data))}</button>
  </form>
  <div class="hint">Tarjetas de prueba: <code>4242 4242 4242 4242</code> aprueba y <code>4000 0000 0000 0002</code> es rechazada. Cualquier vencimiento futuro y cualquier código.</div>
</div>`,
  );
}

/** After an approved payment: back to the app's return URL, in the top window (the page is framed). */
export function approvedPage(data: SandboxPageData, returnUrl: string): string {
  return page(
    data.provider,
    'Pago aprobado',
    `<div class="card">
  <p class="ok" role="status">Pago aprobado por ${escapeHtml(amountText(data))}.</p>
  <a class="button" href="${escapeHtml(returnUrl)}" target="_top">Volver a Agendo</a>
</div>`,
    returnUrl,
  );
}

export function unknownPaymentPage(provider: ProviderName): string {
  return page(
    provider,
    'Pago no encontrado',
    '<div class="card"><p class="error">No encontramos este pago.</p></div>',
  );
}

/** Sends the top window to the return URL: a file of our origin, allowed by script-src 'self'. */
export const returnScript =
  "(function(){var url=document.body.getAttribute('data-return');if(url){try{window.top.location.href=url;}catch(e){window.location.href=url;}}})();\n";
