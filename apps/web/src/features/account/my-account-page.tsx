import type { OutputOf } from '@agendo/contract';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconClockExclamation } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { RequireLogin } from '../../ui/require-login.tsx';
import { accountTexts } from './account-texts.ts';
import { AvatarCard } from './avatar-card.tsx';
import { EmailCard } from './email-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { PaymentsCard } from './payments-card.tsx';
import { PersonalDataCard } from './personal-data-card.tsx';
import { PhoneCard } from './phone-card.tsx';
import { ProfileLinksCard } from './profile-links-card.tsx';
import { useAccount } from './use-account.ts';
import { WalletCard } from './wallet-card.tsx';

export function MyAccountPage() {
  return <AccountGate>{(info) => <MyAccount info={info} />}</AccountGate>;
}

/**
 * The account pages' common frame: signed-out visitors go to the login and come back; the
 * account's loading and error states. change-user-phone (spec 000 §2.2) shares it.
 */
export function AccountGate({ children }: { children: (info: OutputOf<'find-user-info'>) => ReactNode }) {
  return (
    <RequireLogin>
      <AccountLoader>{children}</AccountLoader>
    </RequireLogin>
  );
}

function AccountLoader({ children }: { children: (info: OutputOf<'find-user-info'>) => ReactNode }) {
  const t = useT();
  const ta = useTexts(accountTexts);
  const account = useAccount();

  if (account.isPending) return <AccountSkeleton />;
  if (account.isError) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('error.title')} role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{ta('account.loadError')}</Text>
            <Button variant="white" color="red" onClick={() => account.refetch()}>
              {t('error.retry')}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  return children(account.data);
}

function MyAccount({ info }: { info: OutputOf<'find-user-info'> }) {
  const ta = useTexts(accountTexts);
  useDocumentTitle(`${ta('account.title')} · Agendo`);
  const fullName = `${info.userFirstName} ${info.userLastName}`;
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <Avatar src={info.userImg} alt={ta('account.avatarAlt')} size={64} radius="xl" color="brand">
            {info.userFirstName.charAt(0)}
            {info.userLastName.charAt(0)}
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {ta('account.title')}
            </Text>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {fullName}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color="brand" c="brand.9">
                {info.userType === 1 ? ta('account.professional') : ta('account.client')}
              </Badge>
              {/* Outline in the darkest shades: the light variant fails WCAG AA contrast at badge size. */}
              <Badge
                variant="outline"
                color={info.emailVerified ? 'teal.9' : 'red.9'}
                leftSection={
                  info.emailVerified ? (
                    <IconCircleCheck size={14} aria-hidden />
                  ) : (
                    <IconClockExclamation size={14} aria-hidden />
                  )
                }
              >
                {info.emailVerified ? ta('account.emailVerified') : ta('account.emailUnverified')}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <PersonalDataCard info={info} />
          <Stack gap="lg">
            <AvatarCard info={info} />
            <PhoneCard info={info} />
          </Stack>
          <EmailCard info={info} />
          <PasswordCard />
          {info.userType === 1 ? <PaymentsCard country={info.userCountry} /> : <WalletCard />}
          <ProfileLinksCard professional={info.userType === 1} />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function AccountSkeleton() {
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} aria-busy="true">
      <Group gap="md" mb="lg">
        <Skeleton circle height={64} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={14} width={90} />
          <Skeleton height={28} width="60%" />
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} height={260} radius="lg" />
        ))}
      </SimpleGrid>
    </Container>
  );
}
