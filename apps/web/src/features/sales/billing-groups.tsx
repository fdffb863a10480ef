import {
  type BillingRow,
  billingSortKeys,
  debtCell,
  payoutColumns,
  saleRefunding,
  toMajorUnits,
} from '@agendo/contract';
import { VisuallyHidden } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useLang } from '../../i18n/use-t.ts';
import { useTexts } from '../../i18n/use-texts.ts';
import { useMoneyText } from '../../lib/money-text.ts';
import {
  ClientCell,
  CutText,
  formatDate,
  IdCell,
  InvoiceCell,
  MailCell,
  PayCell,
  PhoneCell,
  StateCell,
  ViewCell,
} from './billing-cells.tsx';
import { type BillingColumnKey, columnShown, columnWidths, type TableColumnKey } from './billing-columns.ts';
import { salesTexts } from './billing-texts.ts';

/** Each column's header, in the table and in the column checklist. */
export function useColumnTitles(): Record<TableColumnKey, string> {
  const tx = useTexts(salesTexts);
  return {
    date: tx('colDate'),
    view: tx('colView'),
    clientName: tx('colClient'),
    title: tx('colTitle'),
    state: tx('colStatus'),
    modality: tx('colModality'),
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
}

/** An amount in minor units, in its currency. */
export function useAmountText() {
  const money = useMoneyText();
  return (minor: number, currency: string) => money(toMajorUnits(minor, currency), currency);
}

/**
 * spec 001 §2.3: the table's column groups (detail, price, commission, payout and the three ids),
 * each column shown as the checklist and the context (a contact's tab, the invoicing country) say.
 */
export function useBillingGroups(options: {
  hidden: BillingColumnKey[];
  context: { consultantId: boolean; invoiceCountry: boolean };
  openBooking: ((ref: string) => void) | null;
  onMark: (row: BillingRow) => void;
  onInvoice: ((row: BillingRow) => void) | null;
}) {
  const tx = useTexts(salesTexts);
  const lang = useLang();
  const amount = useAmountText();
  const columnTitles = useColumnTitles();
  const { hidden, context, openBooking, onMark, onInvoice } = options;
  const widths = columnWidths(context);

  const col = (
    key: TableColumnKey,
    def: {
      render?: (row: BillingRow) => ReactNode;
      textAlign?: 'left' | 'center' | 'right';
    } = {},
  ): DataTableColumn<BillingRow> => ({
    accessor: key,
    title: columnTitles[key],
    hidden: key === 'date' || key === 'view' ? false : !columnShown(key, hidden, context),
    sortable: (billingSortKeys as readonly string[]).includes(key),
    // A value longer than its column is cut with an ellipsis instead of running into the next
    // one; the buttons' columns are sized to hold them whole.
    ...(key === 'view' || key === 'pay' ? { noWrap: true } : key === 'state' ? {} : { ellipsis: true }),
    width: widths[key],
    ...def,
  });
  const money = (key: 'price' | 'promoSeller' | 'netPrice' | 'AmmountAs') =>
    col(key, { textAlign: 'right', render: (r) => amount(r[key], r.currency) });
  const payout = (key: 'cashedOut' | 'pending') => (r: BillingRow) =>
    amount(
      payoutColumns({ netPrice: r.netPrice, cashoutId: r.cashout_id, refunding: saleRefunding(r) })[key],
      r.currency,
    );
  const idGroup = (id: string, key: 'sellId' | 'payId' | 'cashout_id') => ({
    id,
    title: <VisuallyHidden>{columnTitles[key]}</VisuallyHidden>,
    columns: [col(key, { render: (r) => <IdCell id={r[key]} /> })],
  });

  return [
    {
      id: 'detail',
      title: tx('groupDetail'),
      columns: [
        col('date', { render: (r) => formatDate(r.date, lang) }),
        col('clientName', { render: (r) => <ClientCell row={r} /> }),
        col('clientPhone', { render: (r) => <PhoneCell phone={r.clientPhone} /> }),
        col('clientMail', { render: (r) => <MailCell mail={r.clientMail} /> }),
        col('title', { render: (r) => <CutText text={r.title} /> }),
        col('state', { render: (r) => <StateCell row={r} /> }),
        col('modality'),
        col('view', { render: (r) => <ViewCell row={r} openBooking={openBooking} /> }),
        col('currency'),
        col('pay', { render: (r) => <PayCell row={r} onMark={onMark} /> }),
        col('datePay', { render: (r) => formatDate(r.datePay, lang) }),
        col('PendingPay', {
          textAlign: 'right',
          render: (r) => amount(debtCell({ pendingPay: r.PendingPay, complete: r.complete }), r.currency),
        }),
        col('invoice', { render: (r) => <InvoiceCell row={r} onInvoice={onInvoice} /> }),
      ],
    },
    {
      id: 'price',
      title: tx('groupPrice'),
      columns: [money('price'), money('promoSeller'), money('netPrice')],
    },
    {
      id: 'commission',
      title: tx('groupCommission'),
      columns: [
        col('comisionPorc', { textAlign: 'right', render: (r) => `${r.comisionPorc} %` }),
        money('AmmountAs'),
      ],
    },
    {
      id: 'payout',
      title: tx('groupPayout'),
      columns: [
        col('cashedOut', { textAlign: 'right', render: payout('cashedOut') }),
        col('payout_date', { render: (r) => formatDate(r.payout_date, lang) }),
        col('pendingPayout', { textAlign: 'right', render: payout('pending') }),
      ],
    },
    // spec 001 §2.3: three groups without a header; screen readers still get their column's name.
    idGroup('sell', 'sellId'),
    idGroup('pay-id', 'payId'),
    idGroup('cashout', 'cashout_id'),
  ];
}
