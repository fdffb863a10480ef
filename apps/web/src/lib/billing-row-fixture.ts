import type { BillingRow } from '@agendo/contract';

// Component tests of the screens that show a sale (the sales table, its invoice popup, the reader).
/** An unpaid online session sold to Valentina Sosa, as find-billing-all answers it (override what a test needs). */
export function billingRowFixture(over: Partial<BillingRow> = {}): BillingRow {
  return {
    id: 'saleRef00001',
    sellId: 'saleRef00001',
    date: '2026-11-20T13:00:00.000Z',
    clientName: 'Valentina Sosa',
    imgClient: null,
    clientPhone: '+5491144445555',
    clientMail: 'valen@example.com',
    title: 'Sesión de psicología',
    service: 'Sesión',
    modality: 'Online',
    modeSell: '1',
    bookingRef: 'bookRef00001',
    courseRef: null,
    moduleId: null,
    currency: 'ARS',
    price: 2_500_000,
    promoSeller: 0,
    netPrice: 2_500_000,
    pay: 0,
    state: 'pending',
    refundState: null,
    complete: '1',
    datePay: null,
    PendingPay: 2_500_000,
    canBill: false,
    billLink: null,
    customerId: null,
    comisionPorc: 0,
    AmmountAs: 0,
    cashout_id: null,
    payout_date: null,
    payId: null,
    ...over,
  };
}
