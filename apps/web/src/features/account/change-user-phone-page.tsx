import { Anchor, Container, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { accountTexts } from './account-texts.ts';
import { AccountGate } from './my-account-page.tsx';
import { PhoneCard } from './phone-card.tsx';

/**
 * change-user-phone (spec 000 §2.2): where the appointment panel sends a client with no phone
 * for a messaging-app appointment (§7). The phone editing of my-account, on its own.
 */
export function ChangeUserPhonePage() {
  return <AccountGate>{(info) => <ChangePhone info={info} />}</AccountGate>;
}

function ChangePhone({ info }: Parameters<typeof PhoneCard>[0]) {
  const t = useTexts(accountTexts);
  const { to } = usePrefix();
  useDocumentTitle(`${t('account.phoneTitle')} · Agendo`);
  return (
    <Container size="xs" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <PhoneCard info={info} />
        <Anchor component={Link} to={to('my-account')} className="touch-link">
          {t('account.title')}
        </Anchor>
      </Stack>
    </Container>
  );
}
