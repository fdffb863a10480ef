import { type Booking, panelButtons } from '@agendo/contract';
import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import {
  CancelBooking,
  isLive,
  QrFeedbackAndReschedule,
  RoomAndChat,
  useRebooking,
} from './panel-actions.tsx';
import { panelTexts } from './panel-texts.ts';

/** The client's half of the appointment panel (spec 000 §2.5): pay, the professional, cancel. */
export function ClientActions({ booking, onChanged }: { booking: Booking; onChanged: () => void }) {
  const tx = useTexts(panelTexts);
  const { to } = usePrefix();
  const buttons = panelButtons(booking);
  const rebooking = useRebooking(booking, onChanged);
  const payable =
    isLive(booking) &&
    booking.pay === 0 &&
    booking.price > 0 &&
    booking.hidePrice === 0 &&
    booking.payCard !== 0;
  if (rebooking.calendar) return rebooking.calendar;
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
      <QrFeedbackAndReschedule booking={booking} onReschedule={rebooking.start} />
      <CancelBooking
        booking={booking}
        disabled={!buttons.cancel}
        success={(r) => (r.refunded ? `${tx('cancelled')} ✓` : tx('cancelled'))}
        onChanged={onChanged}
      />
    </Stack>
  );
}
