import { Anchor, Container, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { accountTexts } from './account-texts.ts';
import { AccountGate } from './my-account-page.tsx';
import { PersonalDataCard } from './personal-data-card.tsx';

/** change-user-info (spec 000 §2.2): the personal data of my-account (names, country, zone, language), on its own. */
export function ChangeUserInfoPage() {
  return <AccountGate>{(info) => <ChangeInfo info={info} />}</AccountGate>;
}

function ChangeInfo({ info }: Parameters<typeof PersonalDataCard>[0]) {
  const t = useTexts(accountTexts);
  const { to } = usePrefix();
  useDocumentTitle(`${t('account.personal')} · Agendo`);
  return (
    <Container size="xs" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <PersonalDataCard info={info} />
        <Anchor component={Link} to={to('my-account')} className="touch-link">
          {t('account.title')}
        </Anchor>
      </Stack>
    </Container>
  );
}
