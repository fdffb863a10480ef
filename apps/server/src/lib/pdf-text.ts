/**
 * pdfkit's standard fonts encode WinAnsi (Latin-1 plus a few signs such as '—' and '€'): Spanish
 * text prints as is; anything else (emoji, other scripts) would print as garbage, so it is
 * replaced by '?'.
 */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function printable(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    out +=
      code === 10 || (code >= 32 && code <= 126) || (code >= 160 && code <= 255) || winAnsiExtras.has(ch)
        ? ch
        : '?';
  }
  return out;
}
