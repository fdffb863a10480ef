import { defineTexts, useTexts } from '../../i18n/use-texts.ts';
import { LinksCard } from './section-card.tsx';

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
  return (
    <LinksCard
      title={tx('title')}
      intro={professional ? tx('proIntro') : tx('clientIntro')}
      gap={4}
      links={[
        ['my-profile', tx('profile')],
        ['change-user-address', tx('address')],
        ['config', tx('config')],
      ]}
    />
  );
}
