import { moneyText, type OutputOf, publicPageColors, toMajorUnits } from '@agendo/contract';
import {
  Anchor,
  Badge,
  Button,
  ColorSwatch,
  Container,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { AdminCard } from '../../ui/admin-page.tsx';
import { ListHeader, RetryAlert } from '../../ui/list-page.tsx';
import { RequireLogin } from '../../ui/require-login.tsx';
import { ProfileGate } from './profile-frame.tsx';
import { mediaTexts } from './profile-media-texts.ts';
import { useUserInfo } from './use-profile.ts';

type Business = OutputOf<'find-my-business'>;

/** my-business (spec 000 §2.2): services, workshops and figures of the professional. */
export function MyBusinessPage() {
  return (
    <RequireLogin>
      <MyBusiness />
    </RequireLogin>
  );
}

function MyBusiness() {
  const tx = useTexts(mediaTexts);
  useDocumentTitle(`${tx('myBusiness')} · Agendo`);
  const query = useQuery({ queryKey: ['find-my-business'], queryFn: () => call('find-my-business', {}) });
  const info = useUserInfo();
  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <ListHeader title={tx('myBusiness')} intro={tx('myBusinessIntro')} />
        {query.isPending ? (
          <Stack gap="md" aria-busy="true">
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} height={84} radius="lg" />
              ))}
            </SimpleGrid>
            <Skeleton height={160} radius="lg" />
          </Stack>
        ) : query.isError ? (
          <RetryAlert text={tx('loadError')} retry={() => query.refetch()} />
        ) : (
          <BusinessSummary data={query.data} country={info.data?.userCountry ?? 5} />
        )}
      </Stack>
    </Container>
  );
}

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={800} fz="xl" component="div">
        {value}
      </Text>
    </Paper>
  );
}

function BusinessSummary({ data, country }: { data: Business; country: number }) {
  const tx = useTexts(mediaTexts);
  const { to } = usePrefix();
  const f = data.figures;
  const income =
    f.incomeLast30Days.length === 0
      ? tx('nothingYet')
      : f.incomeLast30Days
          .map((a) => moneyText(toMajorUnits(a.amount, a.currency), a.currency, country))
          .join(' · ');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={tx('figUpcoming')} value={f.upcomingBookings} />
        <Figure label={tx('figLast30')} value={f.bookingsLast30Days} />
        <Figure label={tx('figContacts')} value={f.contacts} />
        <Figure label={tx('figStudents')} value={f.students} />
        <Figure
          label={tx('figRating')}
          value={
            f.ratingAverage === null
              ? tx('figNoRating')
              : tx('figRatingValue', { avg: f.ratingAverage, count: f.ratingCount })
          }
        />
        <Figure label={tx('figQuestions')} value={f.unansweredQuestions} />
        <Figure
          label={tx('figIncome')}
          value={
            <Text fz="md" fw={800}>
              {income}
            </Text>
          }
        />
      </SimpleGrid>
      <ItemList
        title={tx('services')}
        items={data.services}
        editPath={(ref) => `edit-service/${ref}`}
        empty={tx('noServices')}
        createLabel={tx('newService')}
        createPath={to('new-service')}
      />
      <ItemList
        title={tx('workshops')}
        items={data.workshops}
        editPath={(ref) => `edit-workshop/${ref}`}
        empty={tx('noWorkshops')}
        createLabel={tx('newWorkshop')}
        createPath={to('my-workshops')}
      />
    </Stack>
  );
}

function ItemList({
  title,
  items,
  editPath,
  empty,
  createLabel,
  createPath,
}: {
  title: string;
  items: Business['services'];
  editPath: (ref: string) => string;
  empty: string;
  createLabel: string;
  createPath: string;
}) {
  const tx = useTexts(mediaTexts);
  const { to } = usePrefix();
  return (
    <AdminCard
      label={title}
      title={`${title} (${items.length})`}
      aside={
        <Anchor component={Link} to={createPath} className="touch-link" size="sm">
          {createLabel}
        </Anchor>
      }
    >
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        items.map((item) => (
          <Group key={item.ref} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {item.title}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" color={item.paused ? 'gray' : 'teal'}>
                {item.paused ? tx('paused') : tx('active')}
              </Badge>
              <Anchor
                component={Link}
                to={to(editPath(item.ref))}
                className="touch-link"
                size="sm"
                aria-label={`${tx('edit')}: ${item.title}`}
              >
                {tx('edit')}
              </Anchor>
            </Group>
          </Group>
        ))
      )}
    </AdminCard>
  );
}

