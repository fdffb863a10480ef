import type { BillingRow, BillingSortKey, InputOf, OutputOf } from '@agendo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { downloadPrivateFile } from '../../lib/private-file.ts';
import type { SalesFilters } from './billing-filters.tsx';

export const billingKey = ['find-billing-all'] as const;

/** What the table asks find-billing-all for: one page, sorted and searched on the server. */
export interface BillingQuery {
  consultantId?: string;
  search: string;
  sort: BillingSortKey;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** Issue 34 filters; an empty one is not sent. */
  filters?: SalesFilters;
}

function billingInput(query: BillingQuery): InputOf<'find-billing-all'> {
  const { consultantId, filters, ...rest } = query;
  const set = Object.fromEntries(Object.entries(filters ?? {}).filter(([, v]) => v !== undefined));
  return { mode: 1, ...(consultantId ? { consultantId } : {}), ...set, ...rest };
}

/** One page of sales; the previous page stays on screen while the next one is read. */
export function useBillingList(query: BillingQuery) {
  const input = billingInput(query);
  return useQuery({
    queryKey: [...billingKey, input],
    queryFn: () => call('find-billing-all', input),
    placeholderData: keepPreviousData,
  });
}

/**
 * Changes one sale in every cached page at once (spec 001 §4: what the server answered shows
 * before the list is read again), then reads the list again.
 */
export function useUpdateSale() {
  const queryClient = useQueryClient();
  return (id: string, change: Partial<BillingRow>) => {
    queryClient.setQueriesData<OutputOf<'find-billing-all'>>({ queryKey: billingKey }, (old) =>
      old ? { ...old, rows: old.rows.map((row) => (row.id === id ? { ...row, ...change } : row)) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: billingKey });
  };
}

/** The list read again after a change made elsewhere (the appointment panel). */
export function useReloadBilling() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: billingKey });
}

/** 'Marcar Paga' (spec 001 §4): the row is paid at once, with the payment date and payId answered. */
export function useMarkPaid(onPaid: () => void) {
  const updateSale = useUpdateSale();
  return useMutation({
    mutationFn: (row: BillingRow) => call('mark-pay-booking', { ref: row.id }),
    onSuccess: (paid, row) => {
      onPaid();
      updateSale(row.id, { pay: 1, PendingPay: 0, datePay: paid.date, payId: paid.payId });
    },
  });
}

/** The whole list as a spreadsheet, with the dates in the viewer's zone. */
export function useExportBilling(query: BillingQuery, onDone: () => void) {
  return useMutation({
    mutationFn: async () => {
      const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const { file } = await call('find-billing-all', { ...billingInput(query), export: true, timezone });
      if (file) await downloadPrivateFile(file, 'contrataciones.xlsx');
    },
    onSuccess: onDone,
  });
}
