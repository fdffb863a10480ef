import { countryIds } from '@agendo/contract';
import { defineTexts, useTexts } from '../../i18n/use-texts.ts';
import { LinksCard } from './section-card.tsx';

const texts = defineTexts(
  {
    title: 'Cobros',
    intro: 'Dónde recibes tus cobros y cómo pueden pagarte tus clientes.',
    bank: 'Cuenta Bancaria',
    methods: 'Formas de cobro',
    fiscal: 'Datos de facturación',
  },
  {
    title: 'Payments',
    intro: 'Where you receive your money and how your clients may pay you.',
    bank: 'Bank account',
    methods: 'Payment methods',
    fiscal: 'Billing details',
  },
);

/**
 * A professional's way to the payment settings (spec 000 §2.2 change-user-bank) and, in
 * Argentina, to the AFIP fiscal data (edit-afip-data; spec 001 §2.3 invoices only there).
 */
export function PaymentsCard({ country }: { country: number }) {
  const tx = useTexts(texts);
  const links = [
    ['change-user-bank', tx('bank')],
    ['change-local-payments', tx('methods')],
    ...(country === countryIds.AR ? [['edit-afip-data', tx('fiscal')] as const] : []),
  ] as const;
  return <LinksCard title={tx('title')} intro={tx('intro')} links={links} />;
}
