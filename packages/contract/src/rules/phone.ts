/**
 * Mexico dropped its mobile prefixes in 2019 ('+52 1 55 …' from abroad, '044'/'045 55 …' at
 * home), but address books (and numbers stored before) still carry them; the phone library's
 * current metadata calls them invalid. Given a Mexican national number, answers the current
 * ten-digit number when it is one of those old forms, else null. The server and the phone input
 * both apply it, so a number one accepts the other does too.
 */
export function currentMexicanNationalNumber(nationalNumber: string): string | null {
  return /^(?:1|04[45])(\d{10})$/.exec(nationalNumber)?.[1] ?? null;
}

/** Mexico's calling code, for callers that test a parsed number's country. */
export const mexicanCallingCode = '52';
