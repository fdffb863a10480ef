/** Database integers read back as the contract's literal types. */
export function asFlag(value: number): 0 | 1 {
  return value === 1 ? 1 : 0;
}
export function asUserType(value: number): 1 | 2 {
  return value === 1 ? 1 : 2;
}
