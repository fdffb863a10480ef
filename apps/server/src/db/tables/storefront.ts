/** Tables of the storefront slice. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the slice
export interface StorefrontTables {}
