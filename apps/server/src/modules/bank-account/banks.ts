import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isoForCountryId } from '@agendo/contract';

interface BankEntry {
  code: string;
  name: string;
}

const dataFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../reference-data/banks/banks.json',
);

let byIso: Record<string, BankEntry[]> | undefined;

/** The country's banks (reference-data/banks, spec 002 §7 find-banks-names); [] where no list exists (CO, UY). */
export function banksOf(countryId: number): BankEntry[] {
  byIso ??= JSON.parse(readFileSync(dataFile, 'utf8')) as Record<string, BankEntry[]>;
  const iso = isoForCountryId(countryId);
  return (iso && byIso[iso]) || [];
}
