import { describe, expect, it } from 'vitest';
import {
  centeredPosition,
  clampPosition,
  isPreviewFullScreen,
  moveByKey,
  previewDesktopMin,
  previewFrameSize,
  previewHeaderHeight,
  previewMobileWidth,
  previewWindowSize,
} from './preview-window-size.ts';

const laptop = { width: 1280, height: 800 };

describe('spec 000 §2.3 preview window constants', () => {
  it('desktop is above 572 px; the phone frame is 375 px wide', () => {
    expect(previewDesktopMin).toBe(573);
    expect(previewMobileWidth).toBe(375);
  });

  it.each([
    [320, true],
    [572, true],
    [573, false],
    [1280, false],
  ])('a %d px screen shows it full screen: %s', (width, expected) => {
    expect(isPreviewFullScreen(width)).toBe(expected);
  });
});

describe('previewFrameSize', () => {
  it.each([
    ['mobile', laptop, { width: 375, height: 667 }],
    ['desktop', laptop, { width: 960, height: 640 }],
    // Shrunk to the screen, keeping 8 px on each side and room for the header.
    ['desktop', { width: 800, height: 600 }, { width: 784, height: 600 - previewHeaderHeight - 16 }],
    ['mobile', { width: 600, height: 500 }, { width: 375, height: 500 - previewHeaderHeight - 16 }],
    ['mobile', { width: 0, height: 0 }, { width: 0, height: 0 }],
  ] as const)('%s on %o is %o', (view, viewport, expected) => {
    expect(previewFrameSize(view, viewport)).toEqual(expected);
  });

  it('the window adds the header to the frame', () => {
    expect(previewWindowSize('mobile', laptop)).toEqual({ width: 375, height: 667 + previewHeaderHeight });
  });
});

describe('clampPosition', () => {
  const size = { width: 400, height: 300 };
  it.each([
    ['inside stays', { x: 100, y: 50 }, { x: 100, y: 50 }],
    ['past the left and top edges', { x: -40, y: -5 }, { x: 0, y: 0 }],
    ['past the right and bottom edges', { x: 1000, y: 700 }, { x: 880, y: 500 }],
    ['exactly at the far corner', { x: 880, y: 500 }, { x: 880, y: 500 }],
    ['fractions are rounded', { x: 10.4, y: 10.6 }, { x: 10, y: 11 }],
  ])('%s', (_, pos, expected) => {
    expect(clampPosition(pos, size, laptop)).toEqual(expected);
  });

  it('a window larger than the screen sticks to the top left', () => {
    expect(clampPosition({ x: 50, y: 50 }, { width: 2000, height: 900 }, laptop)).toEqual({ x: 0, y: 0 });
  });

  it('centres the window', () => {
    expect(centeredPosition(size, laptop)).toEqual({ x: 440, y: 250 });
  });
});

describe('moveByKey', () => {
  const size = { width: 400, height: 300 };
  it.each([
    ['ArrowRight', { x: 110, y: 50 }],
    ['ArrowLeft', { x: 90, y: 50 }],
    ['ArrowUp', { x: 100, y: 40 }],
    ['ArrowDown', { x: 100, y: 60 }],
  ])('%s moves 10 px', (key, expected) => {
    expect(moveByKey(key, { x: 100, y: 50 }, size, laptop)).toEqual(expected);
  });

  it('stops at the edge', () => {
    expect(moveByKey('ArrowLeft', { x: 4, y: 0 }, size, laptop)).toEqual({ x: 0, y: 0 });
  });

  it('ignores other keys', () => {
    expect(moveByKey('Enter', { x: 4, y: 0 }, size, laptop)).toBeNull();
  });
});
