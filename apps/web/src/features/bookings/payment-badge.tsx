import {
  type Booking,
  paymentBadge,
  paymentBadgeText,
  priceConfirmationOf,
  priceConfirmationText,
} from '@agendo/contract';
import { Badge } from '@mantine/core';
import { type AgendaState, stateColour, stateTextColour } from './agenda-state.ts';
import { StateIcon } from './agenda-views.tsx';

const stateOfBadge = {
  'price-to-set': 'priceToSet',
  unpaid: 'unpaid',
  paid: 'paid',
  free: 'free',
  'free-trial': 'free',
} as const satisfies Record<ReturnType<typeof paymentBadge>, AgendaState>;

type BadgeFields = Pick<
  Booking,
  'state' | 'pay' | 'price' | 'noPrice' | 'hidePrice' | 'priceProfOk' | 'viewerRole'
>;

/**
 * spec 000 §4 "Appointment price and payment display", with the contract's rule and words
 * (rules/booking-display.ts). A price waiting for the client says so instead of IMPAGA.
 */
export function PaymentBadge({ booking }: { booking: BadgeFields }) {
  const waiting =
    booking.pay === 0 && booking.state === 'pending' && priceConfirmationOf(booking) === 'waiting-client';
  const badge = paymentBadge(booking);
  const state: AgendaState = waiting ? 'priceWaiting' : stateOfBadge[badge];
  const text = waiting
    ? priceConfirmationText[booking.viewerRole === 'client' ? 'client' : 'professional']
    : paymentBadgeText[badge].appointment;
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
