import {
  chooseProvider,
  currencyForCountryId,
  effectivePaymentOptions,
  enabledPaymentSwitches,
  type PaymentSwitchesInput,
  type UserPaymentOptions,
} from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import type { AccountClosingStep } from '../../deps.ts';
import { newRef } from '../../lib/random.ts';
import { type KeyRing, maskSecret, openSecret, sealSecret } from '../../lib/secret-box.ts';
import {
  findSavedPaymentOptions,
  findSellerGateway,
  findSellerGatewayRow,
  livePasarelas,
  professionalCountry,
  retireSellerGateways,
  savePaymentOptions,
  saveSellerGateway,
} from './payment-options.repository.ts';

/**
 * spec 002 §9's "gateway keys": the professional's own keys (my-charges), or the platform's
 * provider for the country (dLocal in 5, 42, 81; Stripe in 55, 103), which takes the card
 * payments of professionals without keys.
 */
async function switchesInput(
  db: DB,
  userId: number,
  countryId: number,
  extra: Partial<PaymentSwitchesInput> = {},
): Promise<PaymentSwitchesInput> {
  const platform = chooseProvider({ international: false, countryId }) !== null;
  return {
    countryId,
    hasGatewayKeys: platform || (await livePasarelas(db, userId)).length > 0,
    ...extra,
  };
}

export async function findUserPaymentOptions(
  db: DB,
  userId: number,
  view: { modality?: string | number | undefined; hideDetails?: boolean | undefined },
) {
  const countryId = (await professionalCountry(db, userId))?.country_id ?? 0;
  const input = await switchesInput(db, userId, countryId, {
    modality: view.modality ?? null,
    hideDetails: view.hideDetails ?? false,
  });
  const saved = await findSavedPaymentOptions(db, userId);
  return {
    ...effectivePaymentOptions(saved, input),
    enabled: enabledPaymentSwitches(input),
    userCountry: countryId,
    hasGatewayKeys: input.hasGatewayKeys,
  };
}

/** A switch the §9 rules disable is saved off, whatever was sent. */
export async function updateUserPaymentOptions(
  db: DB,
  userId: number,
  wanted: UserPaymentOptions,
  now: string,
) {
  const countryId = (await professionalCountry(db, userId))?.country_id ?? 0;
  const options = effectivePaymentOptions(wanted, await switchesInput(db, userId, countryId));
  await savePaymentOptions(db, userId, options, now);
  return options;
}

/**
 * What a checkout reads of the professional (bookings and modules): the options they saved
 * (checkoutPaymentOptions) and their own gateway keys for the provider choice.
 */
export interface CheckoutSeller {
  options: UserPaymentOptions | null;
  keys: { checked: true; pasarela: SellerPasarela } | null;
}

export async function checkoutSeller(db: DB, professionalId: number): Promise<CheckoutSeller> {
  return {
    options: await checkoutPaymentOptions(db, professionalId),
    keys: await sellerKeysForChoice(db, professionalId),
  };
}

/**
 * What a checkout may offer (bookings and modules): the professional's saved options, or no
 * restriction when they never saved any (the publication's own flags then decide, as before).
 */
export async function checkoutPaymentOptions(
  db: DB,
  professionalId: number,
): Promise<UserPaymentOptions | null> {
  const saved = await findSavedPaymentOptions(db, professionalId);
  if (!saved) return null;
  const countryId = (await professionalCountry(db, professionalId))?.country_id ?? 0;
  return effectivePaymentOptions(saved, await switchesInput(db, professionalId, countryId));
}

/** pasarela 3 Mercado Pago (find-local-payments), 4 PayPal (find-global-payments). */
export type SellerPasarela = 3 | 4;

/** The gateway config as the browser may see it: keys masked, never in clear. */
export async function findSellerGatewayView(db: DB, key: KeyRing, userId: number, pasarela: SellerPasarela) {
  const countryId = (await professionalCountry(db, userId))?.country_id ?? 0;
  const row = await findSellerGateway(db, userId, pasarela);
  return {
    status: '200' as const,
    pasarela,
    publicKey: row ? maskSecret(openSecret(key, row.public_key_sealed)) : '',
    secretKey: row ? maskSecret(openSecret(key, row.secret_key_sealed)) : '',
    checked: row !== undefined,
    currency: pasarela === 4 ? 'USD' : currencyForCountryId(countryId),
    userCountry: countryId,
  };
}

export async function saveSellerGatewayKeys(
  db: DB,
  key: KeyRing,
  userId: number,
  pasarela: SellerPasarela,
  keys: { publicKey: string; secretKey: string },
  now: string,
) {
  await saveSellerGateway(db, {
    ref: newRef(),
    user_id: userId,
    pasarela,
    public_key_sealed: sealSecret(key, keys.publicKey),
    secret_key_sealed: sealSecret(key, keys.secretKey),
    created_at: now,
  });
  return findSellerGatewayView(db, key, userId, pasarela);
}

/**
 * spec 002 §4 "Provider choice": the professional's own keys as chooseProvider reads them. Saved
 * keys are 'checked'. A local buyer goes to their Mercado Pago (3) when they have one, else to
 * their PayPal (4); any own keys send an international buyer to PayPal.
 */
export async function sellerKeysForChoice(
  db: DB,
  userId: number,
): Promise<{ checked: true; pasarela: SellerPasarela } | null> {
  const live = await livePasarelas(db, userId);
  if (live.includes(3)) return { checked: true, pasarela: 3 };
  if (live.includes(4)) return { checked: true, pasarela: 4 };
  return null;
}

/**
 * A professional's gateway keys in clear, for the payment adapter that collects, verifies and
 * refunds with them. They stay on the server: never answered, never logged.
 */
export interface SellerGatewayKeys {
  id: number;
  ref: string;
  userId: number;
  pasarela: number;
  publicKey: string;
  secretKey: string;
}

function opened(
  key: KeyRing,
  row: Awaited<ReturnType<typeof findSellerGatewayRow>>,
): SellerGatewayKeys | null {
  if (!row) return null;
  return {
    id: row.id,
    ref: row.ref,
    userId: row.user_id,
    pasarela: row.pasarela,
    publicKey: openSecret(key, row.public_key_sealed),
    secretKey: openSecret(key, row.secret_key_sealed),
  };
}

/** The live keys a new checkout of this professional uses for a pasarela. */
export async function liveSellerGatewayKeys(db: DB, key: KeyRing, userId: number, pasarela: number) {
  return opened(key, await findSellerGateway(db, userId, pasarela));
}

/** The keys of one row, retired or not (by id from a payment, by ref from a webhook URL). */
export async function sellerGatewayKeys(db: DB, key: KeyRing, where: { id: number } | { ref: string }) {
  return opened(key, await findSellerGatewayRow(db, where));
}

/**
 * A closed account's own gateway keys are retired: no checkout reaches its accounts again. The
 * sealed rows stay, like any retired key, for the refunds still owed on payments made with them
 * (the closing's booking step owes them just before).
 */
export const sellerGatewaysClosing: AccountClosingStep = {
  name: 'gateway keys',
  close: (deps, account) => retireSellerGateways(deps.db, account.id, deps.now().toISOString()),
};
