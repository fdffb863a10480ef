/**
 * The login form's checks without zod (issue 13: the login page is a public page and zod alone
 * is ~25 kB gzip). They give the codes `login`'s schema gives for the same input (sign-in.test.ts
 * compares them), so the form shows the same text before sending; the server still validates
 * with the schema.
 */

/** zod 4's `z.email()` pattern (its "practical" e-mail check), which actions/fields.ts uses. */
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface LoginValues {
  userMail: string;
  userPassword: string;
}

export type LoginCheck =
  | { ok: true; values: LoginValues }
  | { ok: false; errors: Partial<Record<keyof LoginValues, string>> };

/** `login`'s input rules: the address trimmed and lower-cased (as the schema sends it), codes per field. */
export function checkLogin(input: LoginValues): LoginCheck {
  const userMail = input.userMail.trim().toLowerCase();
  const errors: Partial<Record<keyof LoginValues, string>> = {};
  if (userMail.length === 0) errors.userMail = 'E2';
  else if (userMail.length > 254 || !emailPattern.test(userMail)) errors.userMail = 'E3';
  if (input.userPassword.length === 0) errors.userPassword = 'E40';
  else if (input.userPassword.length > 128) errors.userPassword = 'E6';
  if (errors.userMail || errors.userPassword) return { ok: false, errors };
  return { ok: true, values: { userMail, userPassword: input.userPassword } };
}
