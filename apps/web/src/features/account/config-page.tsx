import { NavLink, Paper, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { SettingsPage } from '../../ui/settings-page.tsx';
import { AccountGate } from './my-account-page.tsx';
import { settingsTexts } from './settings-texts.ts';

type Key = keyof (typeof settingsTexts)['es'];
interface Entry {
  key: Key;
  path: string;
  /** Shown to professionals only (a client has no public profile nor collections). */
  professional?: boolean;
}

const groups: { title: Key; entries: Entry[] }[] = [
  {
    title: 'accountGroup',
    entries: [
      { key: 'myAccount', path: 'my-account' },
      { key: 'personal', path: 'change-user-info' },
      { key: 'phone', path: 'change-user-phone' },
      { key: 'password', path: 'change-password' },
      { key: 'address', path: 'change-user-address' },
      { key: 'bank', path: 'change-user-bank', professional: true },
      { key: 'charges', path: 'my-charges', professional: true },
    ],
  },
  {
    title: 'profileGroup',
    entries: [
      { key: 'myProfile', path: 'my-profile' },
      { key: 'business', path: 'change-business-name', professional: true },
      { key: 'nickname', path: 'change-nickname', professional: true },
      { key: 'bio', path: 'change-user-bio', professional: true },
      { key: 'social', path: 'change-social-networks', professional: true },
    ],
  },
  {
    title: 'linksGroup',
    entries: [
      { key: 'calendar', path: 'change-calendar', professional: true },
      { key: 'zoom', path: 'connect-zoom', professional: true },
    ],
  },
  {
    title: 'aboutGroup',
    entries: [
      { key: 'version', path: 'version' },
      { key: 'terms', path: 'terms' },
      { key: 'privacy', path: 'privacy' },
      { key: 'myData', path: 'my-data' },
      { key: 'logout', path: 'logout' },
    ],
  },
];

/** config (spec 000 §2.2, the mobile settings): the index of every setting, one tap each. */
export function ConfigPage() {
  return <AccountGate>{(info) => <Config professional={info.userType === 1} />}</AccountGate>;
}

function Config({ professional }: { professional: boolean }) {
  const tx = useTexts(settingsTexts);
  const { to } = usePrefix();
  return (
    <SettingsPage title={tx('configTitle')} intro={tx('configIntro')}>
      {groups.map((group) => (
        <Paper
          key={group.title}
          withBorder
          radius="lg"
          p="xs"
          component="section"
          aria-label={tx(group.title)}
        >
          <Title order={2} fz="sm" c="dimmed" px="sm" py={6}>
            {tx(group.title)}
          </Title>
          {group.entries
            .filter((e) => professional || !e.professional)
            .map((entry) => (
              <NavLink
                key={entry.path}
                component={Link}
                to={to(entry.path)}
                label={tx(entry.key)}
                rightSection={<IconChevronRight size={16} aria-hidden />}
                style={{ minHeight: 44, borderRadius: 8 }}
              />
            ))}
        </Paper>
      ))}
    </SettingsPage>
  );
}
