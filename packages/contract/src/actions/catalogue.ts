// The catalogue actions (issue slice). Filled in by its slice.
export {};
