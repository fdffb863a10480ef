import { type Booking, panelButtons, priceConfirmationOf } from '@agendo/contract';
import * as bookingPanelActions from '@agendo/contract/booking-panel';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCalendarCheck, IconCash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useUserData } from '../../lib/user-data.ts';
import { useOpenClientRecord } from '../../ui/client-record-slot.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import {
  ActionButton,
  CancelBooking,
  isLive,
  QrFeedbackAndReschedule,
  RoomAndChat,
  useAction,
  useRebooking,
  viewerZone,
} from './panel-actions.tsx';
import { longDate } from './panel-header.tsx';
import { PriceModal } from './panel-price.tsx';
import { panelTexts } from './panel-texts.ts';

/**
 * The professional's half of the appointment panel (spec 000 §2.5, §4–§8): the client's record,
 * price, done and paid, the WhatsApp reminder, the series, cancelling and the waiting-room call.
 */
export function ProfessionalActions({
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
  const userData = useUserData();
  const buttons = panelButtons(booking);
  const rebooking = useRebooking(booking, onChanged);
  const [confirm, setConfirm] = useState<'done' | 'cash' | 'series' | null>(null);
  const [priceOpen, setPriceOpen] = useState(false);
  const [fromDate, setFromDate] = useState(booking.date);
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
  const announce = useAction(
    () => call('call-turnbox', { ref: booking.id, box: box || 'Consultorio' }),
    (r) => r.message,
    onChanged,
  );
  const live = isLive(booking);
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
  const dialogs = [
    {
      key: 'done',
      action: done,
      title: tx('markDoneQuestion'),
      message: tx('markDoneText'),
      label: tx('markDone'),
    },
    {
      key: 'cash',
      action: paid,
      title: tx('markPaidQuestion'),
      message: tx('markPaidText'),
      label: tx('markPaid'),
    },
    {
      key: 'series',
      action: series,
      title: tx('deleteSeriesQuestion'),
      message: tx('deleteSeriesText', { date: fromDate }),
      label: tx('delete'),
    },
  ] as const;

  if (rebooking.calendar) return rebooking.calendar;
  return (
    <Stack gap={6}>
      <ClientRecordButton booking={booking} onClosePanel={onClosePanel} />
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
      <QrFeedbackAndReschedule booking={booking} onReschedule={rebooking.start} />
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
      <CancelBooking
        booking={booking}
        disabled={!live}
        success={() => tx('cancelled')}
        onChanged={onChanged}
      />
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
      {dialogs.map((dialog) => (
        <ConfirmDialog
          key={dialog.key}
          opened={confirm === dialog.key}
          title={dialog.title}
          message={dialog.message}
          confirmLabel={dialog.label}
          cancelLabel={tx('keep')}
          loading={dialog.action.isPending}
          onClose={() => setConfirm(null)}
          onConfirm={() => dialog.action.mutate(undefined, { onSettled: () => setConfirm(null) })}
        />
      ))}
    </Stack>
  );
}

function ClientRecordButton({ booking, onClosePanel }: { booking: Booking; onClosePanel: () => void }) {
  const tx = useTexts(panelTexts);
  const { to } = usePrefix();
  const openRecord = useOpenClientRecord();
  const contact = booking.idContact;
  if (!contact) return null;
  return openRecord ? (
    // spec 000 §2.3: the record opens in the floating window over the agenda; the panel closes so
    // its focus trap does not keep the keyboard from the window.
    <Button
      variant="subtle"
      justify="flex-start"
      onClick={() => {
        onClosePanel();
        openRecord({ ref: contact, name: booking.clientName });
      }}
    >
      {tx('clientData')}
    </Button>
  ) : (
    <Button component={Link} to={to(`clients/${contact}`)} variant="subtle" justify="flex-start">
      {tx('clientData')}
    </Button>
  );
}
