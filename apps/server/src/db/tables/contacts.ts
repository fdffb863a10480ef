/** Tables of the contacts slice. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the slice
export interface ContactsTables {}
