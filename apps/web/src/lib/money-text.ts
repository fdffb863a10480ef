import { formatMoney } from '@agendo/contract';

/**
 * An amount with its currency, never ambiguous (STYLE "Money and time"): '$ 20.000,00 ARS',
 * 'US$ 25,00' (the symbol already names the dollar).
 */
export function moneyText(amount: number, currency: string, countryId: number): string {
  const formatted = formatMoney(amount, currency, countryId);
  const named = formatted.includes(currency) || (currency === 'USD' && formatted.includes('US$'));
  return named ? formatted : `${formatted} ${currency}`;
}
