import { lazy, Suspense } from 'react';
import type { InvoiceModalProps } from '../ui/invoice-modal-slot.tsx';

// The popup brings the fiscal form with it: loaded the first time 'Facturar' is clicked.
const InvoiceModal = lazy(() =>
  import('../features/invoicing/invoice-modal.tsx').then((m) => ({ default: m.InvoiceModal })),
);

/** The invoicing feature's popup, offered to the sales table through the slot. */
export function AppInvoiceModal(props: InvoiceModalProps) {
  if (props.sale === undefined) return null;
  return (
    <Suspense fallback={null}>
      <InvoiceModal {...props} />
    </Suspense>
  );
}
