import type * as catalogueActions from '@agendo/contract/catalogue';
import type { useActionForm } from '../../lib/use-action-form.ts';

export type EditorForm = ReturnType<typeof useActionForm<typeof catalogueActions.savePublish>>;

export function isOn(value: unknown): boolean {
  return value === true || value === 1;
}
