import {
  isoForCountryId,
  moneyText,
  type OutputOf,
  publicPageColors,
  socialNetworkLabels,
  socialNetworks,
} from '@agendo/contract';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCertificate, IconClock, IconMapPin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { titleSlug } from '../../lib/title-slug.ts';
import { publicDocument, useDocumentReader } from '../../ui/document-reader-slot.tsx';
import { EmptyNote } from '../../ui/list-page.tsx';
import { LoadFailure } from './load-failure.tsx';
import { RatingLine } from './rating-line.tsx';
import { storefrontTexts } from './storefront-texts.ts';

type Profile = OutputOf<'find-professional-profile'>;
type PublicationCardData = Profile['publications'][number];

function countryName(countryId: number, lang: string): string | null {
  const iso = isoForCountryId(countryId);
  if (!iso) return null;
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(iso) ?? null;
  } catch {
    return null;
  }
}

/** professional/:ref — the public page of a professional with all their active services. */
export function ProfessionalPage() {
  const t = useTexts(storefrontTexts);
  const { ref = '', ref2, colorActive } = useParams();
  const accent = (publicPageColors as readonly string[]).includes(colorActive ?? '')
    ? (colorActive as string)
    : 'brand';
  const { to, lang } = usePrefix();
  const query = useQuery({
    queryKey: ['find-professional-profile', ref],
    queryFn: () => call('find-professional-profile', { ref }),
    retry: (count, error) => !(error instanceof ApiError && error.httpStatus === 400) && count < 2,
    staleTime: 60_000,
  });
  const profile = query.data;
  const name = profile ? `${profile.profName} ${profile.profLastName}` : '';
  useDocumentTitle(profile ? `${name} · Agendo` : 'Profesional · Agendo');
  const country = profile ? countryName(profile.profCountry, lang) : null;

  if (query.isPending) {
    return (
      <Container size="lg" py="xl" aria-busy="true" aria-label={t('loading')}>
        <Group gap="md">
          <Skeleton circle height={96} />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Skeleton height={28} width="50%" />
            <Skeleton height={14} width="30%" />
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xl">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={260} radius="md" />
          ))}
        </SimpleGrid>
      </Container>
    );
  }
  if (query.isError || !profile) {
    return (
      <LoadFailure
        error={query.error}
        title={(missing) => (missing ? t('profileNotFound') : t('profileError'))}
        searchLabel={t('searchServices')}
        retryLabel={t('retry')}
        retry={query.refetch}
      />
    );
  }

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xl">
        {profile.logoRectangle && (
          <img
            src={profile.logoRectangle}
            alt=""
            style={{
              width: '100%',
              maxHeight: 240,
              objectFit: 'cover',
              borderRadius: 'var(--mantine-radius-lg)',
            }}
          />
        )}
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar src={profile.logoSquare ?? profile.profImg} alt="" size={96} radius={96} color={accent}>
            {profile.profName.charAt(0)}
            {profile.profLastName.charAt(0)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {t('professional')}
            </Text>
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
              {profile.businessName ?? name}
            </Title>
            {profile.businessName && <Text fw={600}>{name}</Text>}
            {country && (
              <Group gap={4} c="dimmed">
                <IconMapPin size={16} aria-hidden />
                <Text size="sm">{country}</Text>
              </Group>
            )}
            <RatingLine
              average={profile.ratingAverage}
              count={profile.ratingCount}
              starSize={16}
              starColor={`var(--mantine-color-${accent === 'brand' ? 'yellow' : accent}-6)`}
            />
          </Stack>
        </Group>
        <ProfileDetails profile={profile} accent={accent} />
        <Stack gap="md" component="section" aria-labelledby="services-title">
          <Title order={2} fz="h3" id="services-title">
            {t('profileServices')}
          </Title>
          {profile.publications.length === 0 ? (
            <EmptyNote text={t('profileEmpty')}>
              <Button component={Link} to={to('search')} variant="default">
                {t('searchServices')}
              </Button>
            </EmptyNote>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {featuredFirst(profile.publications, ref2).map((card) => (
                <PublicationCard
                  key={card.ref}
                  card={card}
                  country={profile.userCountry ?? profile.profCountry}
                  accent={accent}
                  featured={card.ref === ref2}
                />
              ))}
            </SimpleGrid>
          )}
        </Stack>
        <ProfessionalCourses profRef={profile.profRef} />
      </Stack>
    </Container>
  );
}

