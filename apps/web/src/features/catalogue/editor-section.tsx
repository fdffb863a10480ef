import type * as catalogueActions from '@agendo/contract/catalogue';
import type { useActionForm } from '../../lib/use-action-form.ts';

export type EditorForm = ReturnType<typeof useActionForm<typeof catalogueActions.savePublish>>;

/** A number field's value from the form (null and '' both mean empty). */
export function numberValue(value: unknown): number | string {
  return typeof value === 'number' ? value : '';
}
export function fromNumberInput(value: number | string): number | null {
  if (value === '' || value === null) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}
export function isOn(value: unknown): boolean {
  return value === true || value === 1;
}
