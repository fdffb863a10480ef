import {
  type AllergyItem,
  allergySeverities,
  type BackgroundItem,
  backgroundTypes,
  type ChiefComplaintItem,
  type ConsentItem,
  consentSigners,
  consentTypes,
  type MedicalSessionItem,
  otherStudyType,
  type StudyItem,
  studyTypeGroups,
  type TreatmentItem,
  treatmentStatuses,
  type VaccineItem,
  vaccineStages,
} from '@agendo/contract';
import * as clinicalActions from '@agendo/contract/clinical';
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTexts } from '../../../i18n/use-texts.ts';
import { call } from '../../../lib/api.ts';
import { useActionForm } from '../../../lib/use-action-form.ts';
import { CiePicker } from './cie-picker.tsx';
import { clinicalTexts } from './clinical-texts.ts';
import { FileField } from './file-field.tsx';

export interface FormProps<Item> {
  consId: string;
  /** null creates; an item edits it (spec 001 §4: a ref set means edit). */
  item: Item | null;
  onSaved(edited: boolean): void;
  onCancel(): void;
}

const options = <V extends number>(list: readonly { value: V; label: string }[]) =>
  list.map((o) => ({ value: String(o.value), label: o.label }));
const grouped = (groups: readonly { group: string; items: readonly string[] }[]) =>
  groups.map((g) => ({ group: g.group, items: [...g.items] }));

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

function FormShell({ onSubmit, children }: { onSubmit(): void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="sm">{children}</Stack>
    </form>
  );
}

export function BackgroundForm({
  consId,
  item,
  onSaved,
  onCancel,
  type,
}: FormProps<BackgroundItem> & { type: 1 | 2 }) {
  const tx = useTexts(clinicalTexts);
  const { form, fieldError, submit, submitting } = useActionForm(clinicalActions.savePersonalBackground, {
    defaultValues: {
      consId,
      ref: item?.id ?? null,
      backgroundType: item?.type ?? type,
      description: item?.description ?? '',
      cie10Code: item?.cie10Code ?? null,
    },
  });
  const [cie, setCie] = useState(
    item?.cie10Code ? [{ cie10Code: item.cie10Code, cie10Description: item.cie10Description ?? '' }] : [],
  );
  const onSubmit = submit(async (values) => {
    await call('save-personal-background', values);
    onSaved(item !== null);
  });
  return (
    <FormShell onSubmit={onSubmit}>
      <Controller
        control={form.control}
        name="backgroundType"
        render={({ field }) => (
          <Select
            label={tx('backgroundType')}
            data={options(backgroundTypes)}
            value={field.value === undefined ? null : String(field.value)}
            onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
            error={fieldError('backgroundType')}
            allowDeselect={false}
          />
        )}
      />
      <CiePicker
        label={tx('cieLabelOptional')}
        value={cie}
        onChange={(next) => {
          setCie(next);
          form.setValue('cie10Code', next[0]?.cie10Code ?? null);
        }}
        error={fieldError('cie10Code')}
      />
      <Textarea
        label={tx('description')}
        autosize
        minRows={3}
        {...form.register('description')}
        error={fieldError('description')}
      />
      <Actions submitting={submitting} onCancel={onCancel} />
    </FormShell>
  );
}

export function ComplaintForm({ consId, item, onSaved, onCancel }: FormProps<ChiefComplaintItem>) {
  const tx = useTexts(clinicalTexts);
  const { form, fieldError, submit, submitting } = useActionForm(clinicalActions.saveChiefComplaint, {
    defaultValues: { consId, ref: item?.id ?? null, description: item?.description ?? '' },
  });
  const onSubmit = submit(async (values) => {
    await call('save-chief-complaint', values);
    onSaved(item !== null);
  });
  return (
    <FormShell onSubmit={onSubmit}>
      <Textarea
        label={tx('reason')}
        autosize
        minRows={4}
        {...form.register('description')}
        error={fieldError('description')}
      />
      <Actions submitting={submitting} onCancel={onCancel} />
    </FormShell>
  );
}

