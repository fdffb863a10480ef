import { Alert, Container, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useContactPermissions } from '../../lib/corporate-permissions.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useUserData } from '../../lib/user-data.ts';
import { BillingTable } from '../../ui/billing/billing-table.tsx';
import { salesTexts } from '../../ui/billing/billing-texts.ts';
import { ListHeader } from '../../ui/list-page.tsx';

/** billing (spec 000 §2.2, 001 §2.3): every sale of the professional, with its money. */
export function BillingPage() {
  const loggedIn = useIsLoggedIn();
  const { to } = usePrefix();
  const { pathname } = useLocation();
  const tx = useTexts(salesTexts);
  const user = useUserData();
  const can = useContactPermissions();
  const own = useQuery({
    queryKey: ['find-user-info'],
    queryFn: () => call('find-user-info', {}),
    enabled: loggedIn && user.data?.userType === 1,
  });
  useDocumentTitle(`${tx('title')} · Agendo`);
  if (!loggedIn) return <Navigate to={`${to('login')}?next=${encodeURIComponent(pathname)}`} replace />;
  if (user.isPending) {
    return (
      <Container size="xl" py="lg">
        <Skeleton height={400} radius="md" />
      </Container>
    );
  }
  if (user.data?.userType !== 1 || !can('contactsBilling')) {
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="alert">
          {user.data?.userType !== 1 ? tx('onlyProfessionals') : tx('noPermission')}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <ListHeader title={tx('title')} intro={tx('intro')} />
        <BillingTable ownCountry={own.data?.userCountry} />
      </Stack>
    </Container>
  );
}
