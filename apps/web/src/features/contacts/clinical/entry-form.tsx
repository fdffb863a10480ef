import type { CieCode, Language, RecordFile } from '@agendo/contract';
import type { ClinicalAreaDef } from '@agendo/contract/clinical-areas';
import type {
  ChoiceField,
  ClinicalField,
  DateField,
  PickField,
  UploadArea,
} from '@agendo/contract/clinical-fields';
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type ReactElement, type ReactNode, useState } from 'react';
import { Controller, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useLang } from '../../../i18n/use-t.ts';
import { useTexts } from '../../../i18n/use-texts.ts';
import { callAction } from '../../../lib/api.ts';
import { useActionForm } from '../../../lib/use-action-form.ts';
import { CiePicker } from './cie-picker.tsx';
import { clinicalTexts } from './clinical-texts.ts';
import { FileField } from './file-field.tsx';

/** One entry of an area as its find answers it. */
export type ItemOf<A extends ClinicalAreaDef> = z.output<A['find']['output']>['results'][number];
type SaveInput = z.input<ClinicalAreaDef['save']['input']>;
type FieldName = ClinicalAreaDef['form'][number];

export interface EntryFormProps {
  area: ClinicalAreaDef;
  consId: string;
  /** null creates; an item edits it (spec 001 §4: a ref set means edit). */
  item: ItemOf<ClinicalAreaDef> | null;
  /** The entry kind a new entry starts at (the background tab's 1 personal / 2 familiar). */
  kind?: number | undefined;
  onSaved(edited: boolean): void;
  onCancel(): void;
}

/**
 * Where the find answers a field (the server's `listed` in clinical.actions.ts): the entry kind
 * as `type`, a listed date as `<name>NoFormat`, the entry date as `dateNoFormat`, CIE lists as
 * `cieCodes`.
 */
function itemKey(name: string, field: ClinicalField): string {
  if (field.kind === 'choice' && field.entryKind) return 'type';
  if (field.kind === 'date') return field.listed ? `${name}NoFormat` : 'dateNoFormat';
  if (field.kind === 'cieList') return 'cieCodes';
  return name;
}

function startOf(field: ClinicalField, saved: unknown, kind: number | undefined): unknown {
  switch (field.kind) {
    case 'choice':
      return saved ?? (field.entryKind ? kind : field.initial);
    case 'cie':
      return saved ?? null;
    case 'cieList':
    case 'files':
      return saved ?? [];
    default:
      return saved ?? '';
  }
}

/** The form's first values: the item's, or each field's start for a new entry. */
function initialValues(
  area: ClinicalAreaDef,
  item: Record<string, unknown> | null,
  consId: string,
  kind?: number,
) {
  const fields: Record<string, ClinicalField> = area.fields;
  const values = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [name, startOf(field, item?.[itemKey(name, field)], kind)]),
  );
  // Object.fromEntries cannot say which key holds which value; each comes from its field's kind.
  return { ...values, consId, ref: typeof item?.id === 'string' ? item.id : null } as SaveInput;
}

const numbered = (list: ChoiceField['options']) =>
  list.map((o) => ({ value: String(o.value), label: o.label }));
const isGrouped = (
  options: PickField['options'],
): options is Exclude<PickField['options'], readonly string[]> => options.some((o) => typeof o !== 'string');

/** A pick's options; a flat list keeps a saved name it no longer offers. */
function pickData(field: PickField, current: string) {
  const { options } = field;
  if (isGrouped(options)) return options.map((g) => ({ group: g.group, items: [...g.items] }));
  return [...new Set([...options, ...(current ? [current] : [])])];
}

const known = (field: PickField, value: string) =>
  isGrouped(field.options)
    ? field.options.some((g) => g.items.includes(value))
    : field.options.includes(value);

interface ControlProps {
  label: string;
  value: unknown;
  onChange(value: unknown): void;
  error: string | undefined;
}

function ChoiceControl({ field, label, value, onChange, error }: ControlProps & { field: ChoiceField }) {
  // A choice that starts set (the entry's kind, the treatment status) cannot be cleared.
  const fixed = field.entryKind || field.initial !== undefined;
  const shown = value ?? field.initial;
  return (
    <Select
      label={label}
      data={numbered(field.options)}
      value={shown === undefined || shown === null ? null : String(shown)}
      onChange={(v) => onChange(v === null ? field.initial : Number(v))}
      allowDeselect={!fixed}
      error={error}
    />
  );
}

/**
 * A name from the list; `other` (the study's 'Otro (especificar)') opens an input for the name,
 * and a saved name the list does not offer reopens it.
 */
function PickControl({
  name,
  field,
  label,
  value,
  onChange,
  error,
  lang,
}: ControlProps & { name: string; field: PickField; lang: Language }) {
  const current = typeof value === 'string' ? value : '';
  const { other } = field;
  const [choice, setChoice] = useState<string | null>(
    other && current ? (known(field, current) ? current : other.value) : null,
  );
  if (!other) {
    return (
      <Select
        label={label}
        data={pickData(field, current)}
        searchable={field.searchable}
        value={current || null}
        onChange={(v) => onChange(v ?? '')}
        error={error}
      />
    );
  }
  return (
    <>
      <Select
        label={label}
        data={pickData(field, current)}
        value={choice}
        searchable={field.searchable}
        onChange={(v) => {
          setChoice(v);
          onChange(v === other.value ? '' : (v ?? ''));
        }}
        error={choice === other.value ? undefined : error}
        data-field={name}
      />
      {choice === other.value && (
        <TextInput
          label={other.label[lang]}
          value={current}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
        />
      )}
    </>
  );
}

