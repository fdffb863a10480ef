import { type Booking, type OutputOf, panelButtons } from '@agendo/contract';
import { Button, Group, Image, Loader, Modal, Stack, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessage, IconNotes, IconQrcode, IconStar, IconUsersGroup, IconVideo } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { ApiError, call } from '../../lib/api.ts';
import { groupChatPath } from '../../lib/group-chat.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { RebookingCalendar } from './panel-rebooking.tsx';
import { panelTexts } from './panel-texts.ts';

// The pieces of the appointment panel (spec 000 §2.5) that the professional's and the client's
// halves both show.

export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An appointment still to happen: the actions that change it apply only then. */
export const isLive = (booking: Booking) => booking.state === 'pending' || booking.state === 'confirmed';

export function ActionButton(
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

/** An action on the appointment: a toast with its outcome, and the panel reloaded after success. */
export function useAction<T>(run: () => Promise<T>, success: (res: T) => string, onChanged: () => void) {
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

/**
 * The re-booking calendar (spec 000 §2.7) that takes the place of the actions while it is open:
 * `calendar` is what to show instead of them, null until `start` is called.
 */
export function useRebooking(booking: Booking, onChanged: () => void) {
  const [open, setOpen] = useState(false);
  const calendar = open ? (
    <RebookingCalendar
      booking={booking}
      onDone={() => {
        setOpen(false);
        onChanged();
      }}
      onCancel={() => setOpen(false)}
    />
  ) : null;
  return { calendar, start: () => setOpen(true) };
}

/** 'Cancelar cita' and its confirmation, with the optional reason the professional is told. */
export function CancelBooking({
  booking,
  disabled,
  success,
  onChanged,
}: {
  booking: Booking;
  disabled: boolean;
  success: (res: OutputOf<'cancel-booking'>) => string;
  onChanged: () => void;
}) {
  const tx = useTexts(panelTexts);
  const buttons = panelButtons(booking);
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useAction(
    () => call('cancel-booking', { ref: booking.id, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    success,
    onChanged,
  );
  return (
    <>
      <ActionButton
        color="red"
        disabled={disabled}
        disabledHint={buttons.cancelHint}
        onClick={() => setOpened(true)}
      >
        {tx('cancelBooking')}
      </ActionButton>
      <ConfirmDialog
        opened={opened}
        title={tx('cancelQuestion')}
        message={tx('cancelText')}
        confirmLabel={tx('cancelBooking')}
        cancelLabel={tx('keep')}
        loading={cancel.isPending}
        onClose={() => setOpened(false)}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setOpened(false) })}
      >
        <TextInput
          label={tx('cancelReason')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
        />
      </ConfirmDialog>
    </>
  );
}

/**
 * spec 000 §4: the room opens only while the appointment is now and canCalificate; the chat at
 * any time, once the client has an account to write to (a manual appointment may have none).
 */
export function RoomAndChat({ booking, chatPath }: { booking: Booking; chatPath: 'chat' | 'prof-chat' }) {
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

/** The QR code, the feedback pages (spec 000 §2.2) and 'Reprogramar', in that order for both. */
export function QrFeedbackAndReschedule({
  booking,
  onReschedule,
}: {
  booking: Booking;
  onReschedule: () => void;
}) {
  const tx = useTexts(panelTexts);
  const { to } = usePrefix();
  const buttons = panelButtons(booking);
  return (
    <>
      <QrButton booking={booking} />
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
      <ActionButton
        disabled={!buttons.reschedule}
        disabledHint={buttons.rescheduleHint}
        onClick={onReschedule}
      >
        {tx('reschedule')}
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
