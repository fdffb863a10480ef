import { type ComponentType, createContext, useContext } from 'react';

export interface BookingMenuProps {
  /** The appointment whose menu is open; undefined while closed. */
  bookingRef: string | undefined;
  onClose: () => void;
  /** Something changed in the appointment (paid, cancelled…): what lists it should reload. */
  onChanged: () => void;
}

/**
 * The appointment options panel (spec 000 §2.5) for screens outside the bookings feature, such
 * as the sales table's 'Ver contratación' (spec 001 §2.3). Features do not import each other
 * (ARCHITECTURE §4), so the app puts the bookings feature's panel here; without it (a screen
 * rendered alone) the caller falls back to the appointment's own page.
 */
const BookingMenuContext = createContext<ComponentType<BookingMenuProps> | null>(null);

export const BookingMenuProvider = BookingMenuContext.Provider;

export function useBookingMenu(): ComponentType<BookingMenuProps> | null {
  return useContext(BookingMenuContext);
}
