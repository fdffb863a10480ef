import type { ActionDef } from '@agendo/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, get, type Path, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLang } from '../i18n/use-t.ts';
import { errorText } from './error-text.ts';
import { showApiError } from './form-errors.ts';

type FormSchema = z.ZodObject<z.ZodRawShape>;

/**
 * A form over one action of the contract: it validates with the action's own schema (or a
 * subset of it), shows each code's text from the action's catalogue, and puts a rejected
 * call's message under the field the server names, or in a toast.
 */
export function useActionForm<D extends ActionDef, S extends FormSchema = Extract<D['input'], FormSchema>>(
  action: D,
  options: { schema?: S; defaultValues: DefaultValues<z.input<S>> },
) {
  const lang = useLang();
  const schema = (options.schema ?? action.input) as S;
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues: options.defaultValues,
  });
  const fields = Object.keys(schema.shape) as Path<z.input<S>>[];

  /** The text to show under a field, in the page's language. */
  function fieldError(name: Path<z.input<S>>): string | undefined {
    const message = (get(form.formState.errors, name) as { message?: unknown } | undefined)?.message;
    return errorText(action, typeof message === 'string' ? message : undefined, lang);
  }

  /** The form's submit handler: runs `work` with the parsed values and reports a failed call. */
  function submit(work: (values: z.output<S>) => Promise<unknown>) {
    return form.handleSubmit(async (values) => {
      try {
        await work(values);
      } catch (error) {
        showApiError(action, error, lang, form, fields);
      }
    });
  }

  return { form, fieldError, submit, submitting: form.formState.isSubmitting };
}
