import { escapeHtml } from '../lib/html.ts';

/** The provider a hosted imitation page dresses as. */
export interface PageBrand {
  label: string;
  color: string;
}

/**
 * The shell of the imitations' hosted pages (the sandbox checkout, the plan card's setup): a
 * plain page, no inline script (the app's CSP), framed by the app's overlay. With `returnUrl` it
 * sends the top window back to the app (return.js, a file of our origin).
 */
export function imitationPage(brand: PageBrand, title: string, body: string, returnUrl?: string): string {
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
  button,.button{display:block;width:100%;margin-top:18px;padding:12px;font-size:16px;font-weight:700;border:0;border-radius:8px;background:${brand.color};color:#fff;cursor:pointer;text-align:center;text-decoration:none;min-height:44px}
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

/** A card form posting to `action`: the fields a hosted card page asks, the error, the button. */
export function cardForm(action: string, submit: string, error?: string): string {
  return `<form method="post" action="${escapeHtml(action)}" novalidate>
    <label for="number">Número de tarjeta</label>
    <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
    <div class="row">
      <div><label for="expiry">Vencimiento</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/AA" required></div>
      <div><label for="cvc">Código de seguridad</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div>
    </div>
    <label for="holder">Nombre del titular</label>
    <input id="holder" name="holder" autocomplete="cc-name" required>
    ${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
    <button type="submit">${escapeHtml(submit)}</button>
  </form>`;
}

/** A page with one message: the error of an unknown payment or session, or the success. */
export const messageCard = (kind: 'error' | 'ok', text: string) =>
  `<div class="card"><p class="${kind}"${kind === 'ok' ? ' role="status"' : ''}>${escapeHtml(text)}</p></div>`;

/**
 * The card form's fields as a real hosted page checks them before the card itself: the number
 * (digits only), a future MM/AA expiry, a 3 or 4 digit code and the holder's name. Answers the
 * card number, or the message to show under the form.
 */
export function readCardForm(body: unknown, now: Date): { number: string } | { error: string } {
  const form = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const number = String(form.number ?? '').replace(/\D/g, '');
  const expiry = String(form.expiry ?? '').match(/^\s*(\d{2})\s*\/\s*(\d{2})\s*$/);
  if (!number) return { error: 'Ingresa el número de la tarjeta.' };
  if (!expiry || !isFutureExpiry(Number(expiry[1]), Number(expiry[2]), now)) {
    return { error: 'Ingresa un vencimiento futuro con el formato MM/AA.' };
  }
  if (!/^\d{3,4}$/.test(String(form.cvc ?? '').trim())) return { error: 'Ingresa el código de seguridad.' };
  if (!String(form.holder ?? '').trim()) return { error: 'Ingresa el nombre del titular.' };
  return { number };
}

function isFutureExpiry(month: number, year: number, now: Date): boolean {
  if (month < 1 || month > 12) return false;
  const full = 2000 + year;
  return full > now.getUTCFullYear() || (full === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

/** Sends the top window to the return URL: a file of our origin, allowed by script-src 'self'. */
export const returnScript =
  "(function(){var url=document.body.getAttribute('data-return');if(url){try{window.top.location.href=url;}catch(e){window.location.href=url;}}})();\n";
