import type { InputOf } from '@agendo/contract';
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
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useUserData } from '../../lib/user-data.ts';
import { feedbackTexts } from './feedback-texts.ts';

const when = (iso: string) =>
  new Intl.DateTimeFormat('es-AR', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** A failed call's own message, or the page's general one. */
const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

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

/** What the pages read about one appointment, by its ref. */
function useAppointmentQuery<A extends 'find-califications' | 'find-remarks' | 'find-booking'>(
  action: A,
  ref: string,
) {
  return useQuery({
    queryKey: [action, ref],
    queryFn: () => call(action, { ref } as InputOf<A>),
    retry: false,
  });
}

/** A query's waiting state, its not-found alert, or what its data renders. */
function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const tx = useTexts(feedbackTexts);
  if (query.isPending) {
    return (
      <Group justify="center" py="xl" role="status">
        <Loader size="sm" />
      </Group>
    );
  }
  if (query.isError) {
    return <Alert color="orange" icon={<IconAlertCircle />} title={failure(query.error, tx('notFound'))} />;
  }
  return children(query.data);
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

/** A page's buttons, the way back to the appointment last. */
function Actions({ bookingRef, children, mt }: { bookingRef: string; children?: ReactNode; mt?: string }) {
  return (
    <Group mt={mt}>
      {children}
      <BackToBooking bookingRef={bookingRef} />
    </Group>
  );
}

/** The free text a page asks for (comment, remark, reason). */
function NoteField({
  label,
  value,
  onChange,
  maxLength,
  minRows,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  minRows: number;
  error?: string | null;
}) {
  return (
    <Textarea
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={maxLength}
      autosize
      minRows={minRows}
      error={error}
    />
  );
}

/** One side's rating or remark: who wrote it, what and when. */
function Entry({
  author,
  aside,
  text,
  at,
}: {
  author: string;
  aside?: ReactNode;
  text?: string;
  at: string;
}) {
  return (
    <Card withBorder padding="md" radius="md">
      <Group justify="space-between">
        <Text fw={600}>{author}</Text>
        {aside}
      </Group>
      {text && (
        <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        {when(at)}
      </Text>
    </Card>
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
    onError: (e) => setError(failure(e, tx('error'))),
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
          <NoteField
            label={tx('comment')}
            value={comment}
            onChange={setComment}
            maxLength={1000}
            minRows={3}
          />
          {error && (
            <Text c="red.9" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Actions bookingRef={ref}>
            <Button
              loading={rate.isPending}
              onClick={() => (stars < 1 ? setError(tx('starsRequired')) : rate.mutate())}
            >
              {tx('send')}
            </Button>
          </Actions>
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
  const found = useAppointmentQuery('find-califications', ref);
  return (
    <Frame title={tx('ratingsTitle')}>
      <Loaded query={found}>
        {(data) => (
          <Stack>
            <Text c="dimmed">{data.title}</Text>
            {data.ratings.length === 0 && <Text>{tx('noRatings')}</Text>}
            {data.ratings.map((r) => (
              <Entry
                key={r.role}
                author={r.authorName}
                aside={<Rating value={r.stars} readOnly aria-label={tx('starsOf', { n: r.stars })} />}
                text={r.comment ?? undefined}
                at={r.createdAt}
              />
            ))}
            <Actions bookingRef={ref}>
              {data.canRate && (
                <Button component={Link} to={to(`calificate/${ref}`)}>
                  {tx('rateTitle')}
                </Button>
              )}
            </Actions>
          </Stack>
        )}
      </Loaded>
    </Frame>
  );
}

function RemarkList({ bookingRef }: { bookingRef: string }) {
  const tx = useTexts(feedbackTexts);
  const found = useAppointmentQuery('find-remarks', bookingRef);
  return (
    <Loaded query={found}>
      {(data) => (
        <Stack>
          <Text c="dimmed">{data.title}</Text>
          {data.remarks.length === 0 && <Text>{tx('noRemarks')}</Text>}
          {data.remarks.map((r) => (
            <Entry key={`${r.createdAt}-${r.role}`} author={r.authorName} text={r.text} at={r.createdAt} />
          ))}
        </Stack>
      )}
    </Loaded>
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
    onError: (e) => setError(failure(e, tx('error'))),
  });
  return (
    <Frame title={tx('remarksTitle')}>
      <Stack>
        <RemarkList bookingRef={ref} />
        <NoteField
          label={tx('newRemark')}
          value={text}
          onChange={setText}
          maxLength={2000}
          minRows={3}
          error={error}
        />
        <Actions bookingRef={ref}>
          <Button loading={send.isPending} onClick={() => send.mutate()}>
            {tx('send')}
          </Button>
        </Actions>
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
      <Actions bookingRef={ref} mt="md" />
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
    onError: (e) => notifications.show({ color: 'red', message: failure(e, tx('error')) }),
  });
  return (
    <Frame title={tx('cancelTitle')}>
      <Card withBorder padding="lg" radius="md">
        <Stack>
          <Text>{tx('cancelText')}</Text>
          <NoteField label={tx('reason')} value={reason} onChange={setReason} maxLength={500} minRows={2} />
          <Actions bookingRef={ref}>
            <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              {tx('cancelTitle')}
            </Button>
          </Actions>
        </Stack>
      </Card>
    </Frame>
  );
}

/** cancelations/{ref}: what was cancelled, when and why. */
export function CancelationsPage() {
  const tx = useTexts(feedbackTexts);
  const { ref = '' } = useParams();
  const found = useAppointmentQuery('find-booking', ref);
  return (
    <Frame title={tx('cancellationTitle')}>
      <Loaded query={found}>
        {({ booking }) =>
          booking.state !== 'cancelled' ? (
            <Alert color="blue" title={tx('notCancelled')} />
          ) : (
            <Card withBorder padding="lg" radius="md">
              <Text fw={700}>{booking.title}</Text>
              <Text>
                {booking.date} ·{' '}
                {booking.viewerRole === 'client' ? booking.hourStartClient : booking.hourStart}
              </Text>
              {booking.cancelledAt && (
                <Text mt="xs">{tx('cancelledAt', { when: when(booking.cancelledAt) })}</Text>
              )}
              {booking.cancelReason && (
                <Text mt="xs">
                  {tx('reasonWas', { reason: booking.cancelReason.replace(/^(client|professional): ?/, '') })}
                </Text>
              )}
              <Actions bookingRef={ref} mt="md" />
            </Card>
          )
        }
      </Loaded>
    </Frame>
  );
}
