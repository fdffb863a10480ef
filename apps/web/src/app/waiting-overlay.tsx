import { Loader, Overlay, Stack, Text } from '@mantine/core';
import { useT } from '../i18n/use-t.ts';
import { useWaiting } from '../lib/waiting.ts';

/** spec 000 §2.3: the full-screen waiting message. */
export function WaitingOverlay() {
  const waiting = useWaiting();
  const t = useT();
  if (!waiting) return null;
  return (
    <Overlay fixed zIndex={400} backgroundOpacity={0.85} color="#fff" blur={2} center>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="lg" />
        <Text fw={600} size="lg">
          {t('shell.waiting')}
        </Text>
      </Stack>
    </Overlay>
  );
}
