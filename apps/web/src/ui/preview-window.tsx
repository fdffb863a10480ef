import { ActionIcon, Box, Group, getDefaultZIndex, Paper, Portal, Text, Tooltip } from '@mantine/core';
import { useFocusReturn } from '@mantine/hooks';
import { IconDeviceDesktop, IconDeviceMobile, IconGripVertical, IconX } from '@tabler/icons-react';
import {
  createContext,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useContext,
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
  type PreviewView,
  previewDesktopWidth,
  previewFrameSize,
  previewHeaderHeight,
  previewWindowSize,
} from './preview-window-size.ts';

const previewTexts = defineTexts(
  {
    mobile: 'Vista móvil',
    desktop: 'Vista escritorio',
    close: 'Cerrar',
    move: 'Mover la ventana (también con las flechas)',
  },
  {
    mobile: 'Mobile view',
    desktop: 'Desktop view',
    close: 'Close',
    move: 'Move the window (arrow keys work too)',
  },
);

const PreviewViewContext = createContext<PreviewView | null>(null);

/** The view the enclosing preview window shows, for content that must branch in code; null outside one. */
export function usePreviewView(): PreviewView | null {
  return useContext(PreviewViewContext);
}

function subscribeResize(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The viewport read during render, so the first paint already has the right size and place. */
function useViewport() {
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

export interface PreviewWindowProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/**
 * spec 000 §2.3: the draggable course/quiz preview window, switching between a phone-sized frame
 * and a desktop one. It is no iframe: the children render in a container of the chosen width
 * (with `container-type: inline-size`), so container queries and container-type grids lay out
 * as on that screen; media queries still follow the real viewport.
 */
export function PreviewWindow({ opened, onClose, title, children }: PreviewWindowProps) {
  const tx = useTexts(previewTexts);
  const viewport = useViewport();
  const [view, setView] = useState<PreviewView>('mobile');
  const [placed, setPlaced] = useState<Point | null>(null);
  const drag = useRef<{ pointerId: number; from: Point; start: Point } | null>(null);
  const titleId = useId();
  useFocusReturn({ opened });
  // The portal mounts its content a render later: focus the window when its node appears, so
  // Escape and the arrow keys work at once.
  const focusOnMount = useCallback((node: HTMLDivElement | null) => node?.focus(), []);

  if (!opened) return null;

  const fullScreen = isPreviewFullScreen(viewport.width);
  const size = previewWindowSize(view, viewport);
  const frame = previewFrameSize(view, viewport);
  // Computed on every render rather than stored: a resize or a change of view keeps it on screen.
  const pos = clampPosition(placed ?? centeredPosition(size, viewport), size, viewport);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (fullScreen || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const target = event.target as Element;
    if (target.closest('button:not([data-drag-handle])')) return;
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
    // A menu or select inside the preview that handles Escape itself keeps the window open.
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  };

  const viewButton = (value: PreviewView, label: string, icon: ReactNode) => (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        size="xl"
        variant={view === value ? 'filled' : 'subtle'}
        aria-label={label}
        aria-pressed={view === value}
        onClick={() => setView(value)}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Portal>
      <Paper
        ref={focusOnMount}
        role="dialog"
        aria-modal={false}
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        shadow="xl"
        radius={fullScreen ? 0 : 'md'}
        data-fullscreen={fullScreen || undefined}
        style={{
          position: 'fixed',
          // Above the page and its header, below Mantine's toasts and the popovers of its content.
          zIndex: getDefaultZIndex('modal'),
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
          outline: fullScreen ? undefined : '1px solid var(--mantine-color-default-border)',
          ...(fullScreen
            ? { inset: 0 }
            : { left: pos.x, top: pos.y, width: size.width, height: size.height }),
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
          style={{
            flex: 'none',
            borderBottom: '1px solid var(--mantine-color-default-border)',
            background: 'var(--mantine-color-default-hover)',
            // The finger drags the window instead of scrolling the page beneath it.
            touchAction: fullScreen ? undefined : 'none',
            cursor: fullScreen ? undefined : 'move',
            userSelect: 'none',
          }}
        >
          {!fullScreen && (
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
          <Text id={titleId} fw={600} truncate="end" flex={1} pl={fullScreen ? 'sm' : 0}>
            {title}
          </Text>
          <ActionIcon.Group>
            {viewButton('mobile', tx('mobile'), <IconDeviceMobile aria-hidden />)}
            {viewButton('desktop', tx('desktop'), <IconDeviceDesktop aria-hidden />)}
          </ActionIcon.Group>
          <Tooltip label={tx('close')} withinPortal>
            <ActionIcon size="xl" variant="subtle" color="gray" aria-label={tx('close')} onClick={onClose}>
              <IconX aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {/* Only the full-screen desktop view, wider than the phone, scrolls sideways here. */}
        <Box style={{ flex: 1, minHeight: 0, display: 'flex', overflowX: 'auto', overflowY: 'hidden' }}>
          {/* The frame scrolls its own content, so a classic scrollbar takes its width from the
              content as it would in a real browser window of that width. */}
          <Box
            data-testid="preview-frame"
            data-view={view}
            style={{
              flex: 'none',
              width: fullScreen ? (view === 'mobile' ? '100%' : previewDesktopWidth) : frame.width,
              overflow: 'auto',
              containerType: 'inline-size',
              background: 'var(--mantine-color-body)',
            }}
          >
            <PreviewViewContext.Provider value={view}>{children}</PreviewViewContext.Provider>
          </Box>
        </Box>
      </Paper>
    </Portal>
  );
}
