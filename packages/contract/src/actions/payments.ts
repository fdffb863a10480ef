/** spec 002 §4, §7: payments through a provider's hosted checkout. */
export {};
