// spec 002 §9: zoom factor 1.2 per step, initial width 300, small screen below 592 px with
// fullscreen after 2000 ms.
export const pdfInitialWidth = 300;
export const pdfZoomFactor = 1.2;
export const pdfSmallScreen = 592;
export const pdfAutoFullscreenMs = 2000;

// Below 150 px a page is unreadable; above 2400 px the canvas costs more memory than a phone
// will give it.
export const pdfMinWidth = 150;
export const pdfMaxWidth = 2400;

// The shell's reader (spec 000 §2.3) opens a page at most this wide: an A4 page reads well at
// about 800 CSS pixels, and wider only makes the reader scroll sideways.
export const pdfReaderWidth = 820;

/** The media query for "narrower than pdfSmallScreen", the same breakpoint the CSS would use. */
export const pdfSmallScreenQuery = `(max-width: ${pdfSmallScreen - 1}px)`;

// iOS Safari refuses (draws nothing into) a canvas above 16,777,216 pixels.
const maxCanvasPixels = 4096 * 4096;

function clampWidth(width: number) {
  return Math.min(pdfMaxWidth, Math.max(pdfMinWidth, width));
}

// Widths are rounded to whole CSS pixels so a zoom-out after a zoom-in lands on the width the
// reader had, instead of drifting by float error.
export function zoomIn(width: number) {
  return clampWidth(Math.round(width * pdfZoomFactor));
}

export function zoomOut(width: number) {
  return clampWidth(Math.round(width / pdfZoomFactor));
}

/** The 1-based page kept inside 1…total (1 when the document has no pages yet). */
export function clampPage(page: number, total: number) {
  if (!Number.isFinite(page) || total < 1) return 1;
  return Math.min(total, Math.max(1, Math.trunc(page)));
}

/**
 * Canvas pixels per CSS pixel: the screen's devicePixelRatio for crisp text, lowered only when
 * the canvas would pass the pixel limit mobile browsers enforce.
 */
export function canvasPixelRatio(cssWidth: number, cssHeight: number, devicePixelRatio: number) {
  const wanted = devicePixelRatio > 0 ? devicePixelRatio : 1;
  const area = cssWidth * cssHeight;
  if (area <= 0) return wanted;
  return Math.min(wanted, Math.sqrt(maxCanvasPixels / area));
}
