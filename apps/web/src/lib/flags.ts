/**
 * The server answers yes/no fields as 0/1 and the forms hold booleans: the named fields of `row`
 * as booleans (1 is true), to spread into an editor's values.
 */
export function flagsOf<R, K extends keyof R>(row: R, keys: readonly K[]): Record<K, boolean> {
  return Object.fromEntries(keys.map((key) => [key, row[key] === 1])) as Record<K, boolean>;
}
