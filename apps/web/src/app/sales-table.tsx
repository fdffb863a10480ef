import { lazy, Suspense } from 'react';
import type { SalesTableProps } from '../ui/sales-table-slot.tsx';

// The table brings mantine-datatable with it: loaded the first time a contact's sales are shown.
const BillingTable = lazy(() =>
  import('../features/sales/billing-table.tsx').then((m) => ({ default: m.BillingTable })),
);

/** The sales feature's table, offered to the contacts feature through the slot. */
export function AppSalesTable(props: SalesTableProps) {
  return (
    <Suspense fallback={null}>
      <BillingTable {...props} />
    </Suspense>
  );
}
