import type { OutputOf } from '@agendo/contract';
import { Anchor, Container, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { accountTexts } from './account-texts.ts';
import { AccountGate } from './my-account-page.tsx';

type Info = OutputOf<'find-user-info'>;

/** One card of my-account on a page of its own (its title names the tab), with the way back to the account. */
export function AccountCardPage({
  title,
  card: Card,
}: {
  title: keyof (typeof accountTexts)['es'];
  card: ComponentType<{ info: Info }>;
}) {
  const t = useTexts(accountTexts);
  const { to } = usePrefix();
  useDocumentTitle(`${t(title)} · Agendo`);
  return (
    <AccountGate>
      {(info) => (
        <Container size="xs" py={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <Card info={info} />
            <Anchor component={Link} to={to('my-account')} className="touch-link">
              {t('account.title')}
            </Anchor>
          </Stack>
        </Container>
      )}
    </AccountGate>
  );
}
