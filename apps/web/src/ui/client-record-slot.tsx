import { createContext, useContext } from 'react';

/** Whose record the floating client-record window shows. */
export interface ClientRecordTarget {
  /** The contact's ref (the booking's idContact). */
  ref: string;
  /** The window's title while the record loads. */
  name: string;
}

/**
 * Opens the draggable client-record window (spec 000 §2.3) from any screen. The shell owns the
 * window, which shows the contacts feature's record; the bookings feature reaches it through this
 * slot, since features do not import each other (ARCHITECTURE §4).
 */
const ClientRecordContext = createContext<((target: ClientRecordTarget) => void) | null>(null);

export const ClientRecordProvider = ClientRecordContext.Provider;

/** The opener, or null outside the shell (a screen rendered alone links to clients/{ref}). */
export function useOpenClientRecord(): ((target: ClientRecordTarget) => void) | null {
  return useContext(ClientRecordContext);
}
