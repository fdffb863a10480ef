import { defineTexts, useTexts } from '../../i18n/use-texts.ts';
import { LinksCard } from './section-card.tsx';

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
  return <LinksCard title={tx('title')} intro={tx('intro')} links={[['wallet-account', tx('link')]]} />;
}
