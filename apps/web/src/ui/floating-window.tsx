import { ActionIcon, Box, Group, getDefaultZIndex, Paper, Portal, Text, Tooltip } from '@mantine/core';
import { useFocusReturn } from '@mantine/hooks';
import { IconGripVertical, IconX } from '@tabler/icons-react';
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { defineTexts, useTexts } from '../i18n/use-texts.ts';
import {
  centeredPosition,
  clampPosition,
  isPreviewFullScreen,
  moveByKey,
  type Point,
  previewHeaderHeight,
  previewMargin,
  type Size,
} from './preview-window-size.ts';

const windowTexts = defineTexts(
  { close: 'Cerrar', move: 'Mover la ventana (también con las flechas)' },
  { close: 'Close', move: 'Move the window (arrow keys work too)' },
);

function subscribeResize(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The viewport read during render, so the first paint already has the right size and place. */
function useViewport(): Size {
  const width = useSyncExternalStore(
    subscribeResize,
    () => window.innerWidth,
    () => 1024,
  );
  const height = useSyncExternalStore(
    subscribeResize,
    () => window.innerHeight,
    () => 768,
  );
  return { width, height };
}

export interface FloatingWindowProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /**
   * The window's size on a wide screen, shrunk to fit smaller ones; or a size the caller derives
   * from the viewport itself (the preview's phone and desktop views).
   */
  size: Size | ((viewport: Size) => Size);
  /** Buttons the header shows before Cerrar. */
  tools?: ReactNode;
  /**
   * The window's content, in a padded box that scrolls; or, given whether the window is a
   * full-screen sheet and its size otherwise, a body the caller lays out itself.
   */
  children: ReactNode | ((sheet: boolean, size: Size) => ReactNode);
}

/**
 * A floating window that is not modal: the page under it stays usable (spec 000 §2.3, the client
 * record beside the agenda, the course and quiz preview). It moves by its header with the mouse or
 * a finger, and by the grip with the arrow keys, always whole inside the viewport; Escape and
 * Cerrar close it. At 572 px or less it is a full-screen sheet instead, modal since nothing else
 * shows.
 */
export function FloatingWindow({
  opened,
  onClose,
  title,
  size: wanted,
  tools,
  children,
}: FloatingWindowProps) {
  const tx = useTexts(windowTexts);
  const viewport = useViewport();
  const [placed, setPlaced] = useState<Point | null>(null);
  const drag = useRef<{ pointerId: number; from: Point; start: Point } | null>(null);
  const titleId = useId();
  useFocusReturn({ opened });
  // The portal mounts its content a render later: focus the window when its node appears, so
  // Escape and the arrow keys work at once.
  const focusOnMount = useCallback((node: HTMLDivElement | null) => node?.focus(), []);

  if (!opened) return null;

  const sheet = isPreviewFullScreen(viewport.width);
  const size =
    typeof wanted === 'function'
      ? wanted(viewport)
      : {
          width: Math.min(wanted.width, viewport.width - 2 * previewMargin),
          height: Math.min(wanted.height, viewport.height - 2 * previewMargin),
        };
  // Computed on every render rather than stored: a resize or a new size keeps the window on screen.
  const pos = clampPosition(placed ?? centeredPosition(size, viewport), size, viewport);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (sheet || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if ((event.target as Element).closest('button:not([data-drag-handle])')) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, from: { x: event.clientX, y: event.clientY }, start: pos };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const next = {
      x: current.start.x + event.clientX - current.from.x,
      y: current.start.y + event.clientY - current.from.y,
    };
    setPlaced(clampPosition(next, size, viewport));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };
  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = moveByKey(event.key, pos, size, viewport);
    if (!next) return;
    event.preventDefault();
    setPlaced(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A menu or select inside the window that handles Escape itself keeps the window open.
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <Portal>
      <Paper
        ref={focusOnMount}
        role="dialog"
        aria-modal={sheet}
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        shadow="xl"
        radius={sheet ? 0 : 'md'}
        data-sheet={sheet || undefined}
        style={{
          position: 'fixed',
          // Above the page and its header, below Mantine's modals, popovers and toasts.
          zIndex: getDefaultZIndex('modal') - 1,
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
          outline: sheet ? undefined : '1px solid var(--mantine-color-default-border)',
          ...(sheet ? { inset: 0 } : { left: pos.x, top: pos.y, width: size.width, height: size.height }),
        }}
      >
        <Group
          gap={4}
          wrap="nowrap"
          px={4}
          h={previewHeaderHeight}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          data-testid="window-header"
          style={{
            flex: 'none',
            borderBottom: '1px solid var(--mantine-color-default-border)',
            background: 'var(--mantine-color-default-hover)',
            // The finger drags the window instead of scrolling the page beneath it.
            touchAction: sheet ? undefined : 'none',
            cursor: sheet ? undefined : 'move',
            userSelect: 'none',
          }}
        >
          {!sheet && (
            <ActionIcon
              size="xl"
              variant="subtle"
              color="gray"
              data-drag-handle
              aria-label={tx('move')}
              onKeyDown={onHandleKey}
              style={{ cursor: 'move' }}
            >
              <IconGripVertical aria-hidden />
            </ActionIcon>
          )}
          <Text id={titleId} fw={600} truncate="end" flex={1} pl={sheet ? 'sm' : 0}>
            {title}
          </Text>
          {tools}
          <Tooltip label={tx('close')} withinPortal>
            <ActionIcon size="xl" variant="subtle" color="gray" aria-label={tx('close')} onClick={onClose}>
              <IconX aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {typeof children === 'function' ? (
          children(sheet, size)
        ) : (
          <Box p="sm" style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
            {children}
          </Box>
        )}
      </Paper>
    </Portal>
  );
}
