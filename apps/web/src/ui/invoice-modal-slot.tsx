import type { BillingRow } from '@agendo/contract';
import { type ComponentType, createContext, useContext } from 'react';

export interface InvoiceModalProps {
  /** The sales table's row being invoiced; undefined while closed. */
  sale: BillingRow | undefined;
  onClose: () => void;
  /** The invoice was issued (spec 001 §4): the row's link replaces 'Facturar'. */
  onIssued: (sale: BillingRow, link: string) => void;
}

/**
 * The invoice popup of the sales table (spec 001 §2.3 'Facturar', spec 002 §2 mode 2), which
 * belongs to the invoicing feature. Features do not import each other (ARCHITECTURE §4), so the
 * app puts it here as it does the booking menu; without it (a table rendered alone) the invoice
 * column shows no 'Facturar'.
 */
const InvoiceModalContext = createContext<ComponentType<InvoiceModalProps> | null>(null);

export const InvoiceModalProvider = InvoiceModalContext.Provider;

export function useInvoiceModal(): ComponentType<InvoiceModalProps> | null {
  return useContext(InvoiceModalContext);
}
