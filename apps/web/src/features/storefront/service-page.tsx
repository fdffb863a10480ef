import { hasInPerson, hasOnline, type Publication, type Turn } from '@agendo/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconClock, IconMapPin, IconPlayerPause, IconUsers, IconVideo } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { publicationQuery } from '../../lib/publication-query.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useStagedParts } from '../../lib/use-staged-parts.ts';
import { useUserData } from '../../lib/user-data.ts';
import { PersonAvatar } from '../../ui/person-avatar.tsx';
import { LoadFailure } from './load-failure.tsx';
import { PriceBlock } from './price-block.tsx';
import classes from './service-page.module.css';
import { servicePageTexts } from './service-page-texts.ts';

// issue 13: on a phone the booking picker, the details, the share links and the questions are
// below the first screen; their code (the picker, the catalogue's names, the questions' infinite
// list, the share buttons) stays out of the page's first load, and so does the cart, needed only
// once a time is chosen. Asked for when the page first renders (its skeleton), so they arrive
// while the publication is still being fetched, without holding the page's first paint.
const bookingPicker = () => import('./booking-picker.tsx');
const serviceDetails = () => import('./service-details.tsx');
const questionsSection = () => import('./questions-section.tsx');
const shareLinks = () => import('./share-links.tsx');
const cart = () => import('./cart.ts');
const BookingPicker = lazy(() => bookingPicker().then((m) => ({ default: m.BookingPicker })));
const ServiceDetails = lazy(() => serviceDetails().then((m) => ({ default: m.ServiceDetails })));
const QuestionsSection = lazy(() => questionsSection().then((m) => ({ default: m.QuestionsSection })));
const ShareLinks = lazy(() => shareLinks().then((m) => ({ default: m.ShareLinks })));
function prefetchBelowTheFold() {
  for (const load of [bookingPicker, serviceDetails, questionsSection, shareLinks, cart])
    load().catch(() => {});
}

/** A publication whose page the viewer may see; 'missing' for an unknown, deleted or malformed ref. */
function usePublication(ref: string) {
  return useQuery({
    ...publicationQuery(ref),
    retry: (count, error) => !(error instanceof ApiError && error.httpStatus === 400) && count < 2,
    staleTime: 60_000,
  });
}

/**
 * spec 000 §7 check-first-buy: the first-consult price applies only to a signed-in client
 * without a previous booking with this professional.
 */
function useFirstBuy(pub: Publication | undefined) {
  const loggedIn = useIsLoggedIn();
  const userData = useUserData();
  const enabled = !!pub && pub.praConsulta === 1 && loggedIn && userData.data?.userType === 2;
  const query = useQuery({
    queryKey: ['check-first-buy', pub?.ref],
    queryFn: () => call('check-first-buy', { publishId: pub?.ref ?? '' }),
    enabled,
    staleTime: 60_000,
  });
  return enabled && query.data?.fistBuyBool === true;
}

/** service/:ref/:title? and service-landing/:ref/:title?/:expo? (spec 000 §2.2, §2.7). */
export function ServicePage({ landing = false }: { landing?: boolean }) {
  const t = useTexts(servicePageTexts);
  const { ref = '' } = useParams();
  const { to } = usePrefix();
  const navigate = useNavigate();
  const query = usePublication(ref);
  const pub = query.data?.publication;
  const firstBuy = useFirstBuy(pub);
  // Below the fold, in the order a visitor meets them: the picker, the details, the questions,
  // the share links; each is fetched and rendered after the picture has been painted.
  const shown = useStagedParts(pub !== undefined, 4);
  const revealing = shown > 0;
  useEffect(() => {
    if (revealing) prefetchBelowTheFold();
  }, [revealing]);
  useDocumentTitle(pub ? `${pub.title} · ${pub.profName} ${pub.profLastName} · Agendo` : 'Servicio · Agendo');

  if (query.isPending) return <ServiceSkeleton />;
  if (query.isError || !pub) {
    return (
      <LoadFailure
        error={query.error}
        title={(missing) => (missing ? t('notFoundTitle') : t('errorTitle'))}
        text={(missing) => (missing ? t('notFoundText') : t('errorText'))}
        searchLabel={t('searchServices')}
        retryLabel={t('retry')}
        retry={query.refetch}
      />
    );
  }

  const paused = pub.paused === 1;
  async function book(turn: Turn) {
    if (!pub) return;
    const { buildCart, saveCart } = await cart();
    saveCart(buildCart(pub, turn, firstBuy));
    // The bookings issue builds confirmation/{ref}: it reads the cart from local storage.
    void navigate(to(`confirmation/${pub.ref}`));
  }

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        {paused && (
          <Alert
            color="yellow"
            variant="filled"
            icon={<IconPlayerPause aria-hidden />}
            title={t('paused')}
            role="status"
          >
            {t('pausedHint')}
          </Alert>
        )}
        <div className={paused ? `${classes.columns} ${classes.paused}` : classes.columns}>
          <div>
            <Stack gap="md">
              <Hero pub={pub} />
              <Stack gap={4}>
                <Text c="brand.8" fw={600} size="sm">
                  {pub.therapy}
                </Text>
                <Title order={1} className={classes.title}>
                  {pub.title}
                </Title>
              </Stack>
              <Facts pub={pub} />
              {pub.admin && !landing && (
                <Button
                  component={Link}
                  to={to(`edit-service/${pub.ref}`)}
                  variant="default"
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('edit')}
                </Button>
              )}
            </Stack>
          </div>
          <div>
            <Stack gap="md" className={classes.aside}>
              <PriceBlock pub={pub} firstBuy={firstBuy} />
              <ProfessionalCard pub={pub} />
              {!landing && (
                <Suspense fallback={<Skeleton height={78} radius="md" />}>
                  {shown > 3 ? <ShareLinks pub={pub} /> : <Skeleton height={78} radius="md" />}
                </Suspense>
              )}
            </Stack>
          </div>
        </div>
        {!paused && (
          <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
            <Suspense fallback={<Skeleton height={220} radius="md" />}>
              {shown > 0 ? (
                <BookingPicker publicationRef={pub.ref} onBook={book} />
              ) : (
                <Skeleton height={220} radius="md" />
              )}
            </Suspense>
          </Paper>
        )}
        <Suspense fallback={<Skeleton height={160} radius="lg" />}>
          {shown > 1 ? <ServiceDetails pub={pub} /> : <Skeleton height={160} radius="lg" />}
        </Suspense>
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <Suspense fallback={<Skeleton height={120} radius="md" />}>
            {shown > 2 ? (
              <QuestionsSection publicationRef={pub.ref} />
            ) : (
              <Skeleton height={120} radius="md" />
            )}
          </Suspense>
        </Paper>
      </Stack>
    </Container>
  );
}

