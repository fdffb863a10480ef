import type { LessonData } from '@agendo/contract';
import { Alert, Badge, Button, Card, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMapPin, IconQrcode, IconVideo } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { zoneLabelPlain } from '../../lib/time-zone-label.ts';
import { coursesTexts } from './courses-texts.ts';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * spec 002 §2 live lesson and 001 §2.6 (records side): titles, 'Vivo Online' / 'Vivo
 * Presencial', the dates in the viewer's zone, the entry QR for in-person events, 'Ingresar al
 * evento' only when canEnter, the external link details, the address, 'Marcar como realizado'.
 */
export function LiveLesson({
  lesson,
  onDone,
  doneBusy,
}: {
  lesson: LessonData;
  onDone: () => void;
  doneBusy: boolean;
}) {
  const tx = useTexts(coursesTexts);
  const lang = useLang();
  const { to } = usePrefix();
  const dates = useQuery({
    queryKey: ['find-live-date', lesson.ref],
    queryFn: () =>
      call('find-live-date', { lessonId: lesson.ref, mode: lesson.isOwner ? 1 : 2, timezone: browserZone() }),
    refetchInterval: 60_000,
  });
  if (dates.isPending) return <Loader size="sm" />;
  const date = dates.data?.dates[0];
  if (!date) return null;
  const online = date.typeClass === 6;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="live-lesson">
      <Text size="sm" c="dimmed">
        {date.publishTitle} · {lesson.moduleTitle}
      </Text>
      <Title order={2} size="h3">
        {date.lessonTitle}
      </Title>
      <Group mt="sm" gap="xs">
        <Badge
          color={online ? 'blue' : 'grape'}
          leftSection={online ? <IconVideo size={14} /> : <IconMapPin size={14} />}
        >
          {online ? tx('liveOnline') : tx('liveInPerson')}
        </Badge>
        <Text fw={600} tt="capitalize">
          {date.liveDate}
        </Text>
      </Group>
      <Stack gap={2} mt="xs">
        <Text size="sm">{tx('liveFrom', { date: date.startDate })}</Text>
        <Text size="sm">{tx('liveTo', { date: date.endDate })}</Text>
        <Text size="xs" c="dimmed">
          {tx('zoneNote', { zone: zoneLabelPlain(date.timezone, lang) })}
        </Text>
      </Stack>

      {date.imgQr && (
        <Stack align="center" mt="md" gap={4}>
          <Image src={date.imgQr} alt={tx('qrNote')} w={220} h={220} />
          <Text size="sm">{tx('qrNote')}</Text>
        </Stack>
      )}
      {date.attended && (
        <Alert color="teal" mt="md">
          {tx('attended')}
        </Alert>
      )}

      {online &&
        date.useMyVideoCall === 1 &&
        // spec 002 §2: enabled only when canEnter; a disabled link would still navigate.
        (date.canEnter ? (
          <Button mt="md" component={Link} to={to(`course-room/${lesson.ref}`)}>
            {tx('enter')}
          </Button>
        ) : (
          <Button mt="md" disabled>
            {tx('enter')}
          </Button>
        ))}
      {online && date.useMyVideoCall === 0 && (
        <Stack gap={2} mt="md">
          <Text size="sm">
            <strong>{tx('platform')}:</strong> {date.platformVideoCall ?? tx('other')}
          </Text>
          {date.linkVideoCall && (
            <Text size="sm">
              <strong>{tx('link')}:</strong>{' '}
              <a href={date.linkVideoCall} target="_blank" rel="noreferrer noopener">
                {date.linkVideoCall}
              </a>
            </Text>
          )}
          {date.passVideoCall && (
            <Text size="sm">
              <strong>{tx('password')}:</strong> {date.passVideoCall}
            </Text>
          )}
          {date.roomIdLink && (
            <Text size="sm">
              <strong>{tx('meetingId')}:</strong> {date.roomIdLink}
            </Text>
          )}
        </Stack>
      )}
      {!online && lesson.isOwner && (
        // The professional checks students in by scanning their entry QR (qr-reader).
        <Button
          mt="md"
          component={Link}
          to={to('qr-reader')}
          variant="light"
          leftSection={<IconQrcode size={16} />}
        >
          {tx('scanEntries')}
        </Button>
      )}
      {!online && date.address && (
        <Text size="sm" mt="md">
          <strong>{tx('address')}:</strong> {date.address}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt="md">
        {tx('liveDayNote')}
      </Text>
      {!lesson.isOwner && (
        <Button mt="md" variant="light" onClick={onDone} loading={doneBusy} disabled={lesson.complete}>
          {lesson.complete ? tx('done') : tx('markDone')}
        </Button>
      )}
    </Card>
  );
}
