/** How long a temporary booking keeps its slot while the client confirms and pays. */
export const holdMinutes = 15;

/** While the client is on a provider's hosted checkout, the hold is extended to this. */
export const checkoutHoldMinutes = 30;

/** spec 000 §4, §9: the client has 24 hours to confirm a price set by the professional. */
export const priceConfirmationHours = 24;

/** Reminder mails go out this long before an appointment. */
export const reminderHours = 24;

/** spec 000 §4: the room and chat buttons light up this long before the start. */
export const roomOpensMinutesBefore = 10;

/** The spec's result routes of a finalised booking (spec 000 §2.2). */
export const bookingResultRoutes = [
  'pay-success',
  'cash-success',
  'manual-success',
  'free-success',
  'success',
  'refound',
  'booking-not-found',
] as const;
export type BookingResultRoute = (typeof bookingResultRoutes)[number];

/** A booking ref that is unknown or not the caller's (E14 wherever an appointment is named). */
export const appointmentNotFound = { es: 'No encontramos la cita', en: 'Appointment not found.' };
