// The search actions (issue slice). Filled in by its slice.
export {};
