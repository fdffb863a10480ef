import 'mantine-datatable/styles.layer.css';
import {
  type BillingRow,
  type BillingSortKey,
  billingPageSizes,
  billingSortKeys,
  debtCell,
  type OutputOf,
  payCell,
  payoutColumns,
  toMajorUnits,
} from '@agendo/contract';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Popover,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconChevronDown,
  IconColumns,
  IconFileSpreadsheet,
  IconMaximize,
  IconMinimize,
  IconReceipt,
  IconSchool,
  IconSearch,
  IconUsers,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useContactPermissions } from '../../lib/corporate-permissions.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { downloadPrivateFile, fetchPrivate } from '../../lib/private-file.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { useBookingMenu } from '../booking-menu-slot.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { useDocumentReader } from '../document-reader-slot.tsx';
import { useInvoiceModal } from '../invoice-modal-slot.tsx';
import { EmptyState, RetryAlert } from '../list-page.tsx';
import {
  type BillingColumnKey,
  billingColumns,
  columnShown,
  columnWidths,
  contractingMenu,
  readHiddenColumns,
  type TableColumnKey,
  writeHiddenColumns,
} from './billing-columns.ts';
import { salesTexts } from './billing-texts.ts';

export const billingKey = ['find-billing-all'] as const;

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

