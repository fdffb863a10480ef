import { ActionError } from '../rpc-errors.ts';

/**
 * Keyset paging (issue 13): a list page ends with a cursor holding the sort key of its last
 * row, and the next page reads the rows after that key through the index, so page 50 costs
 * what page 1 costs (OFFSET reads and drops every earlier row). The cursor is opaque to clients
 * (base64url JSON); its key holds public values only (instants, refs), never sequence ids.
 */
export type SortKey = readonly (string | number)[];

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key of a cursor this server issued with `arity` values; anything else is bad input (E1). */
export function decodeCursor(cursor: string, arity: number): SortKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ActionError('E1');
  }
  if (
    !Array.isArray(key) ||
    key.length !== arity ||
    !key.every(
      (v) => (typeof v === 'string' && v.length <= 200) || (typeof v === 'number' && Number.isFinite(v)),
    )
  ) {
    throw new ActionError('E1');
  }
  return key as SortKey;
}

/**
 * Where a page starts: after a cursor's key, or at a row offset (the spec's payloads send
 * `next: 0`, and older clients a number).
 */
export type PageStart = { after: SortKey } | { offset: number };

export function pageStartOf(next: string | number, arity: number): PageStart {
  return typeof next === 'number' ? { offset: next } : { after: decodeCursor(next, arity) };
}

/**
 * A page from rows read with one extra (limit size + 1): the rows to show and the cursor of
 * the next page, or null when the extra row did not come.
 */
export function pageOf<R>(rows: readonly R[], size: number, keyOf: (row: R) => SortKey) {
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : [...rows];
  const last = page[page.length - 1];
  return { page, next: more && last !== undefined ? encodeCursor(keyOf(last)) : null };
}
