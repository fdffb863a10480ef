import { appointmentBadge, type Booking, paymentBadgeText, priceConfirmationText } from '@agendo/contract';
import { Badge } from '@mantine/core';
import { paymentState, stateColour, stateTextColour } from './agenda-state.ts';
import { StateIcon } from './agenda-views.tsx';

type BadgeFields = Pick<
  Booking,
  'state' | 'pay' | 'price' | 'noPrice' | 'hidePrice' | 'priceProfOk' | 'viewerRole' | 'refundState'
>;

/**
 * spec 000 §4 "Appointment price and payment display", with the contract's rule and words
 * (rules/booking-display.ts). A price waiting for the client says so instead of IMPAGA.
 */
export function PaymentBadge({ booking }: { booking: BadgeFields }) {
  const state = paymentState(booking);
  const text =
    state === 'priceWaiting'
      ? priceConfirmationText[booking.viewerRole === 'client' ? 'client' : 'professional']
      : paymentBadgeText[appointmentBadge(booking)].appointment;
  return (
    <Badge
      variant="light"
      color={stateColour[state]}
      radius="sm"
      leftSection={<StateIcon state={state} size={12} />}
      // The spec's words keep their case (IMPAGA, 'Precio a definir') and long ones wrap at 375 px.
      h="auto"
      styles={{
        root: { color: stateTextColour, textTransform: 'none', maxWidth: '100%' },
        label: { whiteSpace: 'normal', lineHeight: 1.3, paddingBlock: 2 },
      }}
    >
      {text}
    </Badge>
  );
}
