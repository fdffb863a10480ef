import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { defineTexts, useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { SectionCard } from './section-card.tsx';

const texts = defineTexts(
  {
    title: 'Saldos',
    intro: 'Lo que debes a tus profesionales y cómo pagarlo.',
    link: 'Ver mis saldos',
  },
  {
    title: 'Balances',
    intro: 'What you owe your professionals and how to pay it.',
    link: 'See my balances',
  },
);

/** A client's way to their balances (spec 000 §2.2 wallet-account, issue 14). */
export function WalletCard() {
  const tx = useTexts(texts);
  const { to } = usePrefix();
  return (
    <SectionCard title={tx('title')}>
      <Text size="sm" c="dimmed">
        {tx('intro')}
      </Text>
      <Anchor component={Link} to={to('wallet-account')} className="touch-link">
        {tx('link')}
      </Anchor>
    </SectionCard>
  );
}
