import type { CorporatePermission } from '@agendo/contract';
import { Alert, Container, Skeleton } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { defineTexts, useTexts } from '../i18n/use-texts.ts';
import { useContactPermissions } from '../lib/corporate-permissions.ts';
import { useUserData } from '../lib/user-data.ts';
import { RetryAlert } from './list-page.tsx';
import { RequireLogin } from './require-login.tsx';

const texts = defineTexts(
  {
    onlyProfessionals: 'Esta sección es para profesionales.',
    noPermission: 'No tienes permisos para ver esta sección.',
    loadError: 'No pudimos cargar los datos de tu cuenta. Revisa tu conexión e inténtalo de nuevo.',
  },
  {
    onlyProfessionals: 'This section is for professionals.',
    noPermission: 'You do not have permission to see this section.',
    loadError: 'We could not load your account. Check your connection and try again.',
  },
);

/**
 * The frame of a professional's own page (contacts, billing): a visitor goes to the login and
 * back, a client is told the page is for professionals, and a corporate session without the
 * page's permission (spec 001 §6) is told so instead of seeing a page the server would refuse.
 */
export function ProfessionalPage(props: ProfessionalPageProps) {
  return (
    <RequireLogin>
      <ProfessionalFrame {...props} />
    </RequireLogin>
  );
}

interface ProfessionalPageProps {
  /** The page's name, for the browser tab. */
  title: string;
  permission: CorporatePermission;
  /** What a team member without `permission` reads; a generic sentence by default. */
  noPermissionText?: string;
  children: ReactNode;
}

function ProfessionalFrame({ title, permission, noPermissionText, children }: ProfessionalPageProps) {
  const tx = useTexts(texts);
  const user = useUserData();
  const can = useContactPermissions();
  useDocumentTitle(`${title} · Agendo`);
  if (user.isPending) {
    return (
      <Container size="xl" py={{ base: 'md', sm: 'xl' }} aria-busy="true">
        <Skeleton height={400} radius="md" />
      </Container>
    );
  }
  if (user.isError) {
    return (
      <Container size="sm" py="xl">
        <RetryAlert text={tx('loadError')} retry={() => user.refetch()} />
      </Container>
    );
  }
  const professional = user.data?.userType === 1;
  if (!professional || !can(permission)) {
    return (
      <Container size="sm" py="xl">
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="alert">
          {professional ? (noPermissionText ?? tx('noPermission')) : tx('onlyProfessionals')}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      {children}
    </Container>
  );
}
