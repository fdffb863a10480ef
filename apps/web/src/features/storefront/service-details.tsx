import { type LanguageKey, languageKeys, languageNames, type Publication } from '@agendo/contract';
import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { servicePageTexts } from './service-page-texts.ts';

/** The service page's description, symptoms and languages: below the first screen (issue 13). */
export function ServiceDetails({ pub }: { pub: Publication }) {
  const t = useTexts(servicePageTexts);
  const lang = useLang();
  const langs = languageKeys.filter((key: LanguageKey) => pub[key] === 1);
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="md">
        <Box>
          <Title order={2} fz="h3" mb="xs">
            {t('description')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{pub.description}</Text>
        </Box>
        {pub.symptoms.length > 0 && (
          <Box>
            <Title order={3} fz="md" mb="xs">
              {t('symptoms')}
            </Title>
            <Group gap="xs">
              {pub.symptoms.map((s) => (
                <Badge key={s.id} variant="outline" color="gray" tt="none">
                  {s.name}
                </Badge>
              ))}
            </Group>
          </Box>
        )}
        {langs.length > 0 && (
          <Group gap="xs" wrap="wrap">
            <IconWorld size={18} aria-hidden />
            <Text size="sm" fw={600}>
              {t('languages')}:
            </Text>
            <Text size="sm">{langs.map((key) => languageNames[key][lang]).join(', ')}</Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
