import { Avatar, Button, Drawer, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconAddressBook,
  IconCalendarEvent,
  IconCalendarOff,
  IconCalendarUser,
  IconChevronDown,
  IconCrown,
  IconCurrencyDollar,
  IconDeviceTv,
  IconDiscount,
  IconHelpCircle,
  IconLayoutList,
  IconLogout,
  IconMessageCircle,
  IconReceipt2,
  IconReportMoney,
  IconSchool,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import { usePrefix } from '../lib/route-prefix.ts';
import { useIsLoggedIn } from '../lib/session.ts';
import { useUserData } from '../lib/user-data.ts';
import { useOpenGuides } from '../ui/guides-slot.tsx';
import classes from './app-header.module.css';

function useTools() {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const userData = useUserData();
  // The professional's tools; clients and visitors only search.
  const tools =
    loggedIn && userData.data?.userType === 1
      ? [
          { path: 'my-tools', label: t('nav.agenda'), icon: IconCalendarEvent },
          // The screen a practice leaves open in its waiting room: an administrator's 'Anunciar'
          // (spec 000 §6 call-turnbox) shows the called client there live (issue 17).
          { path: 'waiting-room', label: t('nav.waitingRoom'), icon: IconDeviceTv },
          { path: 'my-services', label: t('nav.myServices'), icon: IconLayoutList },
          { path: 'clients', label: t('nav.clients'), icon: IconAddressBook },
          { path: 'chats', label: t('nav.messages'), icon: IconMessageCircle },
          { path: 'billing', label: t('nav.billing'), icon: IconReceipt2 },
          { path: 'blocked-days', label: t('nav.blockedDays'), icon: IconCalendarOff },
          { path: 'my-workshops', label: t('nav.myWorkshops'), icon: IconSchool },
          { path: 'courses', label: t('nav.students'), icon: IconUsersGroup },
          { path: 'my-coupons', label: t('nav.coupons'), icon: IconDiscount },
          { path: 'my-plan', label: t('nav.myPlan'), icon: IconCrown },
        ]
      : loggedIn
        ? [
            { path: 'my-bookings', label: t('nav.myBookings'), icon: IconCalendarUser },
            { path: 'my-courses', label: t('nav.myCourses'), icon: IconSchool },
            { path: 'chats', label: t('nav.messages'), icon: IconMessageCircle },
          ]
        : [];
  if (loggedIn && userData.data?.isAdmin) {
    tools.push({ path: 'admin/exchange-rates', label: t('nav.exchangeRates'), icon: IconCurrencyDollar });
    tools.push({ path: 'admin/plan-prices', label: t('nav.planPrices'), icon: IconReportMoney });
  }

  return tools;
}

/** The signed-in person's menu in the desktop header. */
export function UserMenu() {
  const t = useT();
  const { to } = usePrefix();
  const tools = useTools();
  const openGuides = useOpenGuides();
  const professional = useUserData().data?.userType === 1;
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={t('nav.userMenu')} data-tour="menu">
          <Group gap={8} wrap="nowrap">
            <Avatar radius="xl" size={32} color="brand" />
            <Text size="sm" fw={600}>
              {t('nav.myAccount')}
            </Text>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {tools.map((tool) => (
          <Menu.Item
            key={tool.path}
            component={Link}
            to={to(tool.path)}
            leftSection={<tool.icon size={18} aria-hidden />}
          >
            {tool.label}
          </Menu.Item>
        ))}
        {professional && openGuides && (
          <Menu.Item leftSection={<IconHelpCircle size={18} aria-hidden />} onClick={openGuides}>
            {t('nav.guides')}
          </Menu.Item>
        )}
        <Menu.Item
          component={Link}
          to={to('my-account')}
          leftSection={<IconUserCircle size={18} aria-hidden />}
        >
          {t('nav.myAccount')}
        </Menu.Item>
        <Menu.Item component={Link} to={to('logout')} leftSection={<IconLogout size={18} aria-hidden />}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The header's links in a drawer, for narrow screens. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const { to } = usePrefix();
  const loggedIn = useIsLoggedIn();
  const tools = useTools();
  const openGuides = useOpenGuides();
  const professional = useUserData().data?.userType === 1;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      id="mobile-menu"
      position="right"
      size="80%"
      title="Agendo"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack component="nav" aria-label={t('nav.main')} gap="sm">
        <Button component={Link} to={to('search')} onClick={onClose} variant="subtle" fullWidth>
          {t('nav.search')}
        </Button>
        {loggedIn ? (
          <>
            {tools.map((tool) => (
              <Button
                key={tool.path}
                component={Link}
                to={to(tool.path)}
                onClick={onClose}
                variant="subtle"
                fullWidth
              >
                {tool.label}
              </Button>
            ))}
            {professional && openGuides && (
              <Button
                onClick={() => {
                  onClose();
                  openGuides();
                }}
                variant="subtle"
                fullWidth
              >
                {t('nav.guides')}
              </Button>
            )}
            <Button component={Link} to={to('my-account')} onClick={onClose} variant="light" fullWidth>
              {t('nav.myAccount')}
            </Button>
            <Button component={Link} to={to('logout')} onClick={onClose} variant="subtle" fullWidth>
              {t('nav.logout')}
            </Button>
          </>
        ) : (
          <>
            <Button component={Link} to={to('login')} onClick={onClose} variant="light" fullWidth>
              {t('nav.login')}
            </Button>
            <Button component={Link} to={to('register')} onClick={onClose} fullWidth>
              {t('nav.register')}
            </Button>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
