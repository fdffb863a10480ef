import 'mantine-datatable/styles.layer.css';
import { type BillingRow, type BillingSortKey, billingPageSizes, billingSortKeys } from '@agendo/contract';
import { Box, Button, Skeleton, Stack } from '@mantine/core';
import { useDebouncedValue, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconReceipt, IconSearch } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTexts } from '../../i18n/use-texts.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useBookingMenu } from '../../ui/booking-menu-slot.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useInvoiceModal } from '../../ui/invoice-modal-slot.tsx';
import { EmptyState, RetryAlert } from '../../ui/list-page.tsx';
import type { SalesTableProps } from '../../ui/sales-table-slot.tsx';
import { BillingCards } from './billing-cards.tsx';
import { type BillingColumnKey, readHiddenColumns, writeHiddenColumns } from './billing-columns.ts';
import { BillingFilters, type SalesFilters } from './billing-filters.tsx';
import { useAmountText, useBillingGroups } from './billing-groups.tsx';
import { pageControlLabel, salesTexts } from './billing-texts.ts';
import { BillingToolbar } from './billing-toolbar.tsx';
import {
  useBillingList,
  useExportBilling,
  useMarkPaid,
  useReloadBilling,
  useUpdateSale,
} from './use-billing.ts';

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** Dragging the table's background scrolls it (spec 001 §2.3), a wide table on a touchpad or a phone. */
function useDragScroll() {
  const viewport = useRef<HTMLDivElement | null>(null);
  const start = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.pointerType !== 'mouse' || target.closest('button, a, input, label')) return;
    const el = viewport.current;
    if (!el) return;
    start.current = { x: event.clientX, y: event.clientY, left: el.scrollLeft, top: el.scrollTop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const el = viewport.current;
    if (!start.current || !el || (event.buttons & 1) === 0) return;
    el.scrollLeft = start.current.left - (event.clientX - start.current.x);
    el.scrollTop = start.current.top - (event.clientY - start.current.y);
  };
  const stop = () => {
    start.current = null;
  };
  return { viewport, handlers: { onPointerDown, onPointerMove, onPointerUp: stop, onPointerLeave: stop } };
}

/** The order a column starts in when it is first chosen: dates newest first, the rest ascending. */
function firstSortDirection(column: string): 'asc' | 'desc' {
  return column === 'date' || column === 'datePay' ? 'desc' : 'asc';
}

/**
 * spec 001 §2.3: the sales and billing records table, on the billing route and inside a contact's
 * Contrataciones tab (consultantId, through the shell's slot). Paging, sorting and search run on
 * the server; the column checklist is kept in localStorage under billColumns.
 */
