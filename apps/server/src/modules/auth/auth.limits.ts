import { passwordFailuresPerMail } from '../accounts/accounts.service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Throttles: failed logins per address and per IP; sign-ups, recoveries and link attempts per IP. */
export const limits = {
  loginFailuresPerMail: passwordFailuresPerMail,
  loginFailuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  registerPerIp: { limit: 10, windowMs: HOUR },
  recoveryPerIp: { limit: 10, windowMs: HOUR },
  recoveryPerMail: { limit: 3, windowMs: HOUR },
  linkAttemptsPerIp: { limit: 30, windowMs: 15 * MINUTE },
  resendPerUser: { limit: 3, windowMs: HOUR },
};
