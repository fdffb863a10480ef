import { countryIds } from '@agendo/contract';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { defineTexts, useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { SectionCard } from './section-card.tsx';

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
  const { to } = usePrefix();
  return (
    <SectionCard title={tx('title')}>
      <Text size="sm" c="dimmed">
        {tx('intro')}
      </Text>
      <Stack gap="xs">
        <Anchor component={Link} to={to('change-user-bank')} className="touch-link">
          {tx('bank')}
        </Anchor>
        <Anchor component={Link} to={to('change-local-payments')} className="touch-link">
          {tx('methods')}
        </Anchor>
        {country === countryIds.AR && (
          <Anchor component={Link} to={to('edit-afip-data')} className="touch-link">
            {tx('fiscal')}
          </Anchor>
        )}
      </Stack>
    </SectionCard>
  );
}
