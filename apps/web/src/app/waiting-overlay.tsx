import { Loader, Stack, Text } from '@mantine/core';
import { useT } from '../i18n/use-t.ts';
import { useWaiting } from '../lib/waiting.ts';
import classes from './waiting-overlay.module.css';

/** spec 000 §2.3: the full-screen waiting message. */
export function WaitingOverlay() {
  const waiting = useWaiting();
  const t = useT();
  if (!waiting) return null;
  return (
    // A plain fixed layer: it is in every page's first load, where Mantine's Overlay costs more.
    <div className={classes.overlay}>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="lg" />
        <Text fw={600} size="lg">
          {t('shell.waiting')}
        </Text>
      </Stack>
    </div>
  );
}
