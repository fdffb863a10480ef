import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Rating,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useUserData } from '../../lib/user-data.ts';
import { feedbackTexts } from './feedback-texts.ts';

const when = (iso: string) =>
  new Intl.DateTimeFormat('es-AR', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function Frame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(`${title} · Agendo`);
  return (
    <Container size="sm" py="lg">
      <Title order={1} size="h2" mb="md">
        {title}
      </Title>
      {children}
    </Container>
  );
}

function Waiting() {
  return (
    <Group justify="center" py="xl" role="status">
      <Loader size="sm" />
    </Group>
  );
}

function NotFound({ error }: { error: unknown }) {
  const tx = useTexts(feedbackTexts);
  return (
    <Alert
      color="orange"
      icon={<IconAlertCircle />}
      title={error instanceof ApiError ? error.message : tx('notFound')}
    />
  );
}

/** Back to the appointment: the list that opens its panel (either side's list opens it for its owner). */
function BackToBooking({ bookingRef }: { bookingRef: string }) {
  const tx = useTexts(feedbackTexts);
  const { to } = usePrefix();
  const professional = useUserData().data?.userType === 1;
  return (
    <Button
      component={Link}
      to={to(`${professional ? 'bookings' : 'my-bookings'}/${bookingRef}`)}
      variant="subtle"
    >
      {tx('back')}
    </Button>
  );
}

