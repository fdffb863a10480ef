import {
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarCheck, IconSchool, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import classes from './home-page.module.css';
import { homeTexts } from './home-texts.ts';

const features = [
  { icon: IconCalendarCheck, title: 'home.feature1Title', text: 'home.feature1Text' },
  { icon: IconShieldCheck, title: 'home.feature2Title', text: 'home.feature2Text' },
  { icon: IconSchool, title: 'home.feature3Title', text: 'home.feature3Text' },
] as const;

export function HomePage() {
  const t = useTexts(homeTexts);
  const { to } = usePrefix();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  useDocumentTitle('Agendo');

  function search(event: React.FormEvent) {
    event.preventDefault();
    const text = query.trim();
    navigate(text ? `${to('search')}?q=${encodeURIComponent(text)}` : to('search'));
  }

  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={{ base: 40, sm: 80 }}>
          <Stack gap="lg" maw={640}>
            <Title order={1} className={classes.title}>
              {t('home.title')}
            </Title>
            <Text size="lg" c="dark.5">
              {t('home.subtitle')}
            </Text>
            <search>
              <form onSubmit={search}>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    label={t('home.searchLabel')}
                    placeholder={t('home.searchPlaceholder')}
                    value={query}
                    onChange={(event) => setQuery(event.currentTarget.value)}
                    leftSection={<IconSearch size={18} aria-hidden />}
                    size="lg"
                    style={{ flex: 1 }}
                  />
                  <Button type="submit" size="lg">
                    {t('home.searchButton')}
                  </Button>
                </Group>
              </form>
            </search>
            {loggedIn ? (
              <Group>
                <Button component={Link} to={to('my-account')} size="lg">
                  {t('home.account')}
                </Button>
              </Group>
            ) : (
              <div className={classes.actions}>
                <Button component={Link} to={`${to('register')}?tipo=consultante`} size="lg">
                  {t('home.client')}
                </Button>
                <Button
                  component={Link}
                  to={`${to('register')}?tipo=profesional`}
                  size="lg"
                  variant="default"
                >
                  {t('home.pro')}
                </Button>
              </div>
            )}
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 32, sm: 56 }}>
        <Title order={2} mb="lg">
          {t('home.featuresTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {features.map((feature) => (
            <Paper key={feature.title} withBorder radius="lg" p="lg">
              <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                <feature.icon size={26} />
              </ThemeIcon>
              <Title order={3} mt="md" mb={4}>
                {t(feature.title)}
              </Title>
              <Text c="dimmed">{t(feature.text)}</Text>
            </Paper>
          ))}
        </SimpleGrid>

        {!loggedIn && (
          <Paper radius="lg" p={{ base: 'lg', sm: 40 }} mt={{ base: 32, sm: 56 }} className={classes.proBand}>
            <Stack gap="sm" maw={560}>
              <Title order={2} c="white">
                {t('home.proTitle')}
              </Title>
              <Text c="white">{t('home.proText')}</Text>
              <Group>
                <Button component={Link} to={`${to('register')}?tipo=profesional`} variant="white" size="md">
                  {t('home.proCta')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Container>
    </>
  );
}
