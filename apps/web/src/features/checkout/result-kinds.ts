/**
 * The result pages of a booking's or a module's payment (spec 000 §2.2), each its own route: the
 * checkout's table and the shell's list of the checkout area's paths (app/route-areas.ts) read it.
 */
export const resultKinds = [
  'pay-success',
  'cash-success',
  'manual-success',
  'free-success',
  'success',
  'refound',
  'booking-not-found',
  'confirm-price',
  'decline-price',
  'free-success-course',
  'transfer-success-course-module',
  'card-success-course',
  'card-refound',
] as const;

export type ResultKind = (typeof resultKinds)[number];
