/**
 * Folding for free-text search kept in the database (the sales table's search column, 0020):
 * lower case and the accents of Spanish and Portuguese taken off, so 'Lucía', 'LUCIA' and
 * 'lucia' are one word. The same fold runs in SQL (inside the triggers that keep the column)
 * and here (on what the person typed), so the two sides always agree.
 *
 * Why a fixed list and not Unicode decomposition: SQLite has no unaccent and its lower() only
 * knows ASCII, so the SQL side can only replace characters it is told about; the typed side
 * must replace exactly the same ones. Changing this list changes stored text: it needs a new
 * migration that recreates the triggers and refreshes the column.
 */
const folds: readonly (readonly [string, string])[] = [
  ['a', 'áàâäãåÁÀÂÄÃÅ'],
  ['e', 'éèêëÉÈÊË'],
  ['i', 'íìîïÍÌÎÏ'],
  ['o', 'óòôöõÓÒÔÖÕ'],
  ['u', 'úùûüÚÙÛÜ'],
  ['n', 'ñÑ'],
  ['c', 'çÇ'],
];

const pairs: readonly (readonly [string, string])[] = folds.flatMap(([plain, accented]) =>
  [...accented].map((ch) => [ch, plain] as const),
);
const table = new Map(pairs);

/** What a typed search word becomes before it is looked up in a folded column. */
export function foldForSearch(text: string): string {
  return [...text.normalize('NFC').toLowerCase()].map((ch) => table.get(ch) ?? ch).join('');
}

/**
 * The SQL of the same fold over `expression` (SQL text), for both dialects: lower() for ASCII
 * (PostgreSQL lowers the rest too), then one replace() per accented letter, capitals included
 * because SQLite's lower() leaves them.
 */
export function foldSql(expression: string): string {
  return pairs.reduce((inner, [from, to]) => `replace(${inner}, '${from}', '${to}')`, `lower(${expression})`);
}
