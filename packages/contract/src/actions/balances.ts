import { z } from 'zod';
import { action, ok } from '../action.ts';
import { BankData } from '../shapes/bookings.ts';
import { Ref, TimeZone } from './fields.ts';

/**
 * The balance payload of spec 002 §7 (find-balances, find-wallets, save-auto-payments).
 * balanceOfUser names the other party: the client's ref for a professional, the professional's
 * for a client. mode is sent by the dialog (1 the seller, 2 the buyer, as elsewhere in 002);
 * the server takes the side from the session, never from mode.
 */
const Mode = z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: 'E1' });
const Currency = z.string({ error: 'E1' }).regex(/^[A-Z]{3}$/, 'E1');

const balanceErrors = {
  E90: {
    es: 'No encontramos saldos con ese usuario.',
    en: 'No balances found with that user.',
    status: 404,
  },
};

const BalanceQuery = z.object({
  mode: Mode.optional(),
  /** Accepted as sent; every currency of the pair with a debt or a credit is listed either way. */
  showAll: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
  balanceOfUser: Ref,
  timezone: TimeZone.optional(),
});

/**
 * spec 002 §3 Balance rows, one per currency, in minor units: saldo is the client's credit with
 * the professional (money the professional holds for a contracting that was voided), ammount
 * what the client still owes (unpaid sales after their appointment, less partial payments).
 */
const BalanceRowShape = z.object({
  saldo: z.number().int(),
  ammount: z.number().int(),
  currency: z.string(),
});

/** spec 002 §7 find-balances. */
export const findBalances = action('find-balances', {
  input: BalanceQuery,
  output: ok({ balances: z.array(BalanceRowShape) }),
  errors: balanceErrors,
});

/** One pending balance of the dialog's step 0 (a Pagar button per row), amounts in minor units. */
const WalletRow = z.object({
  /** The sale's ref. */
  id: z.string(),
  title: z.string(),
  /** The appointment's start, or when the debt was recorded. */
  date: z.string(),
  currency: z.string(),
  /** The sale's amount. */
  price: z.number().int(),
  /** What is still owed on it after partial payments. */
  ammount: z.number().int(),
});

/**
 * spec 002 §7 find-wallets: the pending balances with that user, oldest first, and how the
 * professional takes payments (spec 002 §3 Booking payCash, payCard; transfer), for the step
 * selection of §4.
 */
export const findWallets = action('find-wallets', {
  input: BalanceQuery,
  output: ok({
    wallets: z.array(WalletRow),
    payCard: z.union([z.literal(0), z.literal(1)]),
    payCash: z.union([z.literal(0), z.literal(1)]),
    payMoney: z.union([z.literal(0), z.literal(1)]),
    /**
     * Step 5 (transfer): the professional's bank data, only what a payer needs, and only to the
     * client of the pair while transfer is on; null without an account (the dialog then asks to
     * contact the professional, with the total).
     */
    bank: BankData.nullable(),
  }),
  errors: balanceErrors,
});

/**
 * spec 002 §7 save-auto-payments: the client's credit (saldo) in that currency pays their debts,
 * oldest first, up to what is owed. Answers the balances as they are afterwards.
 */
export const saveAutoPayments = action('save-auto-payments', {
  input: z.object({
    mode: Mode.optional(),
    balanceOfUser: Ref,
    currency: Currency,
    timezone: TimeZone.optional(),
  }),
  output: ok({ applied: z.number().int(), balances: z.array(BalanceRowShape) }),
  errors: balanceErrors,
});

/** A payment amount in minor units: above zero (E2), never above the debt (E3). */
const PaymentAmount = z.number({ error: 'E2' }).int('E2').min(1, 'E2').max(9_999_999_00, 'E2');
const amountErrors = {
  E2: { es: 'Debes ingresar un monto mayor a cero.', en: 'Enter an amount above zero.', field: 'amount' },
  E3: {
    es: 'El monto no puede superar el saldo adeudado.',
    en: 'The amount cannot exceed the balance owed.',
    field: 'amount',
  },
};

/**
 * A payment toward a client's balance that the professional received (cash, transfer): it
 * pays the oldest debts first and may be partial. It can never exceed what is owed.
 */
export const saveBalancePayment = action('save-balance-payment', {
  input: z.object({
    balanceOfUser: Ref,
    currency: Currency,
    /** Minor units. */
    amount: PaymentAmount,
    method: z.enum(['cash', 'transfer'], { error: 'E4' }),
  }),
  output: ok({ balances: z.array(BalanceRowShape) }),
  errors: {
    ...balanceErrors,
    ...amountErrors,
    E4: { es: 'Debes elegir la forma de pago.', en: 'Choose the payment method.', field: 'method' },
  },
});

/**
 * The dialog's card step (spec 002 §4 step 3, §7 payment provider pages with payReservedId): the
 * client pays `amount` of what they owe the professional in that currency through the provider
 * the professional's other checkouts use. Only the client of the pair calls it. The provider
 * sends the browser back to pay-balance/{balanceOfUser}/{paymentRef}/{saleRef}; once approved
 * the money pays the oldest debts first and whatever is no longer owed stays as credit (saldo).
 */
export const startBalancePayment = action('start-balance-payment', {
  input: z.object({
    mode: Mode.optional(),
    balanceOfUser: Ref,
    currency: Currency,
    /** Minor units. */
    amount: PaymentAmount,
    timezone: TimeZone.optional(),
  }),
  output: ok({
    paymentRef: z.string(),
    /** The balance payment's own sale (tempBookId of the return route). */
    saleRef: z.string(),
    provider: z.enum(['dlocal', 'stripe', 'mercadopago', 'paypal']),
    checkoutUrl: z.string(),
    sandbox: z.boolean(),
  }),
  errors: {
    ...balanceErrors,
    ...amountErrors,
    E15: {
      es: 'El pago con tarjeta no está disponible para este saldo.',
      en: 'Card payment is not available for this balance.',
    },
  },
});

/**
 * wallet-account without a professional (spec 000 §2.2): every professional the signed-in client
 * owes or holds a credit with, each with their balance rows, by name, a page at a time.
 */
export const findClientBalances = action('find-client-balances', {
  input: z.object({
    page: z.number({ error: 'E1' }).int('E1').min(1, 'E1').max(1000, 'E1').optional(),
  }),
  output: ok({
    professionals: z.array(
      z.object({
        ref: z.string(),
        name: z.string(),
        balances: z.array(BalanceRowShape),
      }),
    ),
    /** Another page follows. */
    more: z.boolean(),
  }),
});
