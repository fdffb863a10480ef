import { type ActionDef, describeError, type Language } from '@agendo/contract';
import { notifications } from '@mantine/notifications';
import { ApiError } from './api.ts';
import { errorText } from './error-text.ts';

/** The server's text is Spanish; other languages take the catalogue's text for the same code. */
export function apiErrorText(action: Pick<ActionDef, 'errors'>, error: unknown, lang: Language): string {
  if (error instanceof ApiError) {
    if (lang === 'es' || error.isNetwork) return error.message;
    return errorText(action, error.code, lang) ?? error.message;
  }
  return describeError(undefined, 'E500')?.[lang] ?? '';
}

/** Where a field's error goes: react-hook-form's `setError`, or use-checked-form's. */
export interface ErrorTarget<N extends string> {
  setError(name: N, error: { type: string; message: string }, options: { shouldFocus: boolean }): void;
}

/**
 * Shows a failed call where the person will look: under the field the server names (and
 * focuses it), otherwise as a red toast. Network failures already raised their own toast.
 */
export function showApiError<N extends string>(
  action: Pick<ActionDef, 'errors'>,
  error: unknown,
  lang: Language,
  form?: ErrorTarget<N>,
  fields: readonly N[] = [],
): void {
  if (error instanceof ApiError && error.isNetwork) return;
  const message = apiErrorText(action, error, lang);
  const field = error instanceof ApiError ? (error.field as N | undefined) : undefined;
  if (form && field && fields.includes(field)) {
    form.setError(field, { type: 'server', message }, { shouldFocus: true });
    return;
  }
  notifications.show({ color: 'red', message });
}
