/**
 * spec 001 §2.3: the 21 columns of the visibility checklist, numbered as the spec numbers them
 * (1 client name, 20 phone, 21 e-mail). The consultation date and the 'Ver contratación' badge
 * anchor every row and are always shown. Issue 34: 'Estado' (3) is the sale's state, not the
 * modality the spec's table put there; the modality keeps its own column (22).
 */
export const billingColumns = [
  { n: 1, key: 'clientName' },
  { n: 2, key: 'title' },
  { n: 3, key: 'state' },
  { n: 4, key: 'currency' },
  { n: 5, key: 'price' },
  { n: 6, key: 'promoSeller' },
  { n: 7, key: 'netPrice' },
  { n: 8, key: 'pay' },
  { n: 9, key: 'datePay' },
  { n: 10, key: 'PendingPay' },
  { n: 11, key: 'invoice' },
  { n: 12, key: 'comisionPorc' },
  { n: 13, key: 'AmmountAs' },
  { n: 14, key: 'cashedOut' },
  { n: 15, key: 'payout_date' },
  { n: 16, key: 'pendingPayout' },
  { n: 17, key: 'sellId' },
  { n: 18, key: 'payId' },
  { n: 19, key: 'cashout_id' },
  { n: 20, key: 'clientPhone' },
  { n: 21, key: 'clientMail' },
  { n: 22, key: 'modality' },
] as const;
export type BillingColumnKey = (typeof billingColumns)[number]['key'];

export const billColumnsKey = 'billColumns';

/**
 * Phone and e-mail are off until the professional turns them on; so is the modality (issue 34),
 * which gave its place to the sale's state and would not fit beside it in a contact's 7 units.
 */
export const defaultHidden: readonly BillingColumnKey[] = ['clientPhone', 'clientMail', 'modality'];
/** With a consultantId (the contact's own tab) the client's columns say nothing new. */
export const hiddenWithConsultant: readonly BillingColumnKey[] = ['clientName', 'clientPhone', 'clientMail'];

const allKeys = new Set<string>(billingColumns.map((c) => c.key));

/** The stored choice: the keys the professional turned off. A missing or broken value is the default. */
export function readHiddenColumns(storage: Pick<Storage, 'getItem'> | undefined): BillingColumnKey[] {
  try {
    const raw = storage?.getItem(billColumnsKey);
    if (!raw) return [...defaultHidden];
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || !Array.isArray((parsed as { hidden?: unknown }).hidden)) {
      return [...defaultHidden];
    }
    return ((parsed as { hidden: unknown[] }).hidden as unknown[]).filter(
      (k): k is BillingColumnKey => typeof k === 'string' && allKeys.has(k),
    );
  } catch {
    return [...defaultHidden];
  }
}

export function writeHiddenColumns(
  storage: Pick<Storage, 'setItem'> | undefined,
  hidden: BillingColumnKey[],
): void {
  try {
    storage?.setItem(billColumnsKey, JSON.stringify({ hidden }));
  } catch {
    // Private mode or a full storage: the choice lasts for this visit only.
  }
}

/** Whether a column shows: the checklist, less the client's columns inside a contact, and the invoice rule. */
export function columnShown(
  key: BillingColumnKey,
  hidden: readonly BillingColumnKey[],
  context: { consultantId: boolean; invoiceCountry: boolean },
): boolean {
  if (context.consultantId && hiddenWithConsultant.includes(key)) return false;
  // spec 001 §2.3: the invoice column exists only for a user of country 5 (its cells need ARS).
  if (key === 'invoice' && !context.invoiceCountry) return false;
  return !hidden.includes(key);
}

/** Every column of the table: the 21 of the checklist and the two that are always shown. */
export type TableColumnKey = BillingColumnKey | 'date' | 'view';

export type BillingGroupId = 'detail' | 'price' | 'commission' | 'payout' | 'sell' | 'pay-id' | 'cashout';

/**
 * A column's share of its group: `px`, what a date, an amount or a button needs whatever the
 * group's width; or `weight`, a share of what is left (names and titles, which can be cut).
 */
type ColumnSize = { px: number } | { weight: number };

/**
 * spec 001 §2.3: the column groups in order, their default widths in units (10, 3, 2, 3, 1, 1,
 * 1) and their columns.
 */
