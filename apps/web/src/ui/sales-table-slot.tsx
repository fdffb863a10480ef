import { type ComponentType, createContext, useContext } from 'react';

export interface SalesTableProps {
  /** The contact whose sales the table lists (its Contrataciones tab); every sale without it. */
  consultantId?: string;
  /** The professional's own country: the invoice column exists only for Argentina (spec 001 §2.3). */
  ownCountry?: number;
}

/**
 * The sales feature's table (spec 001 §2.3) for screens outside it: a contact's Contrataciones
 * tab. Features do not import each other (ARCHITECTURE §4), so the app puts the table here.
 */
const SalesTableContext = createContext<ComponentType<SalesTableProps> | null>(null);

export const SalesTableProvider = SalesTableContext.Provider;

/** The table, or null outside the shell (a screen rendered alone shows no sales). */
export function useSalesTable(): ComponentType<SalesTableProps> | null {
  return useContext(SalesTableContext);
}
