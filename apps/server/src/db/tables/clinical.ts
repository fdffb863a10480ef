/** Tables of the clinical slice. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the slice
export interface ClinicalTables {}