export function SessionForm({ consId, item, onSaved, onCancel }: FormProps<MedicalSessionItem>) {
  const tx = useTexts(clinicalTexts);
  const { form, fieldError, submit, submitting } = useActionForm(clinicalActions.saveMedicalSessions, {
    defaultValues: {
      consId,
      ref: item?.id ?? null,
      description: item?.description ?? '',
      cie10Code: item?.cieCodes ?? [],
    },
  });
  const onSubmit = submit(async (values) => {
    await call('save-medical-sessions', values);
    onSaved(item !== null);
  });
  return (
    <FormShell onSubmit={onSubmit}>
      <Controller
        control={form.control}
        name="cie10Code"
        render={({ field }) => (
          <CiePicker
            multiple
            label={tx('cieLabel')}
            value={(field.value ?? []).map((c) => ({
              cie10Code: c.cie10Code,
              cie10Description: c.cie10Description ?? '',
            }))}
            onChange={field.onChange}
            error={fieldError('cie10Code')}
          />
        )}
      />
      <Textarea
        label={tx('detail')}
        autosize
        minRows={4}
        {...form.register('description')}
        error={fieldError('description')}
      />
      <Actions submitting={submitting} onCancel={onCancel} />
    </FormShell>
  );
}

const knownStudyTypes = new Set(studyTypeGroups.flatMap((g) => g.items));

export function StudyForm({ consId, item, onSaved, onCancel }: FormProps<StudyItem>) {
  const tx = useTexts(clinicalTexts);
  const { form, fieldError, submit, submitting } = useActionForm(clinicalActions.saveMedicalStudies, {
    defaultValues: {
      consId,
      ref: item?.id ?? null,
      studyType: item?.studyType ?? '',
      studyDate: item?.dateNoFormat ?? '',
      description: item?.description ?? '',
      files: item?.files ?? [],
    },
  });
  const [choice, setChoice] = useState<string | null>(
    item ? (knownStudyTypes.has(item.studyType) ? item.studyType : otherStudyType) : null,
  );
  const [files, setFiles] = useState(item?.files ?? []);
  const onSubmit = submit(async (values) => {
    await call('save-medical-studies', values);
    onSaved(item !== null);
  });
  return (
    <FormShell onSubmit={onSubmit}>
      <Select
        label={tx('studyType')}
        data={grouped(studyTypeGroups)}
        value={choice}
        searchable
        onChange={(v) => {
          setChoice(v);
          form.setValue('studyType', v === otherStudyType ? '' : (v ?? ''));
        }}
        error={choice === otherStudyType ? undefined : fieldError('studyType')}
        data-field="studyType"
      />
      {choice === otherStudyType && (
        <TextInput
          label={tx('studyTypeOther')}
          {...form.register('studyType')}
          error={fieldError('studyType')}
        />
      )}
      <TextInput
        type="date"
        label={tx('studyDate')}
        {...form.register('studyDate')}
        error={fieldError('studyDate')}
      />
      <FileField
        area="study"
        consId={consId}
        value={files}
        onChange={(next) => {
          setFiles(next);
          form.setValue('files', next);
        }}
        error={fieldError('files')}
      />
      {/* spec 001 §5: the server requires the study's details (E4), so the label must not say optional. */}
      <Textarea
        label={tx('studyDetails')}
        withAsterisk
        aria-required
        autosize
        minRows={3}
        {...form.register('description')}
        error={fieldError('description')}
      />
      <Actions submitting={submitting} onCancel={onCancel} />
    </FormShell>
  );
}

