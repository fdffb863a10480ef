import type { ErrorCatalogue } from '@agendo/contract';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useLang } from '../i18n/use-t.ts';
import { errorText } from './error-text.ts';
import { showApiError } from './form-errors.ts';

/** A check of the contract's rules/ (zod-free): the values to send, or a code per field. */
export type FormCheck<F extends string, V> =
  | { ok: true; values: V }
  | { ok: false; errors: Partial<Record<F, string>> };

/**
 * A small form of text fields for the public pages (issue 13): what use-action-form does with
 * react-hook-form and the action's zod schema (~35 kB gzip together), done with a zod-free check
 * from the contract's rules/ and the action's catalogue. Same behaviour for the person: nothing
 * is sent while a field is wrong, each field shows its code's text in the page's language, the
 * first wrong field takes the focus, errors are checked again as the person types once they
 * tried to send, and a rejected call's message goes under the field the server names (focused)
 * or into a toast.
 */
export function useCheckedForm<F extends string, V>(options: {
  errors: ErrorCatalogue;
  defaultValues: Record<F, string>;
  check: (values: Record<F, string>) => FormCheck<F, V>;
}) {
  const lang = useLang();
  const [values, setValues] = useState(options.defaultValues);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [tried, setTried] = useState(false);
  const inputs = useRef(new Map<F, HTMLInputElement | HTMLTextAreaElement>());
  const fields = Object.keys(options.defaultValues) as F[];
  const action = { errors: options.errors };

  const focus = (name: F) => inputs.current.get(name)?.focus();

  /** Props for a Mantine input or textarea: name, value, onChange, ref and its error text. */
  function field(name: F) {
    return {
      name,
      value: values[name],
      error: errorText(action, errors[name], lang),
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        if (element) inputs.current.set(name, element);
        else inputs.current.delete(name);
      },
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const next = { ...values, [name]: event.currentTarget.value };
        setValues(next);
        if (!tried) return;
        const result = options.check(next);
        setErrors((current) => ({ ...current, [name]: result.ok ? undefined : result.errors[name] }));
      },
    };
  }

  /** The form's submit handler: runs `work` with the checked values and reports a failed call. */
  function submit(work: (values: V) => Promise<unknown>) {
    return async (event: FormEvent) => {
      event.preventDefault();
      if (submitting) return;
      setTried(true);
      const result = options.check(values);
      if (!result.ok) {
        setErrors(result.errors);
        const first = fields.find((name) => result.errors[name]);
        if (first) focus(first);
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await work(result.values);
      } catch (error) {
        showApiError(
          action,
          error,
          lang,
          {
            setError: (name: F, { message }, { shouldFocus }) => {
              setErrors((current) => ({ ...current, [name]: message }));
              if (shouldFocus) focus(name);
            },
          },
          fields,
        );
      } finally {
        setSubmitting(false);
      }
    };
  }

  /** Back to the default values, errors cleared (after a successful send). */
  function reset() {
    setValues(options.defaultValues);
    setErrors({});
    setTried(false);
  }

  return { field, submit, submitting, reset };
}
