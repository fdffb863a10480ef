import {
  type Booking,
  panelButtons,
  paymentBadge,
  paymentBadgeText,
  priceConfirmationOf,
  priceConfirmationText,
  videoCallPlatformIds,
  videoCallPlatformName,
} from '@agendo/contract';
import * as bookingPanelActions from '@agendo/contract/booking-panel';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconBrandWhatsapp,
  IconCalendarCheck,
  IconCash,
  IconMessage,
  IconNotes,
  IconQrcode,
  IconRepeat,
  IconStar,
  IconUsersGroup,
  IconVideo,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { groupChatPath } from '../../lib/group-chat.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useUserData } from '../../lib/user-data.ts';
import { useOpenClientRecord } from '../../ui/client-record-slot.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { PriceModal } from './panel-price.tsx';
import { RebookingCalendar } from './panel-rebooking.tsx';
import { panelTexts } from './panel-texts.ts';

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const zoneName = (zone: string) => (zone.split('/').pop() ?? zone).replace(/_/g, ' ');

function longDate(date: string) {
  const [y, m, d] = date.split('-').map(Number);
  const text = new Intl.DateTimeFormat('es-AR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(Date.UTC(y ?? 2000, (m ?? 1) - 1, d ?? 1));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const badgeColor = {
  'price-to-set': 'gray',
  unpaid: 'orange',
  paid: 'teal',
  free: 'blue',
  'free-trial': 'grape',
} as const;

/**
 * The appointment options panel (spec 000 §2.5, §4–§8), for the professional and for the client.
 * What the server allows decides what is shown: its flags (canCancel, canRemark, canCalificate,
 * now) go through the contract's rules, and every action is checked again by the server.
 */
export function AppointmentPanel({
  bookingRef,
  onClose,
  onChanged,
}: {
  bookingRef: string | undefined;
  onClose: () => void;
  onChanged: () => void;
}) {
  const tx = useTexts(panelTexts);
  const phone = useMediaQuery('(max-width: 36em)');
  const [ref, setRef] = useState(bookingRef);
  if (ref !== bookingRef && bookingRef !== undefined && ref === undefined) setRef(bookingRef);
  const current = ref ?? bookingRef;
  return (
    <Drawer
      opened={bookingRef !== undefined}
      onClose={() => {
        setRef(undefined);
        onClose();
      }}
      position="right"
      size={phone ? '100%' : 'md'}
      title={tx('title')}
      closeButtonProps={{ 'aria-label': tx('close') }}
    >
      {current && (
        <PanelBody
          key={current}
          bookingRef={current}
          onOpen={setRef}
          onChanged={onChanged}
          onClose={() => {
            setRef(undefined);
            onClose();
          }}
        />
      )}
    </Drawer>
  );
}

function PanelBody({
  bookingRef,
  onOpen,
  onChanged,
  onClose,
}: {
  bookingRef: string;
  onOpen: (ref: string) => void;
  onChanged: () => void;
  onClose: () => void;
}) {
  const tx = useTexts(panelTexts);
  const queryClient = useQueryClient();
  const found = useQuery({
    queryKey: ['find-booking', bookingRef],
    queryFn: () => call('find-booking', { ref: bookingRef, timezone: viewerZone() }),
    retry: false,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['find-booking', bookingRef] });
    void queryClient.invalidateQueries({ queryKey: ['find-bookings'] });
    onChanged();
  };

  if (found.isPending) {
    return (
      <Group justify="center" py="xl" role="status">
        <Loader size="sm" />
        <Text>{tx('loading')}</Text>
      </Group>
    );
  }
  if (found.isError || !found.data) {
    return (
      <Alert color="orange" icon={<IconAlertCircle />} title={tx('notFound')}>
        {found.error instanceof ApiError && found.error.code !== 'E14' ? found.error.message : null}
      </Alert>
    );
  }
  const { booking, participants } = found.data;
  return (
    <Stack gap="md">
      <PanelHeader booking={booking} />
      <PriceSection booking={booking} onChanged={refresh} />
      {booking.viewerRole === 'professional' ? (
        <ProfessionalActions booking={booking} onChanged={refresh} onClosePanel={onClose} />
      ) : (
        <ClientActions booking={booking} onChanged={refresh} />
      )}
      {participants.length > 0 && (
        <Stack gap={6}>
          <Divider label={tx('participants')} labelPosition="left" />
          {participants.map((p) => (
            <Group key={p.id} justify="space-between" wrap="nowrap">
              <Group gap="xs" wrap="nowrap">
                <Avatar src={p.imgClient} size="sm" radius="xl" alt="" />
                <Text size="sm">{p.clientName}</Text>
                <PaymentBadge booking={{ price: p.price, pay: p.pay, noPrice: 0, hidePrice: p.hidePrice }} />
              </Group>
              <Button size="compact-xs" variant="subtle" onClick={() => onOpen(p.id)}>
                {tx('seeBooking')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        {tx('bookingId', { ref: booking.bookId })}
      </Text>
    </Stack>
  );
}

function PaymentBadge({
  booking,
}: {
  booking: { price: number; pay: 0 | 1; noPrice: 0 | 1; hidePrice: 0 | 1; priceProfOk?: 0 | 1 };
}) {
  const badge = paymentBadge(booking);
  return (
    <Badge color={badgeColor[badge]} variant="light">
      {paymentBadgeText[badge].appointment}
    </Badge>
  );
}

function PanelHeader({ booking }: { booking: Booking }) {
  const tx = useTexts(panelTexts);
  const { to } = usePrefix();
  const pro = booking.viewerRole === 'professional';
  const name = pro ? booking.clientName : booking.sellerName;
  const img = pro ? booking.imgClient : booking.imgSeller;
  const ownHour = pro ? booking.hourStart : booking.hourStartClient;
  const otherHour = pro ? booking.hourStartClient : booking.hourStart;
  const otherZone = pro ? booking.timezoneClient : booking.timezone;
  const platform = booking.platformVideoCall;
  return (
    <Stack gap="xs">
      <Group wrap="nowrap">
        <Avatar src={img} size="lg" radius="xl" alt="" />
        <div>
          <Text fw={700}>{name}</Text>
          <Text size="sm">{booking.title}</Text>
        </div>
      </Group>
      <Group gap={6}>
        {booking.state === 'cancelled' && <Badge color="red">{tx('cancelledOn')}</Badge>}
        {booking.state === 'done' && <Badge color="gray">{tx('done')}</Badge>}
        <PaymentBadge booking={booking} />
        {booking.recurrent === 1 && (
          <Badge variant="outline" leftSection={<IconRepeat size={12} aria-hidden />}>
            {tx('recurrent')}
          </Badge>
        )}
        {booking.groupId && (
          <Badge variant="outline" leftSection={<IconUsersGroup size={12} aria-hidden />}>
            {tx('group')}
          </Badge>
        )}
        <Badge variant="outline">{tx('minutes', { n: booking.duration })}</Badge>
        {booking.refundState === 'done' && <Badge color="teal">{tx('refundDone')}</Badge>}
      </Group>
      {booking.refundState === 'pending' && (
        <Alert color="yellow" icon={<IconAlertCircle />}>
          {tx('refundPending')}
        </Alert>
      )}
      {booking.refundState === 'flagged' && (
        <Alert color="red" icon={<IconAlertCircle />}>
          {tx('refundFlagged')}
        </Alert>
      )}
      <Text fw={600}>{tx('yourTime', { date: longDate(booking.date), hour: ownHour })}</Text>
      {otherHour !== ownHour && (
        <Text size="sm" c="dimmed">
          {tx('otherTime', {
            name: pro ? booking.clientName : booking.sellerName,
            hour: otherHour,
            zone: zoneName(otherZone),
          })}
        </Text>
      )}
      {booking.modalityChosen === 2 ? (
        <Text size="sm">{tx('place', { address: booking.address ?? '—' })}</Text>
      ) : (
        <Stack gap={2}>
          <Text size="sm">{tx('platform', { name: videoCallPlatformName(platform) })}</Text>
          {booking.linkVideoCall && (
            <Anchor size="sm" href={booking.linkVideoCall} target="_blank" rel="noreferrer">
              {tx('link')}
            </Anchor>
          )}
          {booking.passVideoCall && <Text size="sm">{tx('password', { value: booking.passVideoCall })}</Text>}
          {platform === videoCallPlatformIds.messaging && !pro && (
            <Text size="sm">
              {tx('messagingNote')}{' '}
              <Anchor component={Link} to={to('change-user-phone')}>
                {tx('addPhone')}
              </Anchor>
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function PriceSection({ booking, onChanged }: { booking: Booking; onChanged: () => void }) {
  const tx = useTexts(panelTexts);
  const moneyText = useMoneyText();
  const money = (b: Booking) => moneyText(b.price, b.currency);
  const { to } = usePrefix();
  const navigate = useNavigate();
  const state = priceConfirmationOf(booking);
  const answer = useMutation({
    mutationFn: (confirmPrice: 0 | 1) => call('confirm-price', { ref: booking.id, confirmPrice }),
    onSuccess: (res) => {
      onChanged();
      void navigate(`${to(res.route)}?ref=${booking.id}`);
    },
    onError: () => void navigate(to('booking-not-found')),
  });
  const [priceOpen, setPriceOpen] = useState(false);
  if (booking.state === 'cancelled') return null;
  if (state === 'waiting-client') {
    if (booking.viewerRole === 'client') {
      const deadline = booking.priceConfirmDeadline
        ? new Intl.DateTimeFormat('es-AR', { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(booking.priceConfirmDeadline),
          )
        : '';
      return (
        <Alert color="blue" title={priceConfirmationText.client}>
          <Text size="sm">{tx('confirmValueText', { amount: money(booking), deadline })}</Text>
          <Group mt="sm">
            <Button loading={answer.isPending && answer.variables === 1} onClick={() => answer.mutate(1)}>
              {tx('confirm')}
            </Button>
            <Button
              variant="default"
              loading={answer.isPending && answer.variables === 0}
              onClick={() => answer.mutate(0)}
            >
              {tx('reject')}
            </Button>
          </Group>
        </Alert>
      );
    }
    return <Alert color="blue" title={priceConfirmationText.professional} />;
  }
  if (state === 'waiting-professional' && booking.viewerRole === 'professional') {
    return (
      <>
        <Alert color="gray" title={tx('priceToSet')}>
          <Button mt="xs" onClick={() => setPriceOpen(true)}>
            {tx('setPrice')}
          </Button>
        </Alert>
        <PriceModal
          booking={booking}
          mode="confirm"
          opened={priceOpen}
          onClose={() => setPriceOpen(false)}
          onSaved={onChanged}
        />
      </>
    );
  }
  return booking.price > 0 ? (
    <Text fz="xl" fw={800}>
      {money(booking)}
    </Text>
  ) : null;
}

function ActionButton(
  props: { children: ReactNode; disabledHint?: string | null; disabled?: boolean } & Record<string, unknown>,
) {
  const { disabledHint, children, disabled, ...rest } = props;
  if (disabled) {
    // A disabled action is a real disabled button (a link cannot be disabled for assistive tech).
    const { component: _c, to: _t, href: _h, target: _g, rel: _r, ...plain } = rest;
    const button = (
      <Button variant="light" fullWidth justify="flex-start" disabled {...plain}>
        {children}
      </Button>
    );
    return disabledHint ? (
      <Tooltip label={disabledHint} multiline w={240} events={{ hover: true, focus: true, touch: true }}>
        <div>{button}</div>
      </Tooltip>
    ) : (
      button
    );
  }
  return (
    <Button variant="light" fullWidth justify="flex-start" {...rest}>
      {children}
    </Button>
  );
}

function useAction<T>(run: () => Promise<T>, success: (res: T) => string, onChanged: () => void) {
  const tx = useTexts(panelTexts);
  return useMutation({
    mutationFn: run,
    onSuccess: (res) => {
      notifications.show({ color: 'teal', message: success(res) });
      onChanged();
    },
    onError: (e) =>
      notifications.show({ color: 'red', message: e instanceof ApiError ? e.message : tx('error') }),
  });
}

function ProfessionalActions({
  booking,
  onChanged,
  onClosePanel,
}: {
  booking: Booking;
  onChanged: () => void;
  onClosePanel: () => void;
}) {
  const tx = useTexts(panelTexts);
  const lang = useLang();
  const { to } = usePrefix();
  const openRecord = useOpenClientRecord();
  const userData = useUserData();
  const buttons = panelButtons(booking);
  const [confirm, setConfirm] = useState<'done' | 'cash' | 'series' | 'cancel' | null>(null);
  const [priceOpen, setPriceOpen] = useState(false);
  const [fromDate, setFromDate] = useState(booking.date);
  const [reason, setReason] = useState('');
  const [rebooking, setRebooking] = useState(false);
  const [box, setBox] = useState('');
  const done = useAction(
    () => call('mark-ready', { ref: booking.id }),
    () => tx('markedDone'),
    onChanged,
  );
  const paid = useAction(
    () => call('mark-pay-booking', { ref: booking.id }),
    (r) => r.message,
    onChanged,
  );
  const series = useAction(
    () => call('delete-recurrent', { ref: booking.id, fromDate, timezone: viewerZone() }),
    (r) => r.message,
    onChanged,
  );
  const cancel = useAction(
    () => call('cancel-booking', { ref: booking.id, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    () => tx('cancelled'),
    onChanged,
  );
  const announce = useAction(
    () => call('call-turnbox', { ref: booking.id, box: box || 'Consultorio' }),
    (r) => r.message,
    onChanged,
  );
  const live = booking.state === 'pending' || booking.state === 'confirmed';
  const started = Date.parse(booking.dateNoFormat) <= Date.now();
  const reminderText = encodeURIComponent(
    tx('reminderText', {
      name: booking.clientName,
      title: booking.title,
      date: longDate(booking.date),
      hour: booking.hourStartClient,
    }),
  );
  const phoneDigits = booking.clientPhone?.replace(/\D/g, '') ?? '';

  if (rebooking) {
    return (
      <RebookingCalendar
        booking={booking}
        onDone={() => {
          setRebooking(false);
          onChanged();
        }}
        onCancel={() => setRebooking(false)}
      />
    );
  }
  return (
    <Stack gap={6}>
      {booking.idContact &&
        (openRecord ? (
          // spec 000 §2.3: the record opens in the draggable window over the agenda; the panel
          // closes so its focus trap does not keep the keyboard from the window.
          <Button
            variant="subtle"
            justify="flex-start"
            onClick={() => {
              const ref = booking.idContact;
              if (!ref) return;
              onClosePanel();
              openRecord({ ref, name: booking.clientName });
            }}
          >
            {tx('clientData')}
          </Button>
        ) : (
          <Button
            component={Link}
            to={to(`clients/${booking.idContact}`)}
            variant="subtle"
            justify="flex-start"
          >
            {tx('clientData')}
          </Button>
        ))}
      {live && booking.pay === 0 && priceConfirmationOf(booking) === 'none' && (
        <ActionButton onClick={() => setPriceOpen(true)}>{tx('editPrice')}</ActionButton>
      )}
      {live && (
        <ActionButton
          leftSection={<IconCalendarCheck size={16} />}
          onClick={() => setConfirm('done')}
          // The server refuses done before the start (E27); the panel says so instead of offering it.
          disabled={!started}
          disabledHint={errorText(bookingPanelActions.markReady, 'E27', lang)}
        >
          {tx('markDone')}
        </ActionButton>
      )}
      {booking.state !== 'cancelled' && booking.pay === 0 && booking.price > 0 && booking.hidePrice === 0 && (
        <ActionButton leftSection={<IconCash size={16} />} onClick={() => setConfirm('cash')}>
          {tx('markPaid')}
        </ActionButton>
      )}
      <RoomAndChat booking={booking} chatPath="prof-chat" />
      <ActionButton
        leftSection={<IconBrandWhatsapp size={16} />}
        disabled={!phoneDigits || !booking.canCancel}
        disabledHint={phoneDigits ? buttons.cancelHint : tx('reminderNeedsPhone')}
        component="a"
        href={`https://wa.me/${phoneDigits}?text=${reminderText}`}
        target="_blank"
        rel="noreferrer"
      >
        {tx('reminder')}
      </ActionButton>
      <QrButton booking={booking} />
      <FeedbackLinks booking={booking} />
      <ActionButton
        disabled={!buttons.reschedule}
        disabledHint={buttons.rescheduleHint}
        onClick={() => setRebooking(true)}
      >
        {tx('reschedule')}
      </ActionButton>
      {booking.recurrent === 1 && live && (
        // Wraps on a narrow panel: side by side the button's label was cut off.
        <Group align="flex-end" gap="xs">
          <TextInput
            type="date"
            label={tx('deleteFrom')}
            value={fromDate}
            onChange={(e) => setFromDate(e.currentTarget.value)}
            style={{ flex: '1 1 150px' }}
          />
          <Button color="red" variant="light" onClick={() => setConfirm('series')}>
            {tx('deleteSeries')}
          </Button>
        </Group>
      )}
      <ActionButton
        color="red"
        disabled={!live}
        disabledHint={buttons.cancelHint}
        onClick={() => setConfirm('cancel')}
      >
        {tx('cancelBooking')}
      </ActionButton>
      {userData.data?.isAdmin && live && (
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={tx('box')}
            value={box}
            onChange={(e) => setBox(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button variant="light" loading={announce.isPending} onClick={() => announce.mutate()}>
            {tx('announce')}
          </Button>
        </Group>
      )}
      {series.isPending && (
        <Text size="sm" role="status">
          {tx('deletingSeries')}
        </Text>
      )}

      <PriceModal
        booking={booking}
        mode="edit"
        opened={priceOpen}
        onClose={() => setPriceOpen(false)}
        onSaved={onChanged}
      />
      <ConfirmDialog
        opened={confirm === 'done'}
        title={tx('markDoneQuestion')}
        message={tx('markDoneText')}
        confirmLabel={tx('markDone')}
        cancelLabel={tx('keep')}
        loading={done.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => done.mutate(undefined, { onSettled: () => setConfirm(null) })}
      />
      <ConfirmDialog
        opened={confirm === 'cash'}
        title={tx('markPaidQuestion')}
        message={tx('markPaidText')}
        confirmLabel={tx('markPaid')}
        cancelLabel={tx('keep')}
        loading={paid.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => paid.mutate(undefined, { onSettled: () => setConfirm(null) })}
      />
      <ConfirmDialog
        opened={confirm === 'series'}
        title={tx('deleteSeriesQuestion')}
        message={tx('deleteSeriesText', { date: fromDate })}
        confirmLabel={tx('delete')}
        cancelLabel={tx('keep')}
        loading={series.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => series.mutate(undefined, { onSettled: () => setConfirm(null) })}
      />
      <CancelDialog
        opened={confirm === 'cancel'}
        reason={reason}
        setReason={setReason}
        loading={cancel.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirm(null) })}
      />
    </Stack>
  );
}

function CancelDialog(props: {
  opened: boolean;
  reason: string;
  setReason: (v: string) => void;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const tx = useTexts(panelTexts);
  return (
    <ConfirmDialog
      opened={props.opened}
      title={tx('cancelQuestion')}
      message={tx('cancelText')}
      confirmLabel={tx('cancelBooking')}
      cancelLabel={tx('keep')}
      loading={props.loading}
      onClose={props.onClose}
      onConfirm={props.onConfirm}
    >
      <TextInput
        label={tx('cancelReason')}
        value={props.reason}
        onChange={(e) => props.setReason(e.currentTarget.value)}
        maxLength={500}
      />
    </ConfirmDialog>
  );
}

/**
 * spec 000 §4: the room opens only while the appointment is now and canCalificate; the chat at
 * any time, once the client has an account to write to (a manual appointment may have none).
 */
function RoomAndChat({ booking, chatPath }: { booking: Booking; chatPath: 'chat' | 'prof-chat' }) {
  const tx = useTexts(panelTexts);
  const { to } = usePrefix();
  const buttons = panelButtons(booking);
  const noAccount = chatPath === 'prof-chat' && booking.customerId === null;
  return (
    <>
      <ActionButton
        leftSection={<IconVideo size={16} />}
        disabled={!buttons.room || booking.modalityChosen === 2}
        disabledHint={tx('roomHint')}
        component={Link}
        // The own room (issue 17) is keyed by the appointment; an external platform's room id is
        // shown with its link, and the own room stays the fallback (spec 000 §4).
        to={to(`room/${booking.id}`)}
      >
        {tx('room')}
      </ActionButton>
      <ActionButton
        leftSection={<IconMessage size={16} />}
        disabled={!buttons.chat || noAccount}
        disabledHint={tx('chatNoAccount')}
        component={Link}
        to={to(`${chatPath}/${booking.id}`)}
      >
        {tx('chat')}
      </ActionButton>
      {booking.groupId && (
        // issue 17: the group appointment's one conversation (its professional and every client
        // still booked in it); a cancelled seat no longer opens it.
        <ActionButton
          leftSection={<IconUsersGroup size={16} />}
          disabled={chatPath === 'chat' && booking.state === 'cancelled'}
          disabledHint={tx('groupChatCancelled')}
          component={Link}
          to={to(groupChatPath(chatPath, booking.id))}
        >
          {tx('groupChat')}
        </ActionButton>
      )}
    </>
  );
}

/** calificate / califications and remark / remarks (spec 000 §2.2). */
function FeedbackLinks({ booking }: { booking: Booking }) {
  const tx = useTexts(panelTexts);
  const { to } = usePrefix();
  return (
    <>
      {booking.canCalificate && !booking.rated ? (
        <ActionButton
          leftSection={<IconStar size={16} />}
          component={Link}
          to={to(`calificate/${booking.id}`)}
        >
          {tx('rate')}
        </ActionButton>
      ) : booking.rated ? (
        <ActionButton
          leftSection={<IconStar size={16} />}
          component={Link}
          to={to(`califications/${booking.id}`)}
        >
          {tx('ratings')}
        </ActionButton>
      ) : null}
      <ActionButton leftSection={<IconNotes size={16} />} component={Link} to={to(`remark/${booking.id}`)}>
        {tx('remarks')}
      </ActionButton>
    </>
  );
}

function QrButton({ booking }: { booking: Booking }) {
  const tx = useTexts(panelTexts);
  const [open, setOpen] = useState(false);
  const qr = useQuery({
    queryKey: ['generete-booking-qr', booking.id],
    queryFn: () => call('generete-booking-qr', { ref: booking.id }),
    enabled: open,
  });
  return (
    <>
      <ActionButton leftSection={<IconQrcode size={16} />} onClick={() => setOpen(true)}>
        {tx('qr')}
      </ActionButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={tx('qr')} centered size="sm">
        {qr.data ? (
          <Stack align="center">
            <Image src={qr.data.file} alt={tx('qrAlt')} w={240} h={240} />
            <Button component="a" href={qr.data.file} download={`cita-${booking.id}.png`} variant="light">
              {tx('download')}
            </Button>
          </Stack>
        ) : (
          <Group justify="center" role="status">
            <Loader size="sm" />
          </Group>
        )}
      </Modal>
    </>
  );
}

function ClientActions({ booking, onChanged }: { booking: Booking; onChanged: () => void }) {
  const tx = useTexts(panelTexts);
  const { to } = usePrefix();
  const buttons = panelButtons(booking);
  const [rebooking, setRebooking] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useAction(
    () => call('cancel-booking', { ref: booking.id, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    (r) => (r.refunded ? `${tx('cancelled')} ✓` : tx('cancelled')),
    onChanged,
  );
  const live = booking.state === 'pending' || booking.state === 'confirmed';
  const payable =
    live && booking.pay === 0 && booking.price > 0 && booking.hidePrice === 0 && booking.payCard !== 0;
  if (rebooking) {
    return (
      <RebookingCalendar
        booking={booking}
        onDone={() => {
          setRebooking(false);
          onChanged();
        }}
        onCancel={() => setRebooking(false)}
      />
    );
  }
  return (
    <Stack gap={6}>
      {payable && (
        <Button component={Link} to={to(`pay-service/${booking.id}`)}>
          {tx('pay')}
        </Button>
      )}
      <Button
        component={Link}
        to={to(`professional/${booking.sellerRef}`)}
        variant="subtle"
        justify="flex-start"
      >
        {tx('seller')}
      </Button>
      <RoomAndChat booking={booking} chatPath="chat" />
      <QrButton booking={booking} />
      <FeedbackLinks booking={booking} />
      <ActionButton
        disabled={!buttons.reschedule}
        disabledHint={buttons.rescheduleHint}
        onClick={() => setRebooking(true)}
      >
        {tx('reschedule')}
      </ActionButton>
      <ActionButton
        color="red"
        disabled={!buttons.cancel}
        disabledHint={buttons.cancelHint}
        onClick={() => setConfirm(true)}
      >
        {tx('cancelBooking')}
      </ActionButton>
      <CancelDialog
        opened={confirm}
        reason={reason}
        setReason={setReason}
        loading={cancel.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirm(false) })}
      />
    </Stack>
  );
}
