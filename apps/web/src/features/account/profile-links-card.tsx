import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { defineTexts, useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { SectionCard } from './section-card.tsx';

const texts = defineTexts(
  {
    title: 'Perfil y configuración',
    proIntro: 'Tu biografía, nombre del negocio, nombre de usuario, redes sociales y domicilio.',
    clientIntro: 'Tu domicilio y el resto de tus ajustes.',
    profile: 'Ver mi perfil',
    address: 'Domicilio',
    config: 'Configuración',
  },
  {
    title: 'Profile and settings',
    proIntro: 'Your bio, business name, username, social networks and address.',
    clientIntro: 'Your address and the rest of your settings.',
    profile: 'See my profile',
    address: 'Address',
    config: 'Settings',
  },
);

/** my-account's way to my-profile and config (spec 000 §2.2; issue 18). */
export function ProfileLinksCard({ professional }: { professional: boolean }) {
  const tx = useTexts(texts);
  const { to } = usePrefix();
  return (
    <SectionCard title={tx('title')}>
      <Text size="sm" c="dimmed">
        {professional ? tx('proIntro') : tx('clientIntro')}
      </Text>
      <Stack gap={4}>
        <Anchor component={Link} to={to('my-profile')} className="touch-link">
          {tx('profile')}
        </Anchor>
        <Anchor component={Link} to={to('change-user-address')} className="touch-link">
          {tx('address')}
        </Anchor>
        <Anchor component={Link} to={to('config')} className="touch-link">
          {tx('config')}
        </Anchor>
      </Stack>
    </SectionCard>
  );
}
