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
  },
  {
    title: 'Payments',
    intro: 'Where you receive your money and how your clients may pay you.',
    bank: 'Bank account',
    methods: 'Payment methods',
  },
);

/** A professional's way to the payment settings (spec 000 §2.2 change-user-bank). */
export function PaymentsCard() {
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
      </Stack>
    </SectionCard>
  );
}
