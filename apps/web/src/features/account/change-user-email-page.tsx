import { Anchor, Container, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { accountTexts } from './account-texts.ts';
import { EmailCard } from './email-card.tsx';
import { AccountGate } from './my-account-page.tsx';

/**
 * change-user-email (spec 000 §2.2): the new address gets a mail with a link, and the account's
 * address changes only when that link is followed (the e-mail editing of my-account, on its own).
 */
export function ChangeUserEmailPage() {
  return <AccountGate>{(info) => <ChangeEmail info={info} />}</AccountGate>;
}

function ChangeEmail({ info }: Parameters<typeof EmailCard>[0]) {
  const t = useTexts(accountTexts);
  const { to } = usePrefix();
  useDocumentTitle(`${t('account.emailTitle')} · Agendo`);
  return (
    <Container size="xs" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <EmailCard info={info} />
        <Anchor component={Link} to={to('my-account')} className="touch-link">
          {t('account.title')}
        </Anchor>
      </Stack>
    </Container>
  );
}
