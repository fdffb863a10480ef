import {
  chooseProvider,
  effectivePaymentOptions,
  enabledPaymentSwitches,
  type PaymentSwitchesInput,
  type UserPaymentOptions,
} from '@agendo/contract';
import type { DB } from '../../db/database.ts';
import {
  findSavedPaymentOptions,
  professionalCountry,
  savePaymentOptions,
} from './payment-options.repository.ts';

/**
 * spec 002 §9's "gateway keys": a gateway that can take this professional's card payments. The
 * professional's own keys are not stored yet, so it is the platform's provider for the country
 * (dLocal in 5, 42, 81; Stripe in 55, 103), which plays the part the seller's keys played.
 */
function switchesInput(countryId: number, extra: Partial<PaymentSwitchesInput> = {}): PaymentSwitchesInput {
  return {
    countryId,
    hasGatewayKeys: chooseProvider({ international: false, countryId }) !== null,
    ...extra,
  };
}

export async function findUserPaymentOptions(
  db: DB,
  userId: number,
  view: { modality?: string | number | undefined; hideDetails?: boolean | undefined },
) {
  const countryId = (await professionalCountry(db, userId))?.country_id ?? 0;
  const input = switchesInput(countryId, {
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
  const options = effectivePaymentOptions(wanted, switchesInput(countryId));
  await savePaymentOptions(db, userId, options, now);
  return options;
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
  return effectivePaymentOptions(saved, switchesInput(countryId));
}