/** calificate/{ref}: rate the other side of the appointment, 1 to 5 stars and a comment. */
export function CalificatePage() {
  const tx = useTexts(feedbackTexts);
  const { ref = '' } = useParams();
  const navigate = useNavigate();
  const { to } = usePrefix();
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rate = useMutation({
    mutationFn: () =>
      call('calificate', { ref, stars, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: tx('thanks') });
      void navigate(to(`califications/${ref}`));
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : tx('error')),
  });
  return (
    <Frame title={tx('rateTitle')}>
      <Card withBorder padding="lg" radius="md">
        <Stack>
          <Text id="stars-label" fw={600}>
            {tx('stars')}
          </Text>
          <Rating
            value={stars}
            onChange={setStars}
            size="xl"
            aria-labelledby="stars-label"
            getSymbolLabel={(n) => tx('starsOf', { n })}
          />
          <Textarea
            label={tx('comment')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={3}
          />
          {error && (
            <Text c="red.9" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group>
            <Button
              loading={rate.isPending}
              onClick={() => (stars < 1 ? setError(tx('starsRequired')) : rate.mutate())}
            >
              {tx('send')}
            </Button>
            <BackToBooking bookingRef={ref} />
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

/** califications/{ref}: both sides' ratings of the appointment. */
export function CalificationsPage() {
  const tx = useTexts(feedbackTexts);
  const { ref = '' } = useParams();
  const { to } = usePrefix();
  const found = useQuery({
    queryKey: ['find-califications', ref],
    queryFn: () => call('find-califications', { ref }),
    retry: false,
  });
  return (
    <Frame title={tx('ratingsTitle')}>
      {found.isPending ? (
        <Waiting />
      ) : found.isError ? (
        <NotFound error={found.error} />
      ) : (
        <Stack>
          <Text c="dimmed">{found.data.title}</Text>
          {found.data.ratings.length === 0 && <Text>{tx('noRatings')}</Text>}
          {found.data.ratings.map((r) => (
            <Card key={r.role} withBorder padding="md" radius="md">
              <Group justify="space-between">
                <Text fw={600}>{r.authorName}</Text>
                <Rating value={r.stars} readOnly aria-label={tx('starsOf', { n: r.stars })} />
              </Group>
              {r.comment && <Text mt="xs">{r.comment}</Text>}
              <Text size="xs" c="dimmed" mt={4}>
                {when(r.createdAt)}
              </Text>
            </Card>
          ))}
          <Group>
            {found.data.canRate && (
              <Button component={Link} to={to(`calificate/${ref}`)}>
                {tx('rateTitle')}
              </Button>
            )}
            <BackToBooking bookingRef={ref} />
          </Group>
        </Stack>
      )}
    </Frame>
  );
}

function RemarkList({ bookingRef }: { bookingRef: string }) {
  const tx = useTexts(feedbackTexts);
  const found = useQuery({
    queryKey: ['find-remarks', bookingRef],
    queryFn: () => call('find-remarks', { ref: bookingRef }),
    retry: false,
  });
  if (found.isPending) return <Waiting />;
  if (found.isError) return <NotFound error={found.error} />;
  return (
    <Stack>
      <Text c="dimmed">{found.data.title}</Text>
      {found.data.remarks.length === 0 && <Text>{tx('noRemarks')}</Text>}
      {found.data.remarks.map((r) => (
        <Card key={`${r.createdAt}-${r.role}`} withBorder padding="md" radius="md">
          <Text fw={600}>{r.authorName}</Text>
          <Text mt={4} style={{ whiteSpace: 'pre-wrap' }}>
            {r.text}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {when(r.createdAt)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** remark/{ref}: add an observation; both sides read them. */
export function RemarkPage() {
  const tx = useTexts(feedbackTexts);
  const { ref = '' } = useParams();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => call('remark', { ref, text }),
    onSuccess: () => {
      setText('');
      setError(null);
      void queryClient.invalidateQueries({ queryKey: ['find-remarks', ref] });
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : tx('error')),
  });
  return (
    <Frame title={tx('remarksTitle')}>
      <Stack>
        <RemarkList bookingRef={ref} />
        <Textarea
          label={tx('newRemark')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={3}
          error={error}
        />
        <Group>
          <Button loading={send.isPending} onClick={() => send.mutate()}>
            {tx('send')}
          </Button>
          <BackToBooking bookingRef={ref} />
        </Group>
      </Stack>
    </Frame>
  );
}

/** remarks/{ref}: the observations only. */
export function RemarksPage() {
  const tx = useTexts(feedbackTexts);
  const { ref = '' } = useParams();
  return (
    <Frame title={tx('remarksTitle')}>
      <RemarkList bookingRef={ref} />
      <Group mt="md">
        <BackToBooking bookingRef={ref} />
      </Group>
    </Frame>
  );
}

/** cancelation/{ref}: cancel with an optional reason (spec 000 §4: only before the start). */
export function CancelationPage() {
  const tx = useTexts(feedbackTexts);
  const { ref = '' } = useParams();
  const navigate = useNavigate();
  const { to } = usePrefix();
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: () => call('cancel-booking', { ref, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: tx('cancelled') });
      void navigate(to(`cancelations/${ref}`));
    },
    onError: (e) =>
      notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : tx('error') }),
  });
  return (
    <Frame title={tx('cancelTitle')}>
      <Card withBorder padding="lg" radius="md">
        <Stack>
          <Text>{tx('cancelText')}</Text>
          <Textarea
            label={tx('reason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Group>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              {tx('cancelTitle')}
            </Button>
            <BackToBooking bookingRef={ref} />
          </Group>
        </Stack>
      </Card>
    </Frame>
  );
}

/** cancelations/{ref}: what was cancelled, when and why. */
export function CancelationsPage() {
  const tx = useTexts(feedbackTexts);
  const { ref = '' } = useParams();
  const found = useQuery({
    queryKey: ['find-booking', ref],
    queryFn: () => call('find-booking', { ref }),
    retry: false,
  });
  return (
    <Frame title={tx('cancellationTitle')}>
      {found.isPending ? (
        <Waiting />
      ) : found.isError ? (
        <NotFound error={found.error} />
      ) : found.data.booking.state !== 'cancelled' ? (
        <Alert color="blue" title={tx('notCancelled')} />
      ) : (
        <Card withBorder padding="lg" radius="md">
          <Text fw={700}>{found.data.booking.title}</Text>
          <Text>
            {found.data.booking.date} ·{' '}
            {found.data.booking.viewerRole === 'client'
              ? found.data.booking.hourStartClient
              : found.data.booking.hourStart}
          </Text>
          {found.data.booking.cancelledAt && (
            <Text mt="xs">{tx('cancelledAt', { when: when(found.data.booking.cancelledAt) })}</Text>
          )}
          {found.data.booking.cancelReason && (
            <Text mt="xs">
              {tx('reasonWas', {
                reason: found.data.booking.cancelReason.replace(/^(client|professional): ?/, ''),
              })}
            </Text>
          )}
          <Group mt="md">
            <BackToBooking bookingRef={ref} />
          </Group>
        </Card>
      )}
    </Frame>
  );
}
