import type { AppDeps } from '../../deps.ts';
import { publishToUser } from '../realtime/realtime.service.ts';
import { findBooking } from './agenda.service.ts';
import { announce } from './booking-panel.service.ts';
import { findBookingByRef } from './bookings.repository.ts';

/**
 * The name a waiting room reads on its screen: the first name and the initial of the last one.
 * The screen hangs where other clients sit, so the whole surname is not shown (spec 000 is
 * silent on it; a waiting room calls people by their first name).
 */
export function calledName(full: string): string {
  const [first = '', ...rest] = full.trim().split(/\s+/);
  const initial = rest.at(-1)?.charAt(0);
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/**
 * call-turnbox (spec 000 §6, issue 17): the appointment is marked announced and, once written,
 * every waiting room screen of its professional hears it live over the channel (on whatever
 * instance its socket is). Answers false when the appointment cannot be announced, and then
 * nothing is sent.
 */
export async function announceAtBox(deps: AppDeps, ref: string, box: string): Promise<boolean> {
  if (!(await announce(deps, ref))) return false;
  const row = await findBookingByRef(deps.db, ref);
  if (!row) return false;
  // The client's name as the professional's own agenda shows it (account or contact).
  const { booking } = await findBooking(
    deps,
    { id: row.professional_id, userType: 1, permissions: null },
    { ref },
  );
  await publishToUser(deps, row.professional_id, {
    type: 'turnbox.announced',
    name: calledName(booking.clientName),
    box,
    at: deps.now().toISOString(),
  });
  return true;
}
