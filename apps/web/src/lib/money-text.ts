import { countryIdForBrowserCountry, moneyText } from '@agendo/contract';
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
