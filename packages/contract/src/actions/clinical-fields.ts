import { z } from 'zod';
import type { ErrorCatalogue } from '../action.ts';
import { action, ok, okOnly } from '../action.ts';
import type { Labelled, OptionGroup } from '../constants/clinical.ts';
import { Ref, TimeZone } from './fields.ts';

// The vocabulary the nine clinical areas are described with (spec 001 §2.5, §3, §5, §7): each
// field says once how it is validated (its zod schema, with the area's codes), what the form
// calls it and which control edits it. The contract's actions, the server's handlers and the
// web's entry form (entry-form.tsx) are all built from the descriptions in clinical-areas.ts.

const refPattern = /^[A-Za-z0-9_-]{8,64}$/;
const ciePattern = /^[A-Za-z]\d{2}(\.?\d)?$/;

/** A label in both languages of the interface (es verbatim from the spec where it names one). */
export interface Label {
  es: string;
  en: string;
}

/** A date typed as YYYY-MM-DD: a real calendar day from 1900 up to ten years ahead. */
function isPlausibleDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return y >= 1900 && y <= new Date().getUTCFullYear() + 10;
}

function isoDate(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, invalid)
    .refine(isPlausibleDate, invalid);
}

function requiredText(required: string, tooLong: string, max: number) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong);
}

/**
 * One of the numbered choices of spec 001 §3, sent as a number or a numeric string. Each branch
 * carries the code too: the web's form resolver shows a failed union by one branch's message.
 */
function numbered<const V extends number>(values: readonly V[], code: string) {
  return z
    .union([z.number({ error: code }), z.string({ error: code })], { error: code })
    .transform((raw) => Number(raw))
    .refine((n): n is V => (values as readonly number[]).includes(n), code)
    .transform((n) => n as V);
}

// ——— The fields ———

/** A one-line text (treatment name, dose, allergy). */
export function text(label: Label, codes: { required: string; tooLong: string }, max: number) {
  return { kind: 'text' as const, label, schema: requiredText(codes.required, codes.tooLong, max) };
}

/**
 * A paragraph of `rows` lines. `asterisk`: the server requires it (every one does) and the form
 * says so; spec 001 §5 has the allergy's reaction and notes labelled optional all the same.
 */
export function longText(
  label: Label,
  codes: { required: string; tooLong: string },
  options: { rows: number; asterisk?: boolean },
) {
  return {
    kind: 'longText' as const,
    label,
    rows: options.rows,
    asterisk: options.asterisk ?? false,
    schema: requiredText(codes.required, codes.tooLong, 5000),
  };
}

/**
 * A day (YYYY-MM-DD). `entryDate`: it is the entry's clinical date, which orders the list and
 * answers as `date`/`dateNoFormat`; `listed`: the item also answers it as `<name>` (dd/MM/yyyy)
 * and `<name>NoFormat`.
 */
export function date(
  label: Label,
  codes: { required: string; invalid: string },
  options: { entryDate?: boolean; listed?: boolean } = {},
) {
  return {
    kind: 'date' as const,
    label,
    entryDate: options.entryDate ?? false,
    listed: options.listed ?? false,
    schema: isoDate(codes.required, codes.invalid),
  };
}

/** A choice a new entry starts empty at. */
function noInitial<V>(): V | undefined {
  return undefined;
}

/**
 * One of a numbered list (severity, signer, background type). `entryKind`: it is the entry's
 * kind (the background's 1 personal / 2 familiar), kept as such and answered as `type`.
 */
export function choice<const V extends number>(
  label: Label,
  options: readonly Labelled<V>[],
  code: string,
  extra: { entryKind?: boolean } = {},
) {
  const schema = numbered(
    options.map((o) => o.value),
    code,
  );
  return {
    kind: 'choice' as const,
    label,
    options,
    initial: noInitial<V>(),
    entryKind: extra.entryKind ?? false,
    schema,
  };
}

/** A numbered choice that a new entry starts at, and that a save without it takes (treatment status). */
export function choiceFrom<const V extends number>(
  label: Label,
  options: readonly Labelled<V>[],
  code: string,
  initial: V,
) {
  const field = choice(label, options, code);
  return { ...field, initial, schema: field.schema.optional().transform((v) => v ?? initial) };
}

/**
 * A name picked from a list (study, consent and vaccine types), at most 250 characters.
 * `other`: the choice that lets the name be typed, and the label of that input.
 */
export function pick(
  label: Label,
  options: readonly string[] | readonly OptionGroup[],
  codes: { required: string; tooLong: string },
  extra: { searchable?: boolean; other?: { value: string; label: Label } } = {},
) {
  return {
    kind: 'pick' as const,
    label,
    options,
    searchable: extra.searchable ?? false,
    other: extra.other,
    schema: requiredText(codes.required, codes.tooLong, 250),
  };
}

/** A single optional CIE-10 code; '' or null means none. Existence is checked on the server. */
export function cie(label: Label, code: string) {
  return {
    kind: 'cie' as const,
    label,
    code,
    schema: z
      .string({ error: code })
      .trim()
      .max(12, code)
      .regex(/^$|^[A-Za-z]\d{2}(\.?\d)?$/, code)
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null)),
  };
}

