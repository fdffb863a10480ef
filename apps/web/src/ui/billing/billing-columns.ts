/**
 * spec 001 §2.3: the 21 columns of the visibility checklist, numbered as the spec numbers them
 * (1 client name, 20 phone, 21 e-mail). The consultation date and the 'Ver contratación' badge
 * anchor every row and are always shown.
 */
export const billingColumns = [
  { n: 1, key: 'clientName' },
  { n: 2, key: 'title' },
  { n: 3, key: 'modality' },
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
] as const;
export type BillingColumnKey = (typeof billingColumns)[number]['key'];

export const billColumnsKey = 'billColumns';

/** Phone and e-mail are off until the professional turns them on. */
export const defaultHidden: readonly BillingColumnKey[] = ['clientPhone', 'clientMail'];
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
