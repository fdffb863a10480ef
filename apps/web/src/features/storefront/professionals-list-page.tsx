import {
  Avatar,
  Button,
  Card,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { RetryAlert } from '../../ui/list-page.tsx';
import { RatingLine } from './rating-line.tsx';
import { storefrontTexts } from './storefront-texts.ts';

/** professionals-list/{ref}/{listType} (spec 000 §2.2): professionals of a therapy ('0': all). */
export function ProfessionalsListPage() {
  const t = useTexts(storefrontTexts);
  const { ref = '0', listType = 'rating' } = useParams();
  const { to } = usePrefix();
  const navigate = useNavigate();
  const type = listType === 'recent' ? 'recent' : 'rating';
  const query = useQuery({
    queryKey: ['find-professionals-list', ref, type],
    queryFn: () => call('find-professionals-list', { ref, listType: type }),
    retry: (count, error) => !(error instanceof ApiError && error.httpStatus === 400) && count < 2,
  });
  const title = query.data?.therapy ? t('listTitleOf', { therapy: query.data.therapy }) : t('listTitle');
  useDocumentTitle(`${title} · Agendo`);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {title}
          </Title>
          <SegmentedControl
            value={type}
            onChange={(value) => navigate(to(`professionals-list/${ref}/${value}`))}
            data={[
              { value: 'rating', label: t('listByRating') },
              { value: 'recent', label: t('listRecent') },
            ]}
          />
        </Group>
        {query.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={150} radius="md" />
            ))}
          </SimpleGrid>
        ) : query.isError ? (
          <RetryAlert
            text={
              query.error instanceof ApiError && query.error.httpStatus === 400
                ? t('listNotFound')
                : t('listError')
            }
            retry={query.refetch}
          />
        ) : query.data.professionals.length === 0 ? (
          <Stack align="center" gap="sm" py="xl">
            <Text c="dimmed">{t('listEmpty')}</Text>
            <Button component={Link} to={to('search')} variant="default">
              {t('searchServices')}
            </Button>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {query.data.professionals.map((p) => {
              const name = `${p.profName} ${p.profLastName}`;
              return (
                <Card key={p.profRef} withBorder radius="md" padding="md">
                  <Group wrap="nowrap" gap="sm">
                    <Avatar src={p.img} alt="" size={56} radius={56} color="brand">
                      {p.profName.charAt(0)}
                      {p.profLastName.charAt(0)}
                    </Avatar>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {p.businessName ?? name}
                      </Text>
                      {p.businessName && <Text size="sm">{name}</Text>}
                      <Text size="sm" c="dimmed">
                        {p.services === 1 ? t('listServicesOne') : t('listServices', { n: p.services })}
                      </Text>
                    </Stack>
                  </Group>
                  <RatingLine
                    average={p.ratingAverage}
                    count={p.ratingCount}
                    starSize={14}
                    starColor="var(--mantine-color-yellow-6)"
                    mt="xs"
                  />
                  <Button
                    component={Link}
                    to={to(`professional/${p.profRef}`)}
                    variant="light"
                    mt="md"
                    aria-label={`${t('listSeeProfile')}: ${p.businessName ?? name}`}
                  >
                    {t('listSeeProfile')}
                  </Button>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
