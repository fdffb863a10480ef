/** Tables of the search slice. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the slice
export interface SearchTables {}
