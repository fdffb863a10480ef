import { escapeHtml } from './html.ts';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (an .ics is text), or its bytes in base64 when `encoding` says so (a PDF). */
  content: string;
  encoding?: 'base64';
}

export interface RenderedMail {
  template: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

function layout(title: string, paragraphs: string[], action: { label: string; url: string }, footer: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;background:#f4f6f8;padding:24px;color:#1f2933">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0c8599;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#52606d;margin:0 0 8px">Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(action.url)}</p>
<p style="font-size:13px;color:#52606d;margin:16px 0 0">${escapeHtml(footer)}</p>
</div></body></html>`;
}

export function render(
  template: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footer: string,
): RenderedMail {
  const text = [...paragraphs, `${action.label}: ${action.url}`, footer].join('\n\n');
  return { template, subject, text, html: layout(subject, paragraphs, action, footer) };
}

export function verifyEmailMail(firstName: string, url: string): RenderedMail {
  return render(
    'verify-email',
    'Verifica tu email en Agendo',
    [
      `¡Hola ${firstName}!`,
      'Gracias por crear tu cuenta en Agendo. Confirma que este email es tuyo para empezar.',
    ],
    { label: 'Verificar mi email', url },
    'El enlace vence en 72 horas. Si no creaste una cuenta, ignora este mensaje.',
  );
}

export function changeEmailMail(firstName: string, url: string): RenderedMail {
  return render(
    'change-email',
    'Confirma tu nuevo email en Agendo',
    [
      `¡Hola ${firstName}!`,
      'Pediste usar este email en tu cuenta de Agendo. Confírmalo para completar el cambio.',
    ],
    { label: 'Confirmar mi nuevo email', url },
    'El enlace vence en 24 horas. Si no pediste este cambio, ignora este mensaje.',
  );
}

export function recoveryMail(firstName: string, url: string): RenderedMail {
  return render(
    'recovery-account',
    'Recupera tu contraseña de Agendo',
    [`¡Hola ${firstName}!`, 'Recibimos un pedido para cambiar la contraseña de tu cuenta.'],
    { label: 'Cambiar mi contraseña', url },
    'El enlace vence en 1 hora y sirve una sola vez. Si no lo pediste, ignora este mensaje: tu contraseña no cambia.',
  );
}

/**
 * Issue 34: the confirmation of a closed account, sent to the address it had: what was deleted,
 * what is kept and until when (Ley 26.529 art. 18), so the person has it in writing.
 */
export function accountClosedMail(firstName: string, retainUntil: string, url: string): RenderedMail {
  const [year, month, day] = retainUntil.split('-');
  return render(
    'account-closed',
    'Tu cuenta de Agendo fue eliminada',
    [
      `¡Hola ${firstName}!`,
      'Eliminamos tu cuenta de Agendo como pediste: tus datos personales y de acceso, tu perfil, tus publicaciones, tus datos bancarios y de facturación, y tus turnos futuros (cancelados, con el aviso y la devolución que correspondan). Ya no puedes ingresar con este email.',
      `Conservamos las historias clínicas y notas de sesión hasta el ${day}/${month}/${year}, como exige la Ley 26.529 de Derechos del Paciente: nadie las usa para otro fin y solo se entregan a quien la ley autoriza. Los comprobantes de pago y las facturas emitidas se guardan lo que exigen las normas fiscales.`,
    ],
    { label: 'Ir a Agendo', url },
    'Si no pediste eliminar tu cuenta, responde a este email.',
  );
}
