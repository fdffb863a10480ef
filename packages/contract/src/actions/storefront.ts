// The storefront actions (issue slice). Filled in by its slice.
export {};
