import { type Expression, type RawBuilder, sql } from 'kysely';
import type { SortKey } from '../lib/page-cursor.ts';

/**
 * The rows after `key` in the order `columns` (all ascending or all descending), for keyset
 * paging (lib/page-cursor.ts). Written as `c1 >= v1 and (c1 > v1 or (c2 > v2 …))` rather than a
 * row-value comparison: the leading bound alone is an index range on SQLite and PostgreSQL
 * whatever index serves the rest of the order. A column is a name, or an expression when the
 * list sorts on a computed value (it must then never be null, as a name's column must not be).
 */
export function keysetAfter(
  columns: readonly (string | Expression<unknown>)[],
  direction: 'asc' | 'desc',
  key: SortKey,
): RawBuilder<boolean> {
  if (columns.length === 0 || columns.length !== key.length) {
    throw new Error('keysetAfter: one key value per column');
  }
  const strict = sql.raw(direction === 'asc' ? '>' : '<');
  const orEqual = sql.raw(direction === 'asc' ? '>=' : '<=');
  const ref = (column: string | Expression<unknown>) =>
    typeof column === 'string' ? sql.ref(column) : column;
  const after = (i: number): RawBuilder<boolean> => {
    const column = ref(columns[i] as string | Expression<unknown>);
    const value = key[i];
    if (i === columns.length - 1) return sql<boolean>`${column} ${strict} ${value}`;
    return sql<boolean>`(${column} ${strict} ${value} or (${column} = ${value} and ${after(i + 1)}))`;
  };
  const first = ref(columns[0] as string | Expression<unknown>);
  return sql<boolean>`(${first} ${orEqual} ${key[0]} and ${after(0)})`;
}
