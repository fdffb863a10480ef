import { describe, expect, it } from 'vitest';
import {
  canvasPixelRatio,
  clampPage,
  pdfAutoFullscreenMs,
  pdfInitialWidth,
  pdfMaxWidth,
  pdfMinWidth,
  pdfSmallScreen,
  pdfSmallScreenQuery,
  pdfZoomFactor,
  zoomIn,
  zoomOut,
} from './pdf-zoom.ts';

describe('spec 002 §9 PDF constants', () => {
  it('match the spec', () => {
    expect(pdfInitialWidth).toBe(300);
    expect(pdfZoomFactor).toBe(1.2);
    expect(pdfSmallScreen).toBe(592);
    expect(pdfAutoFullscreenMs).toBe(2000);
    expect(pdfSmallScreenQuery).toBe('(max-width: 591px)');
  });
});

describe('zoomIn / zoomOut', () => {
  it.each([
    [300, 360],
    [360, 432],
    [432, 518],
    [2227, 2400],
    [2400, 2400],
    [pdfMinWidth, 180],
  ])('zoomIn(%d) = %d', (width, expected) => {
    expect(zoomIn(width)).toBe(expected);
  });

  it.each([
    [360, 300],
    [300, 250],
    [250, 208],
    [173, 150],
    [150, 150],
    [5000, pdfMaxWidth],
  ])('zoomOut(%d) = %d', (width, expected) => {
    expect(zoomOut(width)).toBe(expected);
  });

  it('a zoom-out undoes a zoom-in below the maximum', () => {
    let width = pdfInitialWidth;
    while (zoomIn(width) < pdfMaxWidth) {
      expect(zoomOut(zoomIn(width))).toBe(width);
      width = zoomIn(width);
    }
  });
});

describe('clampPage', () => {
  it.each([
    [1, 3, 1],
    [2, 3, 2],
    [0, 3, 1],
    [-4, 3, 1],
    [4, 3, 3],
    [2.7, 3, 2],
    [Number.NaN, 3, 1],
    [1, 0, 1],
    [5, 0, 1],
  ])('clampPage(%d, %d) = %d', (page, total, expected) => {
    expect(clampPage(page, total)).toBe(expected);
  });
});

describe('canvasPixelRatio', () => {
  it('uses the device pixel ratio for an ordinary page', () => {
    expect(canvasPixelRatio(300, 424, 3)).toBe(3);
    expect(canvasPixelRatio(300, 424, 1)).toBe(1);
  });

  it('falls back to 1 when the ratio is unknown', () => {
    expect(canvasPixelRatio(300, 424, 0)).toBe(1);
  });

  it('stays under the 16.7 M pixel canvas limit of mobile Safari', () => {
    const ratio = canvasPixelRatio(2400, 3394, 3);
    expect(ratio).toBeLessThan(3);
    expect(2400 * ratio * 3394 * ratio).toBeLessThanOrEqual(4096 * 4096 + 1);
  });
});
