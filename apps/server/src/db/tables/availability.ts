/** Tables of the availability slice. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the slice
export interface AvailabilityTables {}
