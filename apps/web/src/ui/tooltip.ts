// Loaded on demand by lazy-tooltip.tsx: Mantine's Tooltip and floating-ui in a chunk of their own.
export { Tooltip } from '@mantine/core';
