import type { TooltipProps } from '@mantine/core';
import {
  type ComponentType,
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  useEffect,
  useState,
} from 'react';

type Tooltip = ComponentType<TooltipProps>;
let loaded: Tooltip | null = null;
let loading: Promise<Tooltip> | undefined;
function loadTooltip(): Promise<Tooltip> {
  loading ??= import('./tooltip.ts').then(
    (module) => {
      loaded = module.Tooltip as Tooltip;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Mantine's Tooltip for pages a visitor lands on (issue 13): its positioning library
 * (floating-ui, ~15 kB gzip and a long task to run on a phone) loads when a pointer first comes
 * over the element or it takes the keyboard focus, not with the page. Until then the element
 * shows alone (its own aria-label names it; the tooltip only echoes it for a mouse); the tooltip
 * opens with the pointer's next move. Wrapping the element mounts it anew, so that waits while
 * the element has the keyboard focus.
 */
type Focusable = ReactElement<{
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  onPointerEnter?: (event: PointerEvent) => void;
}>;

export function LazyTooltip({ label, children }: { label: string; children: Focusable }) {
  const [Tooltip, setTooltip] = useState<Tooltip | null>(() => loaded);
  const [focused, setFocused] = useState(false);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    if (Tooltip || !wanted) return;
    let live = true;
    loadTooltip().then(
      (tooltip) => {
        if (live) setTooltip(() => tooltip);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [Tooltip, wanted]);

  if (Tooltip && !focused) return <Tooltip label={label}>{children}</Tooltip>;
  return cloneElement(children, {
    onFocus: (event: FocusEvent) => {
      children.props.onFocus?.(event);
      setFocused(true);
      setWanted(true);
    },
    onBlur: (event: FocusEvent) => {
      children.props.onBlur?.(event);
      setFocused(false);
    },
    onPointerEnter: (event: PointerEvent) => {
      children.props.onPointerEnter?.(event);
      setWanted(true);
    },
  });
}
