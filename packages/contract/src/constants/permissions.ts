/**
 * spec 000 §6 and 001 §6: the permission names of a corporate (team) session's map. Outside a
 * corporate session everything is allowed.
 */
export const corporatePermissions = [
  'calendarEdit',
  'calendarCancel',
  'contactsView',
  'contactsInfo',
  'contactsNotes',
  'contactsClinic',
  'contactsBilling',
  'contactsChat',
  'billingExport',
  'invoice',
] as const;
export type CorporatePermission = (typeof corporatePermissions)[number];

export function isCorporatePermission(value: string): value is CorporatePermission {
  return (corporatePermissions as readonly string[]).includes(value);
}
