/** Tables of the catalogue slice. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the slice
export interface CatalogueTables {}