export function TreatmentForm({ consId, item, onSaved, onCancel }: FormProps<TreatmentItem>) {
  const tx = useTexts(clinicalTexts);
  const { form, fieldError, submit, submitting } = useActionForm(clinicalActions.saveMedicalTreatments, {
    defaultValues: {
      consId,
      ref: item?.id ?? null,
      treatmentName: item?.treatmentName ?? '',
      treatmentDose: item?.treatmentDose ?? '',
      startDate: item?.startDateNoFormat ?? '',
      endDate: item?.endDateNoFormat ?? '',
      status: item?.status ?? 1,
      description: item?.description ?? '',
      cie10Code: item?.cieCodes ?? [],
      files: item?.files ?? [],
    },
  });
  const [files, setFiles] = useState(item?.files ?? []);
  const onSubmit = submit(async (values) => {
    await call('save-medical-treatments', values);
    onSaved(item !== null);
  });
  return (
    <FormShell onSubmit={onSubmit}>
      <TextInput
        label={tx('treatmentName')}
        {...form.register('treatmentName')}
        error={fieldError('treatmentName')}
      />
      <TextInput
        label={tx('treatmentDose')}
        {...form.register('treatmentDose')}
        error={fieldError('treatmentDose')}
      />
      <Group grow align="flex-start">
        <TextInput
          type="date"
          label={tx('startDate')}
          {...form.register('startDate')}
          error={fieldError('startDate')}
        />
        <TextInput
          type="date"
          label={tx('endDate')}
          {...form.register('endDate')}
          error={fieldError('endDate')}
        />
      </Group>
      <Controller
        control={form.control}
        name="status"
        render={({ field }) => (
          <Select
            label={tx('status')}
            data={options(treatmentStatuses)}
            value={field.value === undefined ? '1' : String(field.value)}
            onChange={(v) => field.onChange(Number(v ?? 1))}
            allowDeselect={false}
            error={fieldError('status')}
          />
        )}
      />
      <Controller
        control={form.control}
        name="cie10Code"
        render={({ field }) => (
          <CiePicker
            multiple
            label={tx('cieLabel')}
            value={(field.value ?? []).map((c) => ({
              cie10Code: c.cie10Code,
              cie10Description: c.cie10Description ?? '',
            }))}
            onChange={field.onChange}
            error={fieldError('cie10Code')}
          />
        )}
      />
      <Textarea
        label={tx('observations')}
        autosize
        minRows={3}
        {...form.register('description')}
        error={fieldError('description')}
      />
      <FileField
        area="treatment"
        consId={consId}
        value={files}
        onChange={(next) => {
          setFiles(next);
          form.setValue('files', next);
        }}
        error={fieldError('files')}
      />
      <Actions submitting={submitting} onCancel={onCancel} />
    </FormShell>
  );
}

export function ConsentForm({ consId, item, onSaved, onCancel }: FormProps<ConsentItem>) {
  const tx = useTexts(clinicalTexts);
  const { form, fieldError, submit, submitting } = useActionForm(clinicalActions.saveMedicalConsent, {
    defaultValues: {
      consId,
      ref: item?.id ?? null,
      studyType: item?.studyType ?? '',
      studyDate: item?.dateNoFormat ?? '',
      signedBy: item?.signedBy,
      files: item?.files ?? [],
    },
  });
  const [files, setFiles] = useState(item?.files ?? []);
  const onSubmit = submit(async (values) => {
    await call('save-medical-consent', values);
    onSaved(item !== null);
  });
  return (
    <FormShell onSubmit={onSubmit}>
      <Controller
        control={form.control}
        name="studyType"
        render={({ field }) => (
          <Select
            label={tx('consentType')}
            data={[...new Set([...consentTypes, ...(field.value ? [field.value] : [])])]}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            error={fieldError('studyType')}
          />
        )}
      />
      <TextInput
        type="date"
        label={tx('consentDate')}
        {...form.register('studyDate')}
        error={fieldError('studyDate')}
      />
      <Controller
        control={form.control}
        name="signedBy"
        render={({ field }) => (
          <Select
            label={tx('signedBy')}
            data={options(consentSigners)}
            value={field.value === undefined || field.value === null ? null : String(field.value)}
            onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
            error={fieldError('signedBy')}
          />
        )}
      />
      <FileField
        area="consent"
        consId={consId}
        value={files}
        onChange={(next) => {
          setFiles(next);
          form.setValue('files', next);
        }}
        error={fieldError('files')}
      />
      <Actions submitting={submitting} onCancel={onCancel} />
    </FormShell>
  );
}

