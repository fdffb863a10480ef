import { Anchor, Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import { usePrefix } from '../lib/route-prefix.ts';
import { useIsLoggedIn } from '../lib/session.ts';
import { whenIdle } from '../lib/when-idle.ts';
import classes from './app-header.module.css';

// The menus (Menu, Drawer and their floating and scroll machinery) load only when needed: the
// user menu for a signed-in person, the drawer when the burger is first pressed (issue 13).
const UserMenu = lazy(() => import('./header-menus.tsx').then((m) => ({ default: m.UserMenu })));
const MobileMenu = lazy(() => import('./header-menus.tsx').then((m) => ({ default: m.MobileMenu })));
// The bell (issue 17) opens the channel and reads the unread count: signed-in people only.
const NotificationsBell = lazy(() =>
  import('../features/notifications/notifications-bell.tsx').then((m) => ({ default: m.NotificationsBell })),
);

/** `minimal`: the logo alone, for landing pages that should not lead visitors away. */
export function AppHeader({ minimal = false }: { minimal?: boolean }) {
  const t = useT();
  const { to } = usePrefix();
  const loggedIn = useIsLoggedIn();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [drawerWanted, setDrawerWanted] = useState(false);
  // The bell reads the count and opens the channel once the page has shown, not before it.
  const [bellWanted, setBellWanted] = useState(false);
  useEffect(
    () => (loggedIn && !bellWanted ? whenIdle(() => setBellWanted(true)) : undefined),
    [loggedIn, bellWanted],
  );

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to={to()}
            className={classes.logo}
            underline="never"
            aria-label="Agendo, inicio"
          >
            <img src="/icon.svg" alt="" width={32} height={32} />
            <Text component="span" fw={800} fz="xl" c="dark.8">
              Agendo
            </Text>
          </Anchor>

          <Group gap="xs" wrap="nowrap">
            {!minimal && (
              <Group gap="sm" visibleFrom="sm" component="nav" aria-label={t('nav.main')}>
                <Button
                  component={Link}
                  to={to('search')}
                  variant="subtle"
                  leftSection={<IconSearch size={16} aria-hidden />}
                >
                  {t('nav.search')}
                </Button>
                {loggedIn ? (
                  <Suspense fallback={<Box w={150} />}>
                    <UserMenu />
                  </Suspense>
                ) : (
                  <>
                    <Button component={Link} to={to('login')} variant="subtle">
                      {t('nav.login')}
                    </Button>
                    <Button component={Link} to={to('register')}>
                      {t('nav.register')}
                    </Button>
                  </>
                )}
              </Group>
            )}

            {!minimal && loggedIn && (
              <Suspense fallback={<Box w={44} h={44} />}>
                {bellWanted ? <NotificationsBell /> : <Box w={44} h={44} />}
              </Suspense>
            )}

            {!minimal && (
              <Burger
                opened={opened}
                onClick={() => {
                  setDrawerWanted(true);
                  toggle();
                }}
                hiddenFrom="sm"
                className={classes.burger}
                aria-label={opened ? t('nav.closeMenu') : t('nav.openMenu')}
                aria-expanded={opened}
                aria-controls="mobile-menu"
                data-tour="menu-phone"
              />
            )}
          </Group>
        </Group>
      </Container>

      {/* Mounted on first open: visitors who never open it do not download the drawer. */}
      {drawerWanted && (
        <Suspense fallback={null}>
          <MobileMenu opened={opened} onClose={close} />
        </Suspense>
      )}
    </Box>
  );
}
