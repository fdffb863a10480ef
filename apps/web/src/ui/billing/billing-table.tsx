import 'mantine-datatable/styles.layer.css';
import {
  type BillingRow,
  type BillingSortKey,
  billingPageSizes,
  billingSortKeys,
  debtCell,
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
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconColumns,
  IconFileSpreadsheet,
  IconMaximize,
  IconMinimize,
  IconSearch,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { call } from '../../lib/api.ts';
import { useContactPermissions } from '../../lib/corporate-permissions.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import { downloadPrivateFile } from '../../lib/private-file.ts';
import { usePrefix } from '../../lib/route-prefix.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import {
  type BillingColumnKey,
  billingColumns,
  columnShown,
  readHiddenColumns,
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
  const can = useContactPermissions();
  const queryClient = useQueryClient();

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
  const drag = useDragScroll();

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

  const markPaid = useMutation({
    mutationFn: (row: BillingRow) => call('mark-pay-booking', { ref: row.id }),
    onSuccess: () => {
      setToMark(null);
      notifications.show({ color: 'teal', message: tx('marked'), autoClose: 10_000 });
      void queryClient.invalidateQueries({ queryKey: billingKey });
    },
  });

  const exportFile = useMutation({
    mutationFn: async () => {
      const { file } = await call('find-billing-all', { ...input, export: true, timezone });
      if (file) await downloadPrivateFile(file, 'contrataciones.xlsx');
    },
    onSuccess: () => notifications.show({ color: 'teal', message: tx('exportDone') }),
  });

  const shown = (key: BillingColumnKey) =>
    columnShown(key, hidden, { consultantId: Boolean(consultantId), invoiceCountry: ownCountry === 5 });
  const toggle = (key: BillingColumnKey) => {
    const next = hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];
    setHidden(next);
    writeHiddenColumns(browserStorage(), next);
  };
  const amount = (minor: number, currency: string) => money(toMajorUnits(minor, currency), currency);

  const columnTitles: Record<BillingColumnKey, string> = {
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
    key: BillingColumnKey | 'date' | 'view',
    def: { render?: (row: BillingRow) => ReactNode; textAlign?: 'left' | 'center' | 'right' } = {},
  ): DataTableColumn<BillingRow> => ({
    accessor: key,
    title: key === 'date' ? tx('colDate') : key === 'view' ? tx('colView') : columnTitles[key],
    hidden: key === 'date' || key === 'view' ? false : !shown(key),
    sortable: (billingSortKeys as readonly string[]).includes(key),
    noWrap: true,
    ...def,
  });

  const viewCell = (row: BillingRow) => {
    // spec 001 §2.3: sessions open the appointment; a course without a module its course; a module '--'.
    if (row.modeSell === '1' && row.bookingRef) {
      return (
        <Badge
          component={Link}
          to={to(`my-tools/${row.bookingRef}`)}
          variant="light"
          style={{ cursor: 'pointer' }}
        >
          {tx('view')}
        </Badge>
      );
    }
    if (row.modeSell === '2' && !row.moduleId && row.courseRef) {
      return (
        <Badge
          component={Link}
          to={to(`courses/${row.courseRef}`)}
          variant="light"
          style={{ cursor: 'pointer' }}
        >
          {tx('view')}
        </Badge>
      );
    }
    return <Text size="sm">--</Text>;
  };

  const payCellView = (row: BillingRow) => {
    const cell = payCell(row);
    if (cell === 'Marcar Paga') {
      return (
        <Button size="compact-xs" variant="light" onClick={() => setToMark(row)}>
          {tx('markPaid')}
        </Button>
      );
    }
    if (cell === 'SI') return <Badge color="teal">{tx('yes')}</Badge>;
    if (cell === 'NO') return <Badge color="gray">{tx('no')}</Badge>;
    return <Text size="sm">--</Text>;
  };

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
              <Text size="sm">{r.clientName}</Text>
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
              <Anchor size="sm" href={`mailto:${r.clientMail}`}>
                {r.clientMail}
              </Anchor>
            ) : (
              '--'
            ),
        }),
        col('title'),
        col('modality'),
        col('view', { render: viewCell }),
        col('currency'),
        col('pay', { render: payCellView }),
        col('datePay', { render: (r) => formatDate(r.datePay, lang) }),
        col('PendingPay', {
          textAlign: 'right',
          render: (r) => amount(debtCell({ pendingPay: r.PendingPay, complete: r.complete }), r.currency),
        }),
        // Invoicing (canBill / billLink) arrives with its own issue: the column keeps its place.
        col('invoice', {
          render: (r) => (r.billLink ? <Anchor href={r.billLink}>Ver Factura</Anchor> : '--'),
        }),
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
    { id: 'sell', title: '', columns: [col('sellId')] },
    { id: 'pay-id', title: '', columns: [col('payId', { render: (r) => r.payId ?? '--' })] },
    { id: 'cashout', title: '', columns: [col('cashout_id', { render: (r) => r.cashout_id ?? '--' })] },
  ];

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  return (
    <Box
      style={
        maximized
          ? { position: 'fixed', inset: 0, zIndex: 300, background: 'var(--mantine-color-body)', padding: 16 }
          : undefined
      }
    >
      <Stack gap="sm" h={maximized ? '100%' : undefined}>
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
            style={{ flex: '1 1 220px', maxWidth: 420 }}
          />
          <Group gap="xs">
            <Popover position="bottom-end" shadow="md" withinPortal={!maximized}>
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
                onClick={() => exportFile.mutate()}
              >
                {tx('export')}
              </Button>
            )}
            <Tooltip label={maximized ? tx('minimize') : tx('maximize')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={maximized ? tx('minimize') : tx('maximize')}
                onClick={() => setMaximized((m) => !m)}
              >
                {maximized ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Box {...drag.handlers} style={{ cursor: 'grab', flex: maximized ? 1 : undefined, minHeight: 0 }}>
          <DataTable<BillingRow>
            withTableBorder
            borderRadius="md"
            striped
            highlightOnHover
            minHeight={rows.length === 0 ? 180 : undefined}
            height={maximized ? '100%' : undefined}
            scrollViewportRef={drag.viewport}
            idAccessor="id"
            records={rows}
            groups={groups}
            fetching={list.isFetching}
            sortStatus={sort}
            onSortStatusChange={(next) => {
              setSort(next);
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
            noRecordsText={list.isError ? tx('loadError') : debounced ? tx('noMatch') : tx('empty')}
            onRowClick={({ record }) => setSelected(record.id)}
            rowBackgroundColor={(r) => (r.id === selected ? 'var(--mantine-color-brand-light)' : undefined)}
          />
        </Box>
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
        loading={markPaid.isPending}
        onConfirm={() => toMark && markPaid.mutate(toMark)}
        onClose={() => setToMark(null)}
      />
    </Box>
  );
}