export function AllergyForm({ consId, item, onSaved, onCancel }: FormProps<AllergyItem>) {
  const tx = useTexts(clinicalTexts);
  const { form, fieldError, submit, submitting } = useActionForm(clinicalActions.saveMedicalAllergies, {
    defaultValues: {
      consId,
      ref: item?.id ?? null,
      allergyName: item?.allergyName ?? '',
      severity: item?.severity,
      reaction: item?.reaction ?? '',
      description: item?.description ?? '',
      cie10Code: item?.cie10Code ?? null,
    },
  });
  const [cie, setCie] = useState(
    item?.cie10Code ? [{ cie10Code: item.cie10Code, cie10Description: item.cie10Description ?? '' }] : [],
  );
  const onSubmit = submit(async (values) => {
    await call('save-medical-allergies', values);
    onSaved(item !== null);
  });
  return (
    <FormShell onSubmit={onSubmit}>
      <TextInput
        label={tx('allergyName')}
        {...form.register('allergyName')}
        error={fieldError('allergyName')}
      />
      <Controller
        control={form.control}
        name="severity"
        render={({ field }) => (
          <Select
            label={tx('severity')}
            data={options(allergySeverities)}
            value={field.value === undefined || field.value === null ? null : String(field.value)}
            onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
            error={fieldError('severity')}
          />
        )}
      />
      <CiePicker
        label={tx('cieLabelOptional')}
        value={cie}
        onChange={(next) => {
          setCie(next);
          form.setValue('cie10Code', next[0]?.cie10Code ?? null);
        }}
        error={fieldError('cie10Code')}
      />
      {/* spec 001 §5: labelled optional although the server demands them. */}
      <Textarea
        label={tx('reaction')}
        autosize
        minRows={2}
        {...form.register('reaction')}
        error={fieldError('reaction')}
      />
      <Textarea
        label={tx('notes')}
        autosize
        minRows={2}
        {...form.register('description')}
        error={fieldError('description')}
      />
      <Actions submitting={submitting} onCancel={onCancel} />
    </FormShell>
  );
}

export function VaccineForm({ consId, item, onSaved, onCancel }: FormProps<VaccineItem>) {
  const tx = useTexts(clinicalTexts);
  const { form, fieldError, submit, submitting } = useActionForm(clinicalActions.saveMedicalVaccines, {
    defaultValues: {
      consId,
      ref: item?.id ?? null,
      vaccineName: item?.vaccineName ?? '',
      vaccineDate: item?.vaccineDateNoFormat ?? '',
      description: item?.description ?? '',
      files: item?.files ?? [],
    },
  });
  const [files, setFiles] = useState(item?.files ?? []);
  const onSubmit = submit(async (values) => {
    await call('save-medical-vaccines', values);
    onSaved(item !== null);
  });
  return (
    <FormShell onSubmit={onSubmit}>
      <Controller
        control={form.control}
        name="vaccineName"
        render={({ field }) => (
          <Select
            label={tx('vaccineName')}
            data={grouped(vaccineStages)}
            searchable
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            error={fieldError('vaccineName')}
          />
        )}
      />
      <TextInput
        type="date"
        label={tx('vaccineDate')}
        {...form.register('vaccineDate')}
        error={fieldError('vaccineDate')}
      />
      <Textarea
        label={tx('observations')}
        autosize
        minRows={3}
        {...form.register('description')}
        error={fieldError('description')}
      />
      <FileField
        area="vaccine"
        consId={consId}
        value={files}
        onChange={(next) => {
          setFiles(next);
          form.setValue('files', next);
        }}
        error={fieldError('files')}
      />
      <Actions submitting={submitting} onCancel={onCancel} />
    </FormShell>
  );
}
