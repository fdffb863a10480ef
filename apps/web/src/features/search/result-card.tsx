import { modalityName, type OutputOf } from '@agendo/contract';
import { Avatar, Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarTime, IconClock, IconMapPin, IconVideo } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { titleSlug } from '../../lib/title-slug.ts';
import classes from './search.module.css';
import { searchTexts } from './search-texts.ts';

export type SearchResult = OutputOf<'search-publications'>['publications'][number];

function slotText(slot: NonNullable<SearchResult['nextSlot']>, lang: 'es' | 'en'): string {
  const day = new Intl.DateTimeFormat(lang === 'es' ? 'es-AR' : 'en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: slot.timeZone,
  }).format(new Date(slot.start));
  return `${day}, ${slot.hour}`;
}

function PriceLine({ result }: { result: SearchResult }) {
  const t = useTexts(searchTexts);
  if (result.free) {
    return (
      <Badge color="teal.9" variant="outline" size="lg">
        {t('free')}
      </Badge>
    );
  }
  if (result.hidePrice || result.noPrice || result.priceText === null) {
    return (
      <Text size="sm" c="dimmed">
        {result.hidePrice ? t('hiddenPrice') : t('noPrice')}
      </Text>
    );
  }
  return (
    <Group gap={8} align="baseline" wrap="wrap">
      <Text fw={700} size="lg">
        {result.priceText}
      </Text>
      {result.oldPriceText && (
        <Text size="sm" c="dimmed" td="line-through" aria-label={`${t('oldPrice')} ${result.oldPriceText}`}>
          {result.oldPriceText}
        </Text>
      )}
      {result.promo && (
        <Badge color="orange.9" variant="outline">
          {t('promo')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * A result card's top: the professional's photo (or initials), name, and the title that links
 * to the service or course page; `children` go under the title.
 */
export function CardHeading({
  prof,
  avatar,
  href,
  title,
  children,
}: {
  prof: { profName: string; profLastName: string };
  avatar: { src: string | null; size: number } | null;
  href: string;
  title: string;
  children?: ReactNode;
}) {
  const t = useTexts(searchTexts);
  const name = `${prof.profName} ${prof.profLastName}`;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      {avatar && (
        <Avatar src={avatar.src} alt={t('photoOf', { name })} size={avatar.size} radius="xl" color="brand">
          {prof.profName.charAt(0)}
          {prof.profLastName.charAt(0)}
        </Avatar>
      )}
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {name}
        </Text>
        <Text component={Link} to={href} fw={700} size="md" lineClamp={2} className={classes.cardLink}>
          {title}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

/** One publication of the results: photo, name, title, price in the viewer's currency, next slot. */
export function ResultCard({ result }: { result: SearchResult }) {
  const t = useTexts(searchTexts);
  const lang = useLang();
  const { to } = usePrefix();
  const href = to(`service/${result.ref}/${titleSlug(result.title)}`);
  const online = result.modalityId === 1 || result.modalityId === 3;
  const inPerson = result.modalityId === 2 || result.modalityId === 3;

  return (
    <Card withBorder radius="lg" padding="md" className={classes.card}>
      <Stack gap="sm" h="100%">
        <CardHeading
          prof={result}
          avatar={{ src: result.profImg ?? result.image, size: 64 }}
          href={href}
          title={result.title}
        >
          {result.therapy && (
            <Text size="xs" c="brand.8" fw={600}>
              {result.therapy}
            </Text>
          )}
        </CardHeading>

        <Group gap="xs">
          <Badge
            variant="light"
            color="gray"
            c="dark.6"
            leftSection={
              online && !inPerson ? <IconVideo size={12} aria-hidden /> : <IconMapPin size={12} aria-hidden />
            }
          >
            {modalityName(result.modalityId, lang)}
          </Badge>
          <Badge variant="light" color="gray" c="dark.6" leftSection={<IconClock size={12} aria-hidden />}>
            {t('minutes', { n: result.duration })}
          </Badge>
          {result.qtySessions > 1 && (
            <Badge variant="light" color="gray" c="dark.6">
              {t('sessions', { n: result.qtySessions })}
            </Badge>
          )}
        </Group>

        <PriceLine result={result} />

        <Group gap={6} mt="auto" wrap="nowrap">
          <IconCalendarTime size={18} aria-hidden className={classes.slotIcon} />
          {result.nextSlot ? (
            <Text size="sm">
              {t('nextSlot')}: <strong>{slotText(result.nextSlot, lang)}</strong>
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('noSlots')}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function ResultCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding="md" aria-hidden>
      <Group gap="sm" wrap="nowrap">
        <Skeleton circle height={64} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={10} width="50%" />
          <Skeleton height={14} width="90%" />
          <Skeleton height={10} width="40%" />
        </Stack>
      </Group>
      <Skeleton height={18} width="60%" mt="md" />
      <Skeleton height={22} width="35%" mt="sm" />
      <Skeleton height={12} width="70%" mt="md" />
    </Card>
  );
}
