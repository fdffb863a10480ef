import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { ListHeader } from '../../ui/list-page.tsx';
import { ProfessionalPage } from '../../ui/professional-page.tsx';
import { BillingTable } from './billing-table.tsx';
import { salesTexts } from './billing-texts.ts';

/** billing (spec 000 §2.2, 001 §2.3): every sale of the professional, with its money. */
export function BillingPage() {
  const tx = useTexts(salesTexts);
  return (
    <ProfessionalPage title={tx('title')} permission="contactsBilling">
      <Billing />
    </ProfessionalPage>
  );
}

function Billing() {
  const tx = useTexts(salesTexts);
  // The invoice column depends on the professional's own country (spec 001 §2.3).
  const own = useQuery({ queryKey: ['find-user-info'], queryFn: () => call('find-user-info', {}) });
  return (
    <Stack gap="lg">
      <ListHeader title={tx('title')} intro={tx('intro')} />
      <BillingTable ownCountry={own.data?.userCountry} />
    </Stack>
  );
}
