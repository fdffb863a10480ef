import { type CorporatePermission, isCorporatePermission } from './constants/permissions.ts';

/**
 * Who may call an action or an HTTP route. `public` handlers may still read the user when a valid
 * token came along. `professional:contactsClinic` also requires that permission of a corporate
 * session (spec 001 §6; outside a corporate session everything is allowed). `participant`: any
 * signed-in user acting on a record they take part in from either side; corporate sessions pass
 * and the handler then acts only on the professional side. Ownership of each record is checked
 * inside the handler on top of this.
 */
export const roles = ['public', 'signed-in', 'participant', 'professional', 'client', 'admin'] as const;
export type Role = (typeof roles)[number];
export type Policy = Role | `professional:${CorporatePermission}`;

export function isValidPolicy(policy: unknown): policy is Policy {
  if (typeof policy !== 'string') return false;
  const [role, permission, extra] = policy.split(':');
  if (extra !== undefined || !(roles as readonly string[]).includes(role ?? '')) return false;
  return permission === undefined || (role === 'professional' && isCorporatePermission(permission));
}
