import { type BillingRow, billingPageSizes, debtCell } from '@agendo/contract';
import { Group, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { formatDate, InvoiceCell, PayCell, StateCell, ViewCell } from './billing-cells.tsx';
import { useAmountText } from './billing-groups.tsx';
import { pageControlLabel, salesTexts } from './billing-texts.ts';

/**
 * Issue 34: on a phone the sales are a list of cards, each with what a professional looks for
 * first (when, who, what, its state, the amount, the debt and the actions), instead of a table
 * of 25 columns scrolled sideways. Paging is the table's (server-side).
 */
export function BillingCards(props: {
  rows: BillingRow[];
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  openBooking: ((ref: string) => void) | null;
  onMark: (row: BillingRow) => void;
  /** 'Facturar' / 'Ver Factura' on a card too, where the table has the invoice column (AR). */
  invoiceCountry: boolean;
  onInvoice: ((row: BillingRow) => void) | null;
}) {
  const tx = useTexts(salesTexts);
  const lang = useLang();
  const amount = useAmountText();
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  return (
    <Stack gap="sm">
      <Stack
        gap="xs"
        component="ul"
        aria-label={tx('title')}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {props.rows.map((row) => (
          // data-sale-id: the sale a card is, for the journeys (the card shows no raw id).
          <Paper key={row.id} component="li" withBorder radius="md" p="sm" data-sale-id={row.id}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {row.clientName || '--'}
                  </Text>
                  <Text size="sm" truncate>
                    {row.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(row.date, lang)}
                  </Text>
                </Stack>
                <StateCell row={row} />
              </Group>
              <Group justify="space-between" gap="xs">
                <Text size="sm">
                  {tx('colFinal')}: <b>{amount(row.netPrice, row.currency)}</b>
                </Text>
                <Text size="sm">
                  {tx('colDebt')}:{' '}
                  {amount(debtCell({ pendingPay: row.PendingPay, complete: row.complete }), row.currency)}
                </Text>
              </Group>
              <Group justify="space-between" gap="xs">
                <Text size="sm">
                  {tx('colCommission')}: {amount(row.AmmountAs, row.currency)}
                </Text>
                <Group gap="xs">
                  <PayCell row={row} onMark={props.onMark} />
                  <ViewCell row={row} openBooking={props.openBooking} />
                  {props.invoiceCountry && (row.billLink || (row.canBill && props.onInvoice)) && (
                    <InvoiceCell row={row} onInvoice={props.onInvoice} />
                  )}
                </Group>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {tx('pagination', {
            from: props.rows.length === 0 ? 0 : (props.page - 1) * props.pageSize + 1,
            to: (props.page - 1) * props.pageSize + props.rows.length,
            total: props.total,
          })}
        </Text>
        <Select
          aria-label={tx('perPage')}
          w={80}
          size="xs"
          data={billingPageSizes.map(String)}
          value={String(props.pageSize)}
          onChange={(v) => v && props.onPageSize(Number(v))}
          allowDeselect={false}
        />
      </Group>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={props.page}
          onChange={props.onPage}
          size="sm"
          siblings={0}
          getControlProps={(control) => pageControlLabel(tx, control)}
        />
      )}
    </Stack>
  );
}
