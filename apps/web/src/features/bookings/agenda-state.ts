import { type AppointmentBadge, appointmentBadge, type Booking, priceConfirmationOf } from '@agendo/contract';

/**
 * The colour group of an appointment in the agenda (spec 000 §4 "Appointment price and payment
 * display" and "Manual price confirmation"): cancelled and done first, then the price states,
 * then paid / unpaid / free.
 */
export type AgendaState = 'priceToSet' | 'priceWaiting' | 'unpaid' | 'paid' | 'free' | 'done' | 'cancelled';

export const agendaStates: readonly AgendaState[] = [
  'paid',
  'unpaid',
  'priceToSet',
  'priceWaiting',
  'free',
  'done',
  'cancelled',
];

const fromBadge = {
  'price-to-set': 'priceToSet',
  unpaid: 'unpaid',
  paid: 'paid',
  free: 'free',
  'free-trial': 'free',
  // Issue 34: a refund under way is news (blue), one made is settled (teal), a failed one still owed (orange).
  'refund-pending': 'free',
  refunded: 'paid',
  'refund-flagged': 'unpaid',
} as const satisfies Record<AppointmentBadge, AgendaState>;

type StateFields = Pick<Booking, 'state' | 'pay' | 'price' | 'noPrice' | 'hidePrice' | 'priceProfOk'> & {
  refundState?: Booking['refundState'];
};

export function agendaState(b: StateFields): AgendaState {
  if (b.state === 'cancelled') return 'cancelled';
  if (b.state === 'done') return 'done';
  return paymentState(b);
}

/** The price and payment states alone, whatever the appointment's own state (the payment badge). */
export function paymentState(b: StateFields): AgendaState {
  // spec 000 §4: hidePrice 1 and priceProfOk 1 on a pending appointment waits for the client.
  if (b.pay === 0 && b.state === 'pending' && priceConfirmationOf(b) === 'waiting-client')
    return 'priceWaiting';
  return fromBadge[appointmentBadge(b)];
}

/**
 * Colours per state: the palette's lightest shade as background, its 7th as border, and
 * near-black text on top (contrast above 12:1 on every shade 0); the state is also written
 * (label) and drawn (icon), so colour is never the only cue.
 */
export const stateTextColour = 'var(--mantine-color-dark-8)';

export const stateColour: Record<AgendaState, string> = {
  paid: 'teal',
  unpaid: 'orange',
  priceToSet: 'grape',
  priceWaiting: 'yellow',
  free: 'blue',
  done: 'gray',
  cancelled: 'red',
};

export const stateTextKey = {
  paid: 'statePaid',
  unpaid: 'stateUnpaid',
  priceToSet: 'statePriceToSet',
  priceWaiting: 'statePriceWaiting',
  free: 'stateFree',
  done: 'stateDone',
  cancelled: 'stateCancelled',
} as const satisfies Record<AgendaState, string>;
