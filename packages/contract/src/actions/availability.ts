// The availability actions (issue slice). Filled in by its slice.
export {};
