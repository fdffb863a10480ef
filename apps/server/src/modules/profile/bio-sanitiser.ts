import sanitizeHtml from 'sanitize-html';

/**
 * issue 18: the bio is rich text limited to safe formatting, sanitised here, on the server, so
 * whatever a client sends (an old app, a hand-made request) the public page only ever shows
 * paragraphs, line breaks, bold, italic, underline, strike, lists and links. Links keep only
 * http(s) and mailto addresses and open in a new tab without handing over the page
 * (noopener noreferrer nofollow). Every attribute, style and class besides that is dropped.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a'],
  // target and rel are always the transform's own (it runs before this filter and overrides them).
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', {
      target: '_blank',
      rel: 'noopener noreferrer nofollow',
    }),
  },
};

export function sanitiseBio(html: string): string {
  const clean = sanitizeHtml(html, options).trim();
  // An editor's empty document ('<p></p>') is no bio at all.
  return sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim() === '' ? '' : clean;
}
