import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { version } from '../../../package.json';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { settingsTexts } from './settings-texts.ts';

/** version (spec 000 §2.2): the app's version, as support asks for it. Open to anyone. */
export function VersionPage() {
  const tx = useTexts(settingsTexts);
  const { to } = usePrefix();
  useDocumentTitle(`${tx('versionTitle')} · Agendo`);
  return (
    <Container size="xs" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tx('versionTitle')}
        </Title>
        <Paper withBorder radius="lg" p="md">
          <Stack gap={6}>
            <Text c="dimmed" size="sm">
              {tx('versionIntro')}
            </Text>
            <Text fw={600} size="lg">
              {tx('versionLabel', { version })}
            </Text>
            <Text size="sm">{tx('versionUpdates')}</Text>
          </Stack>
        </Paper>
        <Anchor component={Link} to={to('config')} className="touch-link">
          {tx('backToConfig')}
        </Anchor>
      </Stack>
    </Container>
  );
}
