/**
 * spec 000 §4 "Appointment price and payment display" and "Manual price confirmation", and the
 * button rules of the options panel. Pure: the server computes the flags, the panel shows them.
 */
export type PaymentBadge = 'price-to-set' | 'unpaid' | 'paid' | 'free' | 'free-trial';

/** An appointment's badge: its payment's, or its refund's once a paid one was cancelled (issue 34). */
export type AppointmentBadge = PaymentBadge | 'refund-pending' | 'refunded' | 'refund-flagged';

/** The card refund of a cancelled paid appointment: being paid back, paid back, or failed for good. */
export type RefundState = 'pending' | 'done' | 'flagged';

export const paymentBadgeText: Record<AppointmentBadge, { appointment: string; workshop: string }> = {
  'price-to-set': { appointment: 'Precio a definir', workshop: 'Precio a definir' },
  unpaid: { appointment: 'IMPAGA', workshop: 'IMPAGO' },
  paid: { appointment: 'ABONADA', workshop: 'ABONADO' },
  free: { appointment: 'GRATIS', workshop: 'GRATIS' },
  'free-trial': { appointment: 'PRUEBA GRATIS', workshop: 'PRUEBA GRATIS' },
  'refund-pending': { appointment: 'DEVOLUCIÓN EN CURSO', workshop: 'DEVOLUCIÓN EN CURSO' },
  refunded: { appointment: 'PAGO DEVUELTO', workshop: 'PAGO DEVUELTO' },
  'refund-flagged': { appointment: 'DEVOLUCIÓN CON PROBLEMAS', workshop: 'DEVOLUCIÓN CON PROBLEMAS' },
};

const badgeOfRefund: Record<RefundState, AppointmentBadge> = {
  pending: 'refund-pending',
  done: 'refunded',
  flagged: 'refund-flagged',
};

export function paymentBadge(b: {
  price: number;
  pay: 0 | 1;
  noPrice: 0 | 1;
  hidePrice?: 0 | 1;
  priceProfOk?: 0 | 1;
  freeTrial?: boolean;
}): PaymentBadge {
  if (b.freeTrial) return 'free-trial';
  if (b.price === 0) {
    // A hidden price the professional has not set yet is, like noPrice, still to be set; a
    // zero price otherwise is free, whatever the (settled) payment flag says.
    if (b.noPrice === 1 || (b.hidePrice === 1 && b.priceProfOk !== 1)) return 'price-to-set';
    return 'free';
  }
  return b.pay === 1 ? 'paid' : 'unpaid';
}

/**
 * Issue 34: a cancelled card-paid appointment says its money is being (or was) paid back, never
 * IMPAGA (a done refund clears pay) nor ABONADA (the money is no longer the professional's).
 */
export function appointmentBadge(
  b: Parameters<typeof paymentBadge>[0] & { refundState?: RefundState | null },
): AppointmentBadge {
  return b.refundState ? badgeOfRefund[b.refundState] : paymentBadge(b);
}

export type PriceConfirmation = 'none' | 'waiting-professional' | 'waiting-client';

export const priceConfirmationText = {
  client: 'Confirma el valor de la cita',
  professional: 'Esperando a que confirme el precio',
} as const;

/**
 * spec 000 §4 manual price confirmation: hidePrice with priceProfOk 0 waits for the
 * professional to set the price; with priceProfOk 1 it waits for the client to confirm it.
 */
export function priceConfirmationOf(b: { hidePrice: 0 | 1; priceProfOk: 0 | 1 }): PriceConfirmation {
  if (b.hidePrice !== 1) return 'none';
  return b.priceProfOk === 1 ? 'waiting-client' : 'waiting-professional';
}

export const rescheduleHint = 'Solo puedes reprogramar una fecha antes de la fecha y hora reservada.';
export const cancelHint = 'Solo puedes cancelar una cita antes de la fecha y hora reservada.';

export interface PanelButtons {
  room: boolean;
  chat: boolean;
  reschedule: boolean;
  cancel: boolean;
  /** The hint shown on a disabled reschedule / cancel button (spec 000 §4). */
  rescheduleHint: string | null;
  cancelHint: string | null;
}

/**
 * spec 000 §4 "Buttons": the video-room button when the appointment is now and canCalificate;
 * the chat is open at any time (§4 names only the room; issue 17: the chat is how the two
 * coordinate before and after). Reschedule needs canCancel and canRemark (for clients, only on
 * appointments they booked, createByProf 0); cancel needs canCancel.
 *
 * The room opens early (issue 34): canCalificate waits for the exact start minute, so a client who
 * came a few minutes early met a disabled button. `now` already spans the
 * `roomOpensMinutesBefore` margin, and a confirmed (or done) appointment in it opens the room, as
 * the waiting room does. A pending one (unpaid, unconfirmed) still waits.
 */
export function panelButtons(b: {
  now: 0 | 1;
  state: 'held' | 'pending' | 'confirmed' | 'done' | 'cancelled';
  canCalificate: boolean;
  canCancel: boolean;
  canRemark: boolean;
  createByProf: 0 | 1;
  viewerRole: 'professional' | 'client';
}): PanelButtons {
  const live = b.now === 1 && (b.canCalificate || b.state === 'confirmed' || b.state === 'done');
  const reschedule = b.canCancel && b.canRemark && (b.viewerRole === 'professional' || b.createByProf === 0);
  return {
    room: live,
    chat: true,
    reschedule,
    cancel: b.canCancel,
    rescheduleHint: reschedule ? null : rescheduleHint,
    cancelHint: b.canCancel ? null : cancelHint,
  };
}
