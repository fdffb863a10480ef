import type { Generated } from 'kysely';

/** Tables of the search slice. */
export interface SearchTables {
  exchange_rates: ExchangeRatesTable;
}

/**
 * Units of `currency` per 1 USD (spec 002 §9: the price base is USD). Stored as a canonical
 * decimal string with up to 6 decimals ('1450', '0.862'): exact as typed by the administrator,
 * the same on SQLite and PostgreSQL, and parsed to a number only for arithmetic.
 */
export interface ExchangeRatesTable {
  id: Generated<number>;
  currency: string;
  units_per_usd: string;
  updated_at: string;
  /** The administrator who saved it last; null for the seeded rates. */
  updated_by: number | null;
}