export const billingGroups: readonly {
  id: BillingGroupId;
  units: number;
  columns: readonly (readonly [TableColumnKey, ColumnSize])[];
}[] = [
  {
    id: 'detail',
    units: 10,
    columns: [
      ['date', { px: 150 }],
      ['clientName', { weight: 1 }],
      ['clientPhone', { px: 160 }],
      ['clientMail', { weight: 1 }],
      ['title', { weight: 1.5 }],
      ['state', { px: 130 }],
      ['modality', { px: 110 }],
      ['view', { px: 150 }],
      ['currency', { px: 90 }],
      ['pay', { px: 170 }],
      ['datePay', { px: 150 }],
      ['PendingPay', { px: 150 }],
      ['invoice', { px: 110 }],
    ],
  },
  {
    id: 'price',
    units: 3,
    columns: [
      ['price', { weight: 1 }],
      ['promoSeller', { weight: 1 }],
      ['netPrice', { weight: 1 }],
    ],
  },
  {
    id: 'commission',
    units: 2,
    columns: [
      ['comisionPorc', { weight: 1 }],
      ['AmmountAs', { weight: 1 }],
    ],
  },
  {
    id: 'payout',
    units: 3,
    columns: [
      ['cashedOut', { weight: 1 }],
      ['payout_date', { weight: 1 }],
      ['pendingPayout', { weight: 1 }],
    ],
  },
  { id: 'sell', units: 1, columns: [['sellId', { weight: 1 }]] },
  { id: 'pay-id', units: 1, columns: [['payId', { weight: 1 }]] },
  { id: 'cashout', units: 1, columns: [['cashout_id', { weight: 1 }]] },
];

/**
 * One width unit in pixels: a sale id, an amount or the 'Pendiente de liberar' header fit in
 * one, and the detail group's fixed columns plus a readable title fit in its 7 units.
 */
export const widthUnitPx = 180;

/** Names and titles are never squeezed below this, even when the group has little left. */
const minFlexiblePx = 160;

/** spec 001 §2.3: the detail group is 7 units wide instead of 10 inside a contact. */
export function groupUnits(id: BillingGroupId, consultantId: boolean): number {
  const group = billingGroups.find((g) => g.id === id);
  if (!group) return 0;
  return id === 'detail' && consultantId ? 7 : group.units;
}

/**
 * Default width in pixels of every column. Within a group the columns shown by default take
 * what they need and the rest of the group's width goes to its names and titles, so with the
 * default checklist each group is as wide as the spec says; a column turned on later (phone,
 * e-mail) adds its own width. Widths are not stored: only the checklist is (billColumns).
 */
export function columnWidths(context: {
  consultantId: boolean;
  invoiceCountry: boolean;
}): Record<TableColumnKey, number> {
  const widths = {} as Record<TableColumnKey, number>;
  const shownByDefault = (key: TableColumnKey) =>
    key === 'date' || key === 'view' || columnShown(key, defaultHidden, context);
  for (const group of billingGroups) {
    let fixed = 0;
    let weights = 0;
    for (const [key, size] of group.columns) {
      if (!shownByDefault(key)) continue;
      if ('px' in size) fixed += size.px;
      else weights += size.weight;
    }
    const left = groupUnits(group.id, context.consultantId) * widthUnitPx - fixed;
    const perWeight = weights > 0 ? left / weights : 0;
    for (const [key, size] of group.columns) {
      widths[key] = 'px' in size ? size.px : Math.max(minFlexiblePx, Math.round(size.weight * perWeight));
    }
  }
  return widths;
}

/**
 * spec 001 §2.3 'Ver contratación': a session opens the appointment's menu, a course without a
 * moduleId the course's menu, and a module purchase shows '--' (as does a sale with nothing to
 * open, such as a plan).
 */
export function contractingMenu(row: {
  modeSell: '1' | '2';
  bookingRef: string | null;
  courseRef: string | null;
  moduleId: string | null;
}): 'booking' | 'course' | 'none' {
  if (row.modeSell === '1') return row.bookingRef ? 'booking' : 'none';
  return row.moduleId === null && row.courseRef ? 'course' : 'none';
}