/** A list of CIE-10 codes (sessions, treatments), answered as `cieCodes`; each must exist. */
export function cieList(label: Label, code: string) {
  return {
    kind: 'cieList' as const,
    label,
    code,
    schema: z
      .array(
        z.object({
          cie10Code: z.string({ error: code }).trim().regex(ciePattern, code),
          cie10Description: z.string({ error: code }).max(1000, code).optional(),
        }),
        { error: code },
      )
      .max(30, code)
      .default([]),
  };
}

/** The areas whose entries carry files, each with its own upload endpoint. */
export type UploadArea = 'study' | 'treatment' | 'consent' | 'vaccine';

/**
 * Refs of files uploaded before for this contact (spec 001 §7: files as id, type, baselink,
 * link). `notOwned` answers a file that is not this contact's upload.
 */
export function files(upload: UploadArea, codes: { required: string; invalid: string; notOwned: string }) {
  return {
    kind: 'files' as const,
    upload,
    notOwned: codes.notOwned,
    schema: z
      .array(z.object({ id: z.string({ error: codes.invalid }).regex(refPattern, codes.invalid) }), {
        error: codes.required,
      })
      .min(1, codes.required)
      .max(50, codes.invalid),
  };
}

export type TextField = ReturnType<typeof text>;
export type LongTextField = ReturnType<typeof longText>;
export type DateField = ReturnType<typeof date>;
export type ChoiceField = ReturnType<typeof choice<number>> | ReturnType<typeof choiceFrom<number>>;
export type PickField = ReturnType<typeof pick>;
export type CieField = ReturnType<typeof cie>;
export type CieListField = ReturnType<typeof cieList>;
export type FilesField = ReturnType<typeof files>;
export type ClinicalField =
  | TextField
  | LongTextField
  | DateField
  | ChoiceField
  | PickField
  | CieField
  | CieListField
  | FilesField;

// ——— The areas ———

/** Where an area's entries are kept and audited (clinical_entries.area, audit_events.area). */
export type ClinicalAreaKey =
  | 'background'
  | 'complaint'
  | 'session'
  | 'study'
  | 'treatment'
  | 'consent'
  | 'allergy'
  | 'vaccine';

export const notFound = {
  E90: { es: 'No encontramos al consultante.', en: 'Contact not found.', field: 'consId' },
  E91: { es: 'No encontramos el registro.', en: 'Entry not found.' },
} satisfies ErrorCatalogue;

const findInput = z.object({
  consId: Ref,
  next: z.coerce.number({ error: 'E1' }).int('E1').min(0, 'E1').max(1_000_000, 'E1').default(0),
  timezone: TimeZone.optional(),
});

const saveBase = {
  consId: Ref,
  ref: z
    .string({ error: 'E91' })
    .regex(/^$|^[A-Za-z0-9_-]{8,64}$/, 'E91')
    .nullish()
    .transform((v) => v || null),
};

type Fields = Record<string, ClinicalField>;
type SchemasOf<F extends Fields> = { [K in keyof F]: F[K]['schema'] };

/** The zod shape of a set of fields (Object.fromEntries cannot say which key holds which schema). */
function schemasOf<F extends Fields>(fields: F): SchemasOf<F> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, field.schema]),
  ) as SchemasOf<F>;
}

/** The end of a span (a treatment's end date) may not come before its start. */
export interface Order {
  from: string;
  to: string;
  code: string;
}

/**
 * One clinical area: its find/save/delete actions (spec 001 §7 table), built from its fields.
 * Every find carries consId and next (offset, steps of 100); every save consId and ref (empty
 * creates, set edits); every delete ref. profName is never read from the client: the server
 * records the professional's full name (§6).
 */
export function clinicalArea<
  const Find extends string,
  const Save extends string,
  const Delete extends string,
  const F extends Fields,
  Item extends z.ZodObject,
  FindShape extends z.ZodRawShape,
>(spec: {
  key: ClinicalAreaKey;
  names: { find: Find; save: Save; delete: Delete };
  fields: F;
  /** The order the entry form shows the fields in (the schema's order decides which error answers first). */
  form: readonly (keyof F & string)[];
  errors: ErrorCatalogue;
  item: Item;
  /** What a find takes beyond consId and next (the background's type, the allergy's legacy type). */
  findExtra: FindShape;
  order?: Order & { from: keyof F & string; to: keyof F & string };
}) {
  const order = spec.order;
  const saveInput = z.object({ ...saveBase, ...schemasOf(spec.fields) }).refine(
    (values: Record<string, unknown>) => {
      if (!order) return true;
      const [from, to] = [values[order.from], values[order.to]];
      return typeof from !== 'string' || typeof to !== 'string' || to >= from;
    },
    { message: order?.code ?? 'E1', path: [order?.to ?? 'ref'] },
  );
  return {
    key: spec.key,
    fields: spec.fields,
    form: spec.form,
    /** The span whose two dates the form shows side by side. */
    order: spec.order,
    find: action(spec.names.find, {
      input: findInput.extend(spec.findExtra),
      output: ok({ results: z.array(spec.item), hasMore: z.boolean() }),
      errors: notFound,
    }),
    save: action(spec.names.save, {
      input: saveInput,
      output: ok({ ref: z.string() }),
      errors: { ...notFound, ...spec.errors },
    }),
    remove: action(spec.names.delete, { input: z.object({ ref: Ref }), output: okOnly, errors: notFound }),
  };
}
