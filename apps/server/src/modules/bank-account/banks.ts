import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isoForCountryId } from '@agendo/contract';
import { serverRoot } from '../../lib/server-root.ts';

interface BankEntry {
  code: string;
  name: string;
}

// From the server's root, so it is found from src/ and from the bundled dist/main.js alike.
const dataFile = path.join(serverRoot, 'reference-data/banks/banks.json');

let byIso: Record<string, BankEntry[]> | undefined;

/** The country's banks (reference-data/banks, spec 002 §7 find-banks-names); [] where no list exists (CO, UY). */
export function banksOf(countryId: number): BankEntry[] {
  byIso ??= JSON.parse(readFileSync(dataFile, 'utf8')) as Record<string, BankEntry[]>;
  const iso = isoForCountryId(countryId);
  return (iso && byIso[iso]) || [];
}
