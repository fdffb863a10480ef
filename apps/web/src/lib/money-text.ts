import { countryIdForBrowserCountry, moneyText, toMajorUnits } from '@agendo/contract';
import { useCallback } from 'react';
import { usePrefix } from './route-prefix.ts';

/**
 * The contract's money format for the viewer's country (the route's, spec 000 §2.1), so every
 * screen shows an amount the same way: 'US$ 30,00' in Argentina or Mexico, where '$' is the peso.
 */
export function useMoneyText(): (amount: number, currency: string) => string {
  const { country } = usePrefix();
  const countryId = countryIdForBrowserCountry(country);
  return useCallback(
    (amount: number, currency: string) => moneyText(amount, currency, countryId),
    [countryId],
  );
}

/**
 * The same format for amounts in minor units (the integer cents the balances and the sales table
 * carry on the wire): 900000 ARS → '$ 9.000,00'. Passing minor units to useMoneyText shows a
 * hundred times the amount.
 */
export function useMinorMoneyText(): (minor: number, currency: string) => string {
  const money = useMoneyText();
  return useCallback(
    (minor: number, currency: string) => money(toMajorUnits(minor, currency), currency),
    [money],
  );
}
