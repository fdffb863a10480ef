import { lazy, Suspense } from 'react';
import type { BookingMenuProps } from '../ui/booking-menu-slot.tsx';

// The panel brings the whole bookings slice with it: loaded the first time a menu opens.
const PanelSlot = lazy(() =>
  import('../features/bookings/panel-slot.tsx').then((m) => ({ default: m.PanelSlot })),
);

/** The bookings feature's appointment panel, offered to the other features through the slot. */
export function AppBookingMenu(props: BookingMenuProps) {
  if (props.bookingRef === undefined) return null;
  return (
    <Suspense fallback={null}>
      <PanelSlot {...props} />
    </Suspense>
  );
}
