/** Case- and accent-insensitive text for the live search ('Gomez' finds 'Gómez'). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface Searchable {
  sellerName: string;
  userMail: string;
  userPhone: string | null;
}

/** spec 001 §2.1: every word typed must appear in the name, e-mail or phone; others are hidden. */
export function matchesContact(contact: Searchable, query: string): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(`${contact.sellerName} ${contact.userMail} ${contact.userPhone ?? ''}`);
  const digits = haystack.replace(/[^\d+]/g, '');
  return words.every(
    (w) => haystack.includes(w) || (/^[\d+\s-]+$/.test(w) && digits.includes(w.replace(/[\s-]/g, ''))),
  );
}