/** One CIE-10 code; the picker also shows the saved description, which the save does not send. */
function CieControl({ label, onChange, error, saved }: Omit<ControlProps, 'value'> & { saved: CieCode[] }) {
  const [picked, setPicked] = useState(saved);
  return (
    <CiePicker
      label={label}
      value={picked}
      onChange={(next) => {
        setPicked(next);
        onChange(next[0]?.cie10Code ?? null);
      }}
      error={error}
    />
  );
}

/** The files of an entry; the form sends their refs, the field shows them by name. */
function FilesControl({
  upload,
  consId,
  saved,
  onChange,
  error,
}: Omit<ControlProps, 'value' | 'label'> & { upload: UploadArea; consId: string; saved: RecordFile[] }) {
  const [files, setFiles] = useState(saved);
  return (
    <FileField
      area={upload}
      consId={consId}
      value={files}
      onChange={(next) => {
        setFiles(next);
        onChange(next);
      }}
      error={error}
    />
  );
}

/** The form's CIE-10 list as the picker shows it. */
function cieCodesOf(value: unknown): CieCode[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((c: unknown) =>
    typeof c === 'object' && c !== null && 'cie10Code' in c && typeof c.cie10Code === 'string'
      ? [
          {
            cie10Code: c.cie10Code,
            cie10Description:
              'cie10Description' in c && typeof c.cie10Description === 'string' ? c.cie10Description : '',
          },
        ]
      : [],
  );
}

function Actions({ submitting, onCancel }: { submitting: boolean; onCancel(): void }) {
  const tx = useTexts(clinicalTexts);
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        {tx('cancel')}
      </Button>
      {/* spec 001 §2.5: Guardar is disabled and shows a spinner while the request runs. */}
      <Button type="submit" loading={submitting}>
        {tx('save')}
      </Button>
    </Group>
  );
}

const dateInput = (label: string, registered: UseFormRegisterReturn, error: string | undefined) => (
  <TextInput key={registered.name} type="date" label={label} {...registered} error={error} />
);

/**
 * The new/edit form of any clinical area, built from its description in the contract: the
 * fields in the area's form order, each by its kind and with its label, validated with the
 * area's save schema and sent through its save action.
 */
export function EntryForm({ area, consId, item, kind, onSaved, onCancel }: EntryFormProps) {
  const lang = useLang();
  const { form, fieldError, submit, submitting } = useActionForm(area.save, {
    defaultValues: initialValues(area, item, consId, kind),
  });
  const onSubmit = submit(async (values) => {
    await callAction(area.save, values);
    onSaved(item !== null);
  });
  const fields: Record<string, ClinicalField> = area.fields;

  function render(name: FieldName): ReactNode {
    const field = fields[name];
    if (!field) return null;
    const error = fieldError(name);
    switch (field.kind) {
      case 'text':
        return <TextInput key={name} label={field.label[lang]} {...form.register(name)} error={error} />;
      case 'longText':
        return (
          <Textarea
            key={name}
            label={field.label[lang]}
            // spec 001 §5: the server requires it; where the spec's label does not say optional, the form marks it.
            withAsterisk={field.asterisk}
            aria-required={field.asterisk || undefined}
            autosize
            minRows={field.rows}
            {...form.register(name)}
            error={error}
          />
        );
      case 'date':
        return dateField(name, field);
      default:
        return (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field: control }) => controlled(name, field, control.value, control.onChange, error)}
          />
        );
    }
  }

  /** The fields a component edits as a whole (choices, CIE-10 codes, files). */
  function controlled(
    name: FieldName,
    field: Exclude<ClinicalField, { kind: 'text' | 'longText' | 'date' }>,
    value: unknown,
    onChange: (value: unknown) => void,
    error: string | undefined,
  ): ReactElement {
    if (field.kind === 'files') {
      const saved = item && 'files' in item ? item.files : [];
      return (
        <FilesControl upload={field.upload} consId={consId} saved={saved} onChange={onChange} error={error} />
      );
    }
    const label = field.label[lang];
    switch (field.kind) {
      case 'choice':
        return <ChoiceControl field={field} label={label} value={value} onChange={onChange} error={error} />;
      case 'pick':
        return (
          <PickControl
            name={name}
            field={field}
            lang={lang}
            label={label}
            value={value}
            onChange={onChange}
            error={error}
          />
        );
      case 'cie': {
        const saved =
          item && 'cie10Code' in item && item.cie10Code
            ? [{ cie10Code: item.cie10Code, cie10Description: item.cie10Description ?? '' }]
            : [];
        return <CieControl label={label} onChange={onChange} error={error} saved={saved} />;
      }
      case 'cieList':
        return (
          <CiePicker multiple label={label} value={cieCodesOf(value)} onChange={onChange} error={error} />
        );
    }
  }

  function dateField(name: FieldName, field: DateField): ReactNode {
    const { order } = area;
    // A span's two dates (the treatment's start and end) sit side by side.
    if (order?.to === name) return null;
    const input = dateInput(field.label[lang], form.register(name), fieldError(name));
    const end = order?.from === name ? fields[order.to] : undefined;
    if (!order || end?.kind !== 'date') return input;
    return (
      <Group key={name} grow align="flex-start">
        {input}
        {dateInput(end.label[lang], form.register(order.to), fieldError(order.to))}
      </Group>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">
        {area.form.map(render)}
        <Actions submitting={submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
