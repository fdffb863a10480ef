import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useT } from '../i18n/use-t.ts';

/**
 * spec 000 §4 "App update": updateServiceWorker tells the waiting worker to take over and
 * reloads once it controls the page. Hidden on the notifications screen (spec 000 §2.3).
 * Loaded by update-banner.tsx once the first page has shown.
 */
export function UpdatePrompt() {
  const t = useT();
  const { pathname } = useLocation();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // A tab left open for days still learns about new versions.
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000);
    },
  });
  if (!needRefresh || /^\/[a-z]{2}\/[a-z]{2}\/notifications(\/|$)/.test(pathname)) return null;
  return (
    <Paper
      role="status"
      shadow="md"
      radius="md"
      p="sm"
      withBorder
      pos="fixed"
      bottom={16}
      left={16}
      right={16}
      maw={480}
      mx="auto"
      style={{ zIndex: 300 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500} style={{ flex: 1 }}>
          {t('shell.updateAvailable')}
        </Text>
        <Button
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => updateServiceWorker(true)}
          style={{ flexShrink: 0 }}
        >
          {t('shell.update')}
        </Button>
      </Group>
    </Paper>
  );
}
