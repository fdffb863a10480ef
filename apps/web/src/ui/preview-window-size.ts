/** spec 000 §2.3: the preview window's desktop view is for screens above 572 px. */
export const previewDesktopMin = 573;
/** The mobile view lays the content out on a common phone's width (and height, below). */
export const previewMobileWidth = 375;
export const previewMobileHeight = 667;
export const previewDesktopWidth = 960;
export const previewDesktopHeight = 640;
/** The header is fixed in height so the window's size is known without measuring it. */
export const previewHeaderHeight = 52;
/** Space kept between the window and the edges of the screen when it is sized. */
export const previewMargin = 8;
/** One arrow key press moves the window this far. */
export const previewKeyStep = 10;

export type PreviewView = 'mobile' | 'desktop';

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Screens of 572 px or less show the preview full screen, without dragging. */
export function isPreviewFullScreen(viewportWidth: number): boolean {
  return viewportWidth < previewDesktopMin;
}

/** The content area of a floating window: the view's width and height, shrunk to fit the screen. */
export function previewFrameSize(view: PreviewView, viewport: Size): Size {
  const width = view === 'mobile' ? previewMobileWidth : previewDesktopWidth;
  const height = view === 'mobile' ? previewMobileHeight : previewDesktopHeight;
  return {
    width: Math.max(0, Math.min(width, viewport.width - 2 * previewMargin)),
    height: Math.max(0, Math.min(height, viewport.height - previewHeaderHeight - 2 * previewMargin)),
  };
}

/** The whole floating window: header plus content area. */
export function previewWindowSize(view: PreviewView, viewport: Size): Size {
  const frame = previewFrameSize(view, viewport);
  return { width: frame.width, height: frame.height + previewHeaderHeight };
}

/** Keeps a window of `size` whole inside the viewport; a window larger than it sticks to the top left. */
export function clampPosition(pos: Point, size: Size, viewport: Size): Point {
  const maxX = Math.max(0, viewport.width - size.width);
  const maxY = Math.max(0, viewport.height - size.height);
  return {
    x: Math.round(Math.min(Math.max(pos.x, 0), maxX)),
    y: Math.round(Math.min(Math.max(pos.y, 0), maxY)),
  };
}

export function centeredPosition(size: Size, viewport: Size): Point {
  return clampPosition(
    { x: (viewport.width - size.width) / 2, y: (viewport.height - size.height) / 2 },
    size,
    viewport,
  );
}

const arrowSteps: Record<string, Point> = {
  ArrowLeft: { x: -previewKeyStep, y: 0 },
  ArrowRight: { x: previewKeyStep, y: 0 },
  ArrowUp: { x: 0, y: -previewKeyStep },
  ArrowDown: { x: 0, y: previewKeyStep },
};

/** Where an arrow key moves the window (kept inside the viewport); null for any other key. */
export function moveByKey(key: string, pos: Point, size: Size, viewport: Size): Point | null {
  const step = arrowSteps[key];
  if (!step) return null;
  return clampPosition({ x: pos.x + step.x, y: pos.y + step.y }, size, viewport);
}
