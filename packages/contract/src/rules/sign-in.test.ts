import { describe, expect, it } from 'vitest';
import { login } from '../actions/auth.ts';
import { checkLogin } from './sign-in.ts';

/** The code zod gives for the first issue of a field, as the form shows it. */
function schemaCodes(input: { userMail: string; userPassword: string }) {
  const parsed = login.input.safeParse(input);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

describe('checkLogin: the login form without zod gives the schema’s codes', () => {
  const mails = [
    '',
    '   ',
    'ana@example.com',
    '  Ana@Example.COM ',
    'ana.maria+agenda@mail.example.com.ar',
    "o'neil@example.org",
    'ana',
    'ana@',
    '@example.com',
    'ana@example',
    'ana..b@example.com',
    '.ana@example.com',
    'ana.@example.com',
    'ana@-example.com',
    'ana@example.c',
    'ana maria@example.com',
    'ñandú@example.com',
    `${'a'.repeat(250)}@example.com`,
  ];
  const passwords = ['', 'x', 'correcta123', ' ', 'p'.repeat(128), 'p'.repeat(129)];

  it.each(mails.flatMap((userMail) => passwords.map((userPassword) => [userMail, userPassword])))(
    '%j / password %j',
    (userMail, userPassword) => {
      const input = { userMail: userMail as string, userPassword: userPassword as string };
      expect(checkLogin(input)).toEqual(schemaCodes(input));
    },
  );
});