/** The professional's courses (spec 000 §2.2 course/{ref}); the section hides when there are none. */
function ProfessionalCourses({ profRef }: { profRef: string }) {
  const t = useTexts(storefrontTexts);
  const { to } = usePrefix();
  const courses = useQuery({
    queryKey: ['find-professional-workshops', profRef],
    queryFn: () => call('find-professional-workshops', { ref: profRef }),
    staleTime: 60_000,
  });
  const list = courses.data?.workshops ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="md" component="section" aria-labelledby="courses-title">
      <Title order={2} fz="h3" id="courses-title">
        {t('profileCourses')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {list.map((course) => (
          <Card key={course.ref} withBorder radius="md" padding="md">
            {course.cover && (
              <Card.Section>
                <img
                  src={course.cover}
                  alt=""
                  style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }}
                />
              </Card.Section>
            )}
            <Text fw={700} mt="sm">
              {course.title}
            </Text>
            <Text size="sm" c="dimmed">
              {t('courseLessons', { modules: course.modules, lessons: course.lessons })}
              {course.certificate === 1 ? ` · ${t('courseCertificate')}` : ''}
            </Text>
            <Text size="sm" mt={6} lineClamp={3}>
              {course.description}
            </Text>
            <Button
              component={Link}
              to={to(`course/${course.ref}/${titleSlug(course.title)}`)}
              mt="md"
              variant="light"
            >
              {t('seeCourse')}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function CardPrice({ card, country }: { card: PublicationCardData; country: number }) {
  const t = useTexts(storefrontTexts);
  if (card.free) return <Text fw={800}>{t('free')}</Text>;
  if (card.hidePrice) return <Text fw={700}>{t('hidePrice')}</Text>;
  if (card.noPrice || card.userPrice === null) return <Text fw={700}>{t('noPrice')}</Text>;
  return (
    <Group gap="xs" align="baseline">
      <Text fw={800}>{moneyText(card.userPrice, card.userCurrency, country)}</Text>
      {card.userOldPrice !== null && (
        <Text size="sm" c="dimmed" td="line-through">
          {moneyText(card.userOldPrice, card.userCurrency, country)}
        </Text>
      )}
    </Group>
  );
}

function PublicationCard({
  card,
  country,
  accent,
  featured,
}: {
  card: PublicationCardData;
  country: number;
  accent: string;
  featured: boolean;
}) {
  const t = useTexts(storefrontTexts);
  const { to } = usePrefix();
  const href = to(`service/${card.ref}/${titleSlug(card.title)}`);
  return (
    <Card withBorder radius="md" padding="md">
      <Card.Section>
        {card.img ? (
          <img src={card.img} alt="" style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }} />
        ) : (
          <div style={{ aspectRatio: '16 / 9', background: 'var(--mantine-color-brand-0)' }} />
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group gap="xs">
          <Text size="xs" c={`${accent}.8`} fw={600}>
            {card.therapy}
          </Text>
          {featured && (
            <Badge color={accent} size="sm">
              {t('profileFeatured')}
            </Badge>
          )}
        </Group>
        <Text fw={700} lineClamp={2}>
          {card.title}
        </Text>
        <Group gap="xs">
          <Badge variant="light" leftSection={<IconClock size={12} aria-hidden />}>
            {t('duration', { n: card.duration })}
          </Badge>
          {card.qtySessions > 1 && (
            <Badge variant="light" color="grape">
              {t('sessions', { n: card.qtySessions })}
            </Badge>
          )}
        </Group>
        <CardPrice card={card} country={country} />
        <Button
          component={Link}
          to={href}
          variant="light"
          color={accent}
          mt="xs"
          aria-label={`${t('viewService')}: ${card.title}`}
        >
          {t('viewService')}
        </Button>
      </Stack>
    </Card>
  );
}

/** getSellerPublish's ref2: the featured service comes first. */
function featuredFirst(list: PublicationCardData[], ref2: string | undefined): PublicationCardData[] {
  const featured = list.find((p) => p.ref === ref2);
  return featured ? [featured, ...list.filter((p) => p !== featured)] : list;
}

/**
 * The public part of the profile (issue 18): bio (sanitised HTML from the server), networks,
 * the certificate 'verificado por el profesional' and the answered questions.
 */
function ProfileDetails({ profile, accent }: { profile: Profile; accent: string }) {
  const t = useTexts(storefrontTexts);
  const openDocument = useDocumentReader();
  const links = socialNetworks.filter((n) => profile.socialNetworks[n]);
  return (
    <>
      {profile.userBio && (
        <Stack gap="xs" component="section" aria-labelledby="about-title">
          <Title order={2} fz="h3" id="about-title">
            {t('profileAbout')}
          </Title>
          <Text
            component="div"
            className="public-bio"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by change-user-bio (sanitize-html keeps only safe formatting and https links).
            dangerouslySetInnerHTML={{ __html: profile.userBio }}
          />
        </Stack>
      )}
      {links.length > 0 && (
        <Group gap="xs" component="nav" aria-label={t('profileNetworks')}>
          {links.map((n) => (
            <Button
              key={n}
              component="a"
              href={profile.socialNetworks[n] ?? undefined}
              target="_blank"
              rel="noopener noreferrer nofollow"
              variant="light"
              color={accent}
              size="sm"
            >
              {socialNetworkLabels[n]}
            </Button>
          ))}
        </Group>
      )}
      {profile.certificate && (
        <Paper withBorder radius="md" p="md" component="section" aria-label={t('profileCertificate')}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconCertificate
              size={28}
              aria-hidden
              color={`var(--mantine-color-${accent === 'brand' ? 'teal' : accent}-6)`}
            />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {profile.certificate.title}
              </Text>
              <Badge color="teal" variant="light">
                {t('profileVerified')}
              </Badge>
              {/* The link works without JavaScript; with it, the file opens in the reader (spec 000 §2.3). */}
              <Anchor
                href={profile.certificate.link}
                target="_blank"
                rel="noopener"
                size="sm"
                className="touch-link"
                onClick={(event) => {
                  if (!profile.certificate) return;
                  event.preventDefault();
                  const { kind, title, link } = profile.certificate;
                  void openDocument(publicDocument(kind, title, link)).catch(() =>
                    window.open(link, '_blank'),
                  );
                }}
              >
                {t('profileSeeCertificate')}
              </Anchor>
            </Stack>
          </Group>
        </Paper>
      )}
      {profile.questions.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="questions-title">
          <Title order={2} fz="h3" id="questions-title">
            {t('profileQuestions')}
          </Title>
          {profile.questions.map((q) => (
            <Paper key={q.ref} withBorder radius="md" p="sm">
              <Text size="xs" c="dimmed">
                {q.publicationTitle}
              </Text>
              <Text fw={600} size="sm">
                {q.text}
              </Text>
              <Text size="sm">
                <strong>{t('profileAnswer')}</strong> {q.answer}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </>
  );
}