function youtubeEmbed(url: string): string | null {
  const match = /(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,20})/.exec(url);
  return match ? `https://www.youtube-nocookie.com/embed/${match[1]}` : null;
}

function Hero({ pub }: { pub: Publication }) {
  const images = pub.imagesBig;
  const embed = pub.video ? youtubeEmbed(pub.video) : null;
  if (images.length === 0 && !pub.video) return null;
  return (
    <div className={classes.hero}>
      {images.map((image, i) => (
        <img
          key={image.id}
          src={image.link}
          alt={i === 0 ? pub.title : ''}
          className={classes.heroImage}
          loading={i === 0 ? 'eager' : 'lazy'}
          // The page's largest paint on a phone: fetched ahead of the scripts below the fold.
          fetchPriority={i === 0 ? 'high' : 'auto'}
        />
      ))}
      {pub.video &&
        (embed ? (
          <iframe
            src={embed}
            title={pub.title}
            className={classes.heroImage}
            allow="encrypted-media; picture-in-picture"
            allowFullScreen
          />
        ) : (
          <video src={pub.video} controls preload="metadata" className={classes.heroImage}>
            <track kind="captions" />
          </video>
        ))}
    </div>
  );
}

function Facts({ pub }: { pub: Publication }) {
  const t = useTexts(servicePageTexts);
  return (
    <Group gap="xs" wrap="wrap">
      <Badge size="lg" variant="light" leftSection={<IconClock size={14} aria-hidden />}>
        {t('duration', { n: pub.duration })}
      </Badge>
      <Badge
        size="lg"
        variant="light"
        color="gray"
        leftSection={
          hasOnline(pub.modalityId) ? (
            <IconVideo size={14} aria-hidden />
          ) : (
            <IconMapPin size={14} aria-hidden />
          )
        }
      >
        {pub.modality}
      </Badge>
      {pub.qtySessions > 1 && (
        <Badge size="lg" variant="light" color="grape">
          {t('sessions', { n: pub.qtySessions })}
        </Badge>
      )}
      {pub.groupCapacity > 1 && (
        <Badge size="lg" variant="light" color="orange" leftSection={<IconUsers size={14} aria-hidden />}>
          {t('group', { n: pub.groupCapacity })}
        </Badge>
      )}
    </Group>
  );
}

function ProfessionalCard({ pub }: { pub: Publication }) {
  const t = useTexts(servicePageTexts);
  const { to } = usePrefix();
  const name = `${pub.profName} ${pub.profLastName}`;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Anchor component={Link} to={to(`professional/${pub.profRef}`)} underline="never" c="inherit">
          <Group gap="sm" wrap="nowrap">
            <PersonAvatar
              src={pub.profImg}
              initials={pub.profName.charAt(0) + pub.profLastName.charAt(0)}
              size={56}
            />
            <div>
              <Text size="xs" c="dimmed">
                {t('professional')}
              </Text>
              <Text fw={700}>{name}</Text>
              <Text size="sm" c="brand.8">
                {t('seeProfile')}
              </Text>
            </div>
          </Group>
        </Anchor>
        {hasOnline(pub.modalityId) && pub.platformVideoCallName && (
          <Group gap="xs" wrap="nowrap">
            <IconVideo size={18} aria-hidden />
            <Text size="sm">{t('videoCall', { platform: pub.platformVideoCallName })}</Text>
          </Group>
        )}
        {hasInPerson(pub.modalityId) && pub.address && (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMapPin size={18} aria-hidden />
            <Text size="sm">
              <Text span fw={600}>
                {t('address')}:
              </Text>{' '}
              {pub.address}
            </Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function ServiceSkeleton() {
  const t = useTexts(servicePageTexts);
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} aria-busy="true" aria-label={t('loading')}>
      <div className={classes.columns}>
        <Stack gap="md">
          <Skeleton height={240} radius="lg" />
          <Skeleton height={14} width="30%" />
          <Skeleton height={32} width="80%" />
          <Group gap="xs">
            <Skeleton height={26} width={110} radius="xl" />
            <Skeleton height={26} width={90} radius="xl" />
          </Group>
        </Stack>
        <Stack gap="md">
          <Skeleton height={120} radius="md" />
          <Skeleton height={90} radius="md" />
        </Stack>
      </div>
      <Skeleton height={220} radius="lg" mt="lg" />
    </Container>
  );
}

export function ServiceLandingPage() {
  return <ServicePage landing />;
}