function formatDate(iso: string | null, lang: string): string {
  if (!iso) return '--';
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'es-AR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

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
 * Contrataciones tab (consultantId). Paging, sorting and search run on the server; the column
 * checklist is kept in localStorage under billColumns.
 */
export function BillingTable({ consultantId, ownCountry }: { consultantId?: string; ownCountry?: number }) {
  const tx = useTexts(salesTexts);
  const lang = useLang();
  const money = useMoneyText();
  const { to } = usePrefix();
  const navigate = useNavigate();
  const can = useContactPermissions();
  const queryClient = useQueryClient();
  const BookingMenu = useBookingMenu();
  const InvoiceModal = useInvoiceModal();
  const openDocument = useDocumentReader();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  const [hidden, setHidden] = useState<BillingColumnKey[]>(() => readHiddenColumns(browserStorage()));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<DataTableSortStatus<BillingRow>>({
    columnAccessor: 'date',
    direction: 'desc',
  });
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
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const input = {
    mode: 1 as const,
    ...(consultantId ? { consultantId } : {}),
    search: debounced,
    sort: sortKey,
    dir: sort.direction,
    page,
    pageSize,
  };
  const list = useQuery({
    queryKey: [...billingKey, input],
    queryFn: () => call('find-billing-all', input),
    placeholderData: keepPreviousData,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: billingKey });

  const markPaid = useMutation({
    mutationFn: (row: BillingRow) => call('mark-pay-booking', { ref: row.id }),
    onSuccess: (paid, row) => {
      setToMark(null);
      // spec 001 §4: the row is paid at once, with the payment date and payId the server answered;
      // then the list is read again.
      queryClient.setQueriesData<OutputOf<'find-billing-all'>>({ queryKey: billingKey }, (old) =>
        old
          ? {
              ...old,
              rows: old.rows.map((r) =>
                r.id === row.id ? { ...r, pay: 1, PendingPay: 0, datePay: paid.date, payId: paid.payId } : r,
              ),
            }
          : old,
      );
      notifications.show({ color: 'teal', message: tx('marked'), autoClose: 10_000 });
      reload();
    },
  });

  /**
   * spec 001 §4 Invoice: 'Ver Factura' once invoiced (the private PDF, fetched with the session,
   * in the PDF reader of spec 000 §2.3),
   * 'Facturar' while canBill; spec 001 §6: a team member without 'invoice' gets the alert.
   */
  const invoiceCell = (r: BillingRow) => {
    if (r.billLink) {
      const link = r.billLink;
      return (
        <Anchor
          component="button"
          type="button"
          size="sm"
          className="touch-link"
          onClick={(e) => {
            e.stopPropagation();
            void openDocument({
              kind: 'pdf',
              title: tx('invoiceTitle', { name: r.clientName }),
              fileName: `factura-${r.sellId}.pdf`,
              load: () => fetchPrivate(link),
            }).catch(() =>
              notifications.show({ color: 'red', message: tx('invoiceOpenError'), autoClose: 10_000 }),
            );
          }}
        >
          {tx('viewInvoice')}
        </Anchor>
      );
    }
    if (!r.canBill || !InvoiceModal) return '--';
    return (
      <Button
        size="compact-sm"
        variant="light"
        onClick={(e) => {
          e.stopPropagation();
          if (!can('invoice')) {
            notifications.show({ color: 'red', message: tx('noInvoicePermission'), autoClose: 10_000 });
            return;
          }
          setToInvoice(r);
        }}
      >
        {tx('invoice')}
      </Button>
    );
  };

  const exportFile = useMutation({
    mutationFn: async () => {
      const { file } = await call('find-billing-all', { ...input, export: true, timezone });
      if (file) await downloadPrivateFile(file, 'contrataciones.xlsx');
    },
    onSuccess: () => notifications.show({ color: 'teal', message: tx('exportDone') }),
  });

  const context = { consultantId: Boolean(consultantId), invoiceCountry: ownCountry === 5 };
  const shown = (key: BillingColumnKey) => columnShown(key, hidden, context);
  const widths = columnWidths(context);
  const toggle = (key: BillingColumnKey) => {
    const next = hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];
    setHidden(next);
    writeHiddenColumns(browserStorage(), next);
  };
  const amount = (minor: number, currency: string) => money(toMajorUnits(minor, currency), currency);

  const columnTitles: Record<TableColumnKey, string> = {
    date: tx('colDate'),
    view: tx('colView'),
    clientName: tx('colClient'),
    title: tx('colTitle'),
    modality: tx('colStatus'),
    currency: tx('colCurrency'),
    price: tx('colGross'),
    promoSeller: tx('colDiscount'),
    netPrice: tx('colFinal'),
    pay: tx('colPay'),
    datePay: tx('colPayDate'),
    PendingPay: tx('colDebt'),
    invoice: tx('colInvoice'),
    comisionPorc: tx('colCommissionPct'),
    AmmountAs: tx('colCommission'),
    cashedOut: tx('colCashedOut'),
    payout_date: tx('colPayoutDate'),
    pendingPayout: tx('colPending'),
    sellId: tx('colSellId'),
    payId: tx('colPayId'),
    cashout_id: tx('colCashoutId'),
    clientPhone: tx('colPhone'),
    clientMail: tx('colMail'),
  };

  const col = (
    key: TableColumnKey,
    def: {
      render?: (row: BillingRow) => ReactNode;
      textAlign?: 'left' | 'center' | 'right';
    } = {},
  ): DataTableColumn<BillingRow> => ({
    accessor: key,
    title: columnTitles[key],
    hidden: key === 'date' || key === 'view' ? false : !shown(key),
    sortable: (billingSortKeys as readonly string[]).includes(key),
    // A value longer than its column is cut with an ellipsis instead of running into the next
    // one; the buttons' columns are sized to hold them whole.
    ...(key === 'view' || key === 'pay' ? { noWrap: true } : { ellipsis: true }),
    width: widths[key],
    ...def,
  });

  /** Long free text keeps its column's width: cut with an ellipsis, whole in the tooltip. */
  const cut = (text: string) => (
    <Text size="sm" truncate="end" title={text}>
      {text}
    </Text>
  );

  const viewButton = (props: { onClick?: () => void; withChevron?: boolean }) => (
    <Button
      size="compact-xs"
      variant="light"
      radius="xl"
      rightSection={props.withChevron ? <IconChevronDown size={12} aria-hidden /> : undefined}
      onClick={props.onClick}
    >
      {tx('view')}
    </Button>
  );

  const viewCell = (row: BillingRow) => {
    const menu = contractingMenu(row);
    if (menu === 'booking' && row.bookingRef) {
      const ref = row.bookingRef;
      // The appointment options panel of the bookings feature, over the table; alone (no app
      // around it) the appointment opens in the agenda, which shows the same panel.
      return viewButton({
        onClick: () => (BookingMenu ? setOpenBooking(ref) : navigate(to(`my-tools/${ref}`))),
      });
    }
    if (menu === 'course' && row.courseRef) {
      return (
        <Menu position="bottom-start" shadow="md">
          <Menu.Target>{viewButton({ withChevron: true })}</Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              component={Link}
              to={to(`course/${row.courseRef}`)}
              leftSection={<IconSchool size={16} aria-hidden />}
            >
              {tx('viewCourse')}
            </Menu.Item>
            <Menu.Item component={Link} to={to('courses')} leftSection={<IconUsers size={16} aria-hidden />}>
              {tx('viewStudents')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      );
    }
    return <Text size="sm">--</Text>;
  };

  const payCellView = (row: BillingRow) => {
    // spec 001 §2.3 and §4: pay 0 offers 'Marcar Paga' unless complete is '2' ('NO'). The spec
    // puts no condition on the consultation's date, so an appointment still to come is offered
    // too (a client who paid ahead in cash); only the sale's state decides.
    const cell = payCell(row);
    if (cell === 'Marcar Paga') {
      return (
        <Button size="compact-xs" variant="light" onClick={() => setToMark(row)}>
          {tx('markPaid')}
        </Button>
      );
    }
    // Dark shades: white on Mantine's default teal or gray is under WCAG AA's 4.5:1 (axe color-contrast).
    if (cell === 'SI') return <Badge color="teal.9">{tx('yes')}</Badge>;
    if (cell === 'NO') return <Badge color="gray.7">{tx('no')}</Badge>;
    return <Text size="sm">--</Text>;
  };

  const idCell = (id: string | null) =>
    id ? (
      <Text size="xs" ff="monospace" truncate="end" title={id}>
        {id}
      </Text>
    ) : (
      '--'
    );

  const groups = [
    {
      id: 'detail',
      title: tx('groupDetail'),
      columns: [
        col('date', { render: (r) => formatDate(r.date, lang) }),
        col('clientName', {
          render: (r) => (
            <Group gap="xs" wrap="nowrap">
              <Avatar src={r.imgClient} size="sm" radius="xl" alt="" />
              {cut(r.clientName)}
            </Group>
          ),
        }),
        col('clientPhone', {
          render: (r) =>
            r.clientPhone ? (
              <Anchor
                size="sm"
                href={`https://wa.me/${r.clientPhone.replace(/\D/g, '')}`}
                target="_blank"
                rel="noreferrer"
              >
                {r.clientPhone}
              </Anchor>
            ) : (
              '--'
            ),
        }),
        col('clientMail', {
          render: (r) =>
            r.clientMail ? (
              <Anchor size="sm" href={`mailto:${r.clientMail}`} truncate="end" title={r.clientMail}>
                {r.clientMail}
              </Anchor>
            ) : (
              '--'
            ),
        }),
        col('title', { render: (r) => cut(r.title) }),
        col('modality'),
        col('view', { render: viewCell }),
        col('currency'),
        col('pay', { render: payCellView }),
        col('datePay', { render: (r) => formatDate(r.datePay, lang) }),
        col('PendingPay', {
          textAlign: 'right',
          render: (r) => amount(debtCell({ pendingPay: r.PendingPay, complete: r.complete }), r.currency),
        }),
        col('invoice', { render: invoiceCell }),
      ],
    },
    {
      id: 'price',
      title: tx('groupPrice'),
      columns: [
        col('price', { textAlign: 'right', render: (r) => amount(r.price, r.currency) }),
        col('promoSeller', { textAlign: 'right', render: (r) => amount(r.promoSeller, r.currency) }),
        col('netPrice', { textAlign: 'right', render: (r) => amount(r.netPrice, r.currency) }),
      ],
    },
    {
      id: 'commission',
      title: tx('groupCommission'),
      columns: [
        col('comisionPorc', { textAlign: 'right', render: (r) => `${r.comisionPorc} %` }),
        col('AmmountAs', { textAlign: 'right', render: (r) => amount(r.AmmountAs, r.currency) }),
      ],
    },
    {
      id: 'payout',
      title: tx('groupPayout'),
      columns: [
        col('cashedOut', {
          textAlign: 'right',
          render: (r) =>
            amount(payoutColumns({ netPrice: r.netPrice, cashoutId: r.cashout_id }).cashedOut, r.currency),
        }),
        col('payout_date', { render: (r) => formatDate(r.payout_date, lang) }),
        col('pendingPayout', {
          textAlign: 'right',
          render: (r) =>
            amount(payoutColumns({ netPrice: r.netPrice, cashoutId: r.cashout_id }).pending, r.currency),
        }),
      ],
    },
    // spec 001 §2.3: three groups without a header; screen readers still get their column's name.
    {
      id: 'sell',
      title: <VisuallyHidden>{tx('colSellId')}</VisuallyHidden>,
      columns: [col('sellId', { render: (r) => idCell(r.sellId) })],
    },
    {
      id: 'pay-id',
      title: <VisuallyHidden>{tx('colPayId')}</VisuallyHidden>,
      columns: [col('payId', { render: (r) => idCell(r.payId) })],
    },
    {
      id: 'cashout',
      title: <VisuallyHidden>{tx('colCashoutId')}</VisuallyHidden>,
      columns: [col('cashout_id', { render: (r) => idCell(r.cashout_id) })],
    },
  ];

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const noSales = list.isSuccess && total === 0 && !search && !debounced && !list.isFetching;

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
  } else if (total === 0 && !list.isFetching && debounced) {
    body = (
      <EmptyState
        compact
        icon={IconSearch}
        title={tx('noMatchTitle')}
        text={tx('noMatch', { search: debounced })}
        action={
          <Button
            variant="light"
            onClick={() => {
              setSearch('');
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
          onRecordsPerPageChange={(n) => {
            setPageSize(n);
            setPage(1);
          }}
          recordsPerPageLabel={tx('perPage')}
          paginationText={({ from, to: last, totalRecords }) =>
            tx('pagination', { from, to: last, total: totalRecords })
          }
          paginationSize={phone ? 'xs' : 'sm'}
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
          <Group justify="space-between" gap="xs">
            <TextInput
              aria-label={tx('search')}
              placeholder={tx('searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              style={{ flex: '1 1 240px', maxWidth: phone ? undefined : 420 }}
            />
            <Group gap="xs" wrap="nowrap">
              <Popover position="bottom-end" shadow="md">
                <Popover.Target>
                  <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
                    {tx('columns')}
                  </Button>
                </Popover.Target>
                <Popover.Dropdown>
                  <Stack gap={6} role="group" aria-label={tx('columnsTitle')}>
                    {billingColumns
                      .filter(
                        (c) => !(consultantId && ['clientName', 'clientPhone', 'clientMail'].includes(c.key)),
                      )
                      .filter((c) => c.key !== 'invoice' || ownCountry === 5)
                      .map((c) => (
                        <Checkbox
                          key={c.key}
                          size="xs"
                          label={columnTitles[c.key]}
                          checked={!hidden.includes(c.key)}
                          onChange={() => toggle(c.key)}
                        />
                      ))}
                  </Stack>
                </Popover.Dropdown>
              </Popover>
              {can('billingExport') && (
                <Button
                  variant="default"
                  leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                  loading={exportFile.isPending}
                  disabled={total === 0}
                  onClick={() => exportFile.mutate()}
                >
                  {tx('export')}
                </Button>
              )}
              <Tooltip label={maximized ? tx('minimize') : tx('maximize')}>
                <ActionIcon
                  variant="default"
                  size={36}
                  aria-label={maximized ? tx('minimize') : tx('maximize')}
                  onClick={() => setMaximized((m) => !m)}
                >
                  {maximized ? (
                    <IconMinimize size={18} aria-hidden />
                  ) : (
                    <IconMaximize size={18} aria-hidden />
                  )}
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
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
            // spec 001 §4: the link replaces the action at once; then the list is read again.
            queryClient.setQueriesData<OutputOf<'find-billing-all'>>({ queryKey: billingKey }, (old) =>
              old
                ? {
                    ...old,
                    rows: old.rows.map((row) =>
                      row.id === sale.id ? { ...row, canBill: false, billLink: link } : row,
                    ),
                  }
                : old,
            );
            notifications.show({ color: 'teal', message: tx('invoiceIssued'), autoClose: 10_000 });
            reload();
          }}
        />
      )}
    </Box>
  );
}
