import { ActionIcon, Box, Tooltip } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { defineTexts, useTexts } from '../i18n/use-texts.ts';
import { FloatingWindow } from './floating-window.tsx';
import { type PreviewView, previewDesktopWidth, previewWindowSize } from './preview-window-size.ts';

const previewTexts = defineTexts(
  { mobile: 'Vista móvil', desktop: 'Vista escritorio' },
  { mobile: 'Mobile view', desktop: 'Desktop view' },
);

const PreviewViewContext = createContext<PreviewView | null>(null);

/** The view the enclosing preview window shows, for content that must branch in code; null outside one. */
export function usePreviewView(): PreviewView | null {
  return useContext(PreviewViewContext);
}

export interface PreviewWindowProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}

/**
 * spec 000 §2.3: the floating course/quiz preview window, switching between a phone-sized frame
 * and a desktop one. It is no iframe: the children render in a container of the chosen width
 * (with `container-type: inline-size`), so container queries and container-type grids lay out
 * as on that screen; media queries still follow the real viewport.
 */
export function PreviewWindow({ opened, onClose, title, children }: PreviewWindowProps) {
  const tx = useTexts(previewTexts);
  const [view, setView] = useState<PreviewView>('mobile');

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
    <FloatingWindow
      opened={opened}
      onClose={onClose}
      title={title}
      size={(viewport) => previewWindowSize(view, viewport)}
      tools={
        <ActionIcon.Group>
          {viewButton('mobile', tx('mobile'), <IconDeviceMobile aria-hidden />)}
          {viewButton('desktop', tx('desktop'), <IconDeviceDesktop aria-hidden />)}
        </ActionIcon.Group>
      }
    >
      {(sheet, size) => (
        // Only the full-screen desktop view, wider than the phone, scrolls sideways here.
        <Box style={{ flex: 1, minHeight: 0, display: 'flex', overflowX: 'auto', overflowY: 'hidden' }}>
          {/* The frame scrolls its own content, so a classic scrollbar takes its width from the
              content as it would in a real browser window of that width. */}
          <Box
            data-testid="preview-frame"
            data-view={view}
            style={{
              flex: 'none',
              // Beside a sheet, the window is as wide as the frame of its view (previewWindowSize).
              width: sheet ? (view === 'mobile' ? '100%' : previewDesktopWidth) : size.width,
              overflow: 'auto',
              containerType: 'inline-size',
              background: 'var(--mantine-color-body)',
            }}
          >
            <PreviewViewContext.Provider value={view}>{children}</PreviewViewContext.Provider>
          </Box>
        </Box>
      )}
    </FloatingWindow>
  );
}