const swatches: Record<(typeof publicPageColors)[number], string> = {
  teal: 'var(--mantine-color-teal-6)',
  blue: 'var(--mantine-color-blue-6)',
  violet: 'var(--mantine-color-violet-6)',
  grape: 'var(--mantine-color-grape-6)',
  pink: 'var(--mantine-color-pink-6)',
  orange: 'var(--mantine-color-orange-6)',
  green: 'var(--mantine-color-green-6)',
  dark: 'var(--mantine-color-dark-6)',
};

/** user-web (spec 000 §2.2): the professional's own public page, its links, colour and checklist. */
export function UserWebPage() {
  return <ProfileGate>{(profile) => <UserWeb profile={profile} />}</ProfileGate>;
}

function LinkField({ label, value }: { label: string; value: string }) {
  const tx = useTexts(mediaTexts);
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput label={label} value={value} readOnly style={{ flex: 1, minWidth: 0 }} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            aria-label={`${copied ? tx('copied') : tx('copy')}: ${label}`}
          >
            {copied ? tx('copied') : tx('copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function UserWeb({ profile }: { profile: OutputOf<'find-user-profile'> }) {
  const tx = useTexts(mediaTexts);
  const { to } = usePrefix();
  const info = useUserInfo();
  const [color, setColor] = useState<(typeof publicPageColors)[number]>('teal');
  useDocumentTitle(`${tx('userWeb')} · Agendo`);
  const ref = info.data?.ref;
  const origin = window.location.origin;
  const pagePath = ref ? to(`professional/${ref}`) : null;
  const themedPath = ref ? to(`getSellerPublish/${ref}/0/${color}`) : null;
  const missing = [
    !profile.logoSquare && { label: 'logoSquareTitle' as const, path: 'change-logo-square' },
    !profile.logoRectangle && { label: 'logoRectangleTitle' as const, path: 'change-logo-rectangle' },
    !profile.certificate && { label: 'certificateTitle' as const, path: 'change-user-certificate' },
  ].filter((x) => x !== false);
  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <ListHeader title={tx('userWeb')} intro={tx('userWebIntro')} />
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            {pagePath ? (
              <LinkField label={tx('publicLink')} value={`${origin}${pagePath}`} />
            ) : (
              <Skeleton height={56} />
            )}
            {profile.nickname ? (
              <LinkField label={tx('shortLink')} value={`${origin}/go/${profile.nickname}`} />
            ) : (
              <Text size="sm" c="dimmed">
                {tx('noShortLink')}{' '}
                <Anchor component={Link} to={to('change-nickname')}>
                  {tx('chooseNickname')}
                </Anchor>
              </Text>
            )}
          </Stack>
        </Paper>
        <AdminCard title={tx('colorTitle')} label={tx('colorTitle')}>
          <Text size="sm" c="dimmed">
            {tx('colorHint')}
          </Text>
          <Group gap="xs" role="radiogroup" aria-label={tx('colorTitle')}>
            {publicPageColors.map((c) => (
              <UnstyledButton
                key={c}
                role="radio"
                aria-checked={color === c}
                aria-label={tx(`color_${c}`)}
                onClick={() => setColor(c)}
                style={{ padding: 4, borderRadius: 999 }}
              >
                <ColorSwatch color={swatches[c]} size={36}>
                  {color === c && <IconCheck size={18} color="white" aria-hidden />}
                </ColorSwatch>
              </UnstyledButton>
            ))}
          </Group>
          {themedPath && <LinkField label={tx('themedLink')} value={`${origin}${themedPath}`} />}
          {themedPath && (
            <Group>
              <Button
                component={Link}
                to={themedPath}
                color={color}
                rightSection={<IconExternalLink size={16} aria-hidden />}
              >
                {tx('open')}
              </Button>
            </Group>
          )}
        </AdminCard>
        <AdminCard title={tx('checklist')} label={tx('checklist')} gap="xs">
          {missing.length === 0 ? (
            <Text size="sm">{tx('complete')}</Text>
          ) : (
            missing.map((m) => (
              <Anchor key={m.path} component={Link} to={to(m.path)} className="touch-link" size="sm">
                {tx(m.label)}
              </Anchor>
            ))
          )}
        </AdminCard>
      </Stack>
    </Container>
  );
}
