/** One quote: units of `currency` per 1 USD, as a canonical decimal string ('1450', '0.86'). */
export interface RateQuote {
  currency: string;
  unitsPerUsd: string;
}

/**
 * Where exchange rates come from. The embedded default is the 'table' source: the rates an
 * administrator keeps in exchange_rates (seeded by the migration), so nothing needs the
 * network. A live source (a central bank or market feed) implements the same interface, and
 * its quotes are written into the table by whoever schedules it, so convert-price and search
 * always read one place.
 */
export interface ExchangeRateSource {
  readonly name: string;
  latest(): Promise<RateQuote[]>;
}

/** Rates as numbers by currency, ready for arithmetic; USD is always 1. */
export type RateTable = ReadonlyMap<string, number>;

export function createTableRateSource(read: () => Promise<RateQuote[]>): ExchangeRateSource {
  return { name: 'table', latest: read };
}

export async function loadRateTable(source: ExchangeRateSource): Promise<RateTable> {
  const table = new Map<string, number>([['USD', 1]]);
  for (const quote of await source.latest()) {
    const value = Number(quote.unitsPerUsd);
    if (Number.isFinite(value) && value > 0) table.set(quote.currency, value);
  }
  return table;
}
