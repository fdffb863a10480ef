import { bookingResultRoutes, moduleResultRoutes } from '@agendo/contract';

/**
 * The result pages of a booking's or a module's payment (spec 000 §2.2), each its own route: the
 * checkout's table and the shell's list of the checkout area's paths (app/route-areas.ts) read it.
 */
// The contract's booking and module result routes, plus the price answers' two pages; a
// route in both lists (manual-success, free-success) is one page.
export const resultKinds = [
  ...new Set([...bookingResultRoutes, 'confirm-price', 'decline-price', ...moduleResultRoutes] as const),
];

export type ResultKind = (typeof resultKinds)[number];
