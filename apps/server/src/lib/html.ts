/**
 * Text for HTML that the server writes itself (mails, the dev mailbox, imitation pages, the public
 * page's meta tags): the five characters that could end an element or an attribute, escaped.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);
}

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