export function BillingTable({ consultantId, ownCountry }: SalesTableProps) {
  const tx = useTexts(salesTexts);
  const { to } = usePrefix();
  const BookingMenu = useBookingMenu();
  const InvoiceModal = useInvoiceModal();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const amount = useAmountText();

  const [hidden, setHidden] = useState<BillingColumnKey[]>(() => readHiddenColumns(browserStorage()));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<DataTableSortStatus<BillingRow>>({
    columnAccessor: 'date',
    direction: 'desc',
  });
  const [filters, setFilters] = useState<SalesFilters>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(20);
  const [selected, setSelected] = useState<string | null>(null);
  const [maximized, setMaximized] = useState(false);
  const [toMark, setToMark] = useState<BillingRow | null>(null);
  const [openBooking, setOpenBooking] = useState<string | undefined>(undefined);
  const [toInvoice, setToInvoice] = useState<BillingRow | undefined>(undefined);
  const drag = useDragScroll();
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape' && maximized && !toMark && !openBooking && !toInvoice) setMaximized(false);
  });

  const sortKey = (billingSortKeys as readonly string[]).includes(sort.columnAccessor as string)
    ? (sort.columnAccessor as BillingSortKey)
    : 'date';
  const query = {
    consultantId,
    search: debounced,
    sort: sortKey,
    dir: sort.direction,
    page,
    pageSize,
    filters,
  };
  const list = useBillingList(query);
  const reload = useReloadBilling();
  const updateSale = useUpdateSale();
  const markPaid = useMarkPaid(() => {
    setToMark(null);
    notifications.show({ color: 'teal', message: tx('marked'), autoClose: 10_000 });
  });
  const exportFile = useExportBilling(query, () =>
    notifications.show({ color: 'teal', message: tx('exportDone') }),
  );

  const toggle = (key: BillingColumnKey) => {
    const next = hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];
    setHidden(next);
    writeHiddenColumns(browserStorage(), next);
  };
  const groups = useBillingGroups({
    hidden,
    context: { consultantId: Boolean(consultantId), invoiceCountry: ownCountry === 5 },
    // The appointment options panel of the bookings feature, over the table; alone (no app
    // around it) the appointment opens in the agenda, which shows the same panel.
    openBooking: BookingMenu ? setOpenBooking : null,
    onMark: setToMark,
    onInvoice: InvoiceModal ? setToInvoice : null,
  });

  const changePageSize = (n: number) => {
    setPageSize(n);
    setPage(1);
  };
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const noSales = list.isSuccess && total === 0 && !search && !debounced && !filtered && !list.isFetching;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Stack gap={6} role="status" aria-busy="true" aria-label={tx('loading')}>
        <Skeleton height={72} radius="md" />
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} height={36} radius="sm" />
        ))}
      </Stack>
    );
  } else if (list.isError && rows.length === 0) {
    body = <RetryAlert text={tx('loadError')} retry={() => list.refetch()} />;
  } else if (total === 0 && !list.isFetching && (debounced || filtered)) {
    body = (
      <EmptyState
        compact
        icon={IconSearch}
        title={tx('noMatchTitle')}
        text={debounced ? tx('noMatch', { search: debounced }) : tx('noMatchFilters')}
        action={
          <Button
            variant="light"
            onClick={() => {
              setSearch('');
              setFilters({});
              setPage(1);
            }}
          >
            {tx('clearSearch')}
          </Button>
        }
      />
    );
  } else if (total === 0 && !list.isFetching) {
    body = consultantId ? (
      <EmptyState
        compact
        icon={IconReceipt}
        title={tx('emptyContactTitle')}
        text={tx('emptyContact')}
        action={null}
      />
    ) : (
      <EmptyState
        icon={IconReceipt}
        title={tx('emptyTitle')}
        text={tx('empty')}
        action={
          <Button component={Link} to={to('my-services')} variant="light">
            {tx('emptyAction')}
          </Button>
        }
      />
    );
  } else if (phone) {
    body = (
      <BillingCards
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        onPage={setPage}
        onPageSize={changePageSize}
        openBooking={BookingMenu ? setOpenBooking : null}
        onMark={setToMark}
        invoiceCountry={ownCountry === 5}
        onInvoice={InvoiceModal ? setToInvoice : null}
      />
    );
  } else {
    body = (
      <Box {...drag.handlers} style={{ cursor: 'grab', flex: maximized ? 1 : undefined, minHeight: 0 }}>
        <DataTable<BillingRow>
          withTableBorder
          borderRadius="md"
          striped
          highlightOnHover
          height={maximized ? '100%' : undefined}
          scrollViewportRef={drag.viewport}
          // Issue 34: the consultation's date stays in view while the table scrolls sideways.
          pinFirstColumn
          idAccessor="id"
          records={rows}
          groups={groups}
          fetching={list.isFetching}
          sortStatus={sort}
          onSortStatusChange={(next) => {
            // mantine-datatable keeps the direction when another column is chosen (from the
            // newest-first date, a click on 'Consultante' gave Z→A); a new column starts from
            // its natural order instead: dates newest first, everything else A→Z / smallest first.
            const fresh = next.columnAccessor !== sort.columnAccessor;
            setSort(fresh ? { ...next, direction: firstSortDirection(String(next.columnAccessor)) } : next);
            setPage(1);
          }}
          totalRecords={total}
          recordsPerPage={pageSize}
          page={page}
          onPageChange={setPage}
          recordsPerPageOptions={[...billingPageSizes]}
          onRecordsPerPageChange={changePageSize}
          recordsPerPageLabel={tx('perPage')}
          paginationText={({ from, to: last, totalRecords }) =>
            tx('pagination', { from, to: last, total: totalRecords })
          }
          paginationSize={phone ? 'xs' : 'sm'}
          // mantine-datatable names its arrows 'Previous page' / 'Next page' (issue 34).
          getPaginationControlProps={(control) => pageControlLabel(tx, control)}
          noRecordsText={tx('noMatchTitle')}
          onRowClick={({ record }) => setSelected(record.id)}
          rowBackgroundColor={(r) => (r.id === selected ? 'var(--mantine-color-brand-light)' : undefined)}
        />
      </Box>
    );
  }

  return (
    <Box
      style={
        maximized
          ? // Above the header (100), below modals and drawers (200) so the menus open over it.
            { position: 'fixed', inset: 0, zIndex: 150, background: 'var(--mantine-color-body)', padding: 16 }
          : undefined
      }
    >
      <Stack gap="sm" h={maximized ? '100%' : undefined}>
        {/* With no sale at all there is nothing to search, hide or export: only the empty state. */}
        {!noSales && (
          <BillingToolbar
            search={search}
            onSearch={(next) => {
              setSearch(next);
              setPage(1);
            }}
            consultantId={consultantId}
            ownCountry={ownCountry}
            hidden={hidden}
            onToggle={toggle}
            exporting={exportFile.isPending}
            canExport={total > 0}
            onExport={() => exportFile.mutate()}
            maximized={maximized}
            onMaximize={() => setMaximized((m) => !m)}
            phone={phone}
          />
        )}
        {!noSales && (
          <BillingFilters
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
        )}
        {body}
      </Stack>
      <ConfirmDialog
        opened={toMark !== null}
        title={tx('markTitle')}
        message={
          toMark
            ? tx('markText', {
                name: toMark.clientName || '--',
                amount: amount(toMark.netPrice, toMark.currency),
              })
            : ''
        }
        confirmLabel={tx('markConfirm')}
        cancelLabel={tx('cancel')}
        closeLabel={tx('close')}
        // Marking paid is not destructive: the theme's colour, not the red of a deletion.
        confirmColor="brand"
        loading={markPaid.isPending}
        onConfirm={() => toMark && markPaid.mutate(toMark)}
        onClose={() => setToMark(null)}
      />
      {BookingMenu && (
        <BookingMenu bookingRef={openBooking} onClose={() => setOpenBooking(undefined)} onChanged={reload} />
      )}
      {InvoiceModal && (
        <InvoiceModal
          sale={toInvoice}
          onClose={() => setToInvoice(undefined)}
          onIssued={(sale, link) => {
            setToInvoice(undefined);
            notifications.show({ color: 'teal', message: tx('invoiceIssued'), autoClose: 10_000 });
            // spec 001 §4: the link replaces the action at once; then the list is read again.
            updateSale(sale.id, { canBill: false, billLink: link });
          }}
        />
      )}
    </Box>
  );
}
