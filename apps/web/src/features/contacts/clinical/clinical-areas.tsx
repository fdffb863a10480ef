import {
  allergySeverities,
  type CieCode,
  consentSigners,
  labelOf,
  type RecordFile,
  treatmentStatuses,
} from '@agendo/contract';
import * as areas from '@agendo/contract/clinical-areas';
import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ItemOf } from './entry-form.tsx';
import { RecordFileChip } from './record-file-view.tsx';

export type AreaKey =
  | 'complaint'
  | 'session'
  | 'study'
  | 'treatment'
  | 'consent'
  | 'allergy'
  | 'backgroundPersonal'
  | 'backgroundFamily'
  | 'vaccine';

type Line = (
  key:
    | 'severityLine'
    | 'reactionLine'
    | 'notesLine'
    | 'signedByLine'
    | 'startLine'
    | 'endLine'
    | 'professional',
  vars: Record<string, string>,
) => string;

/**
 * One tab of the clinical history (spec 001 §2.5) and its texts (§8, verbatim where given); its
 * actions and entry form come from the area's description in the contract.
 */
export interface AreaConfig<A extends areas.ClinicalAreaDef> {
  key: AreaKey;
  area: A;
  /** The entry kind the tab lists and a new entry takes (the background's 1 personal / 2 familiar). */
  kind?: 1 | 2;
  heading: string;
  add: string;
  newTitle: string;
  editTitle: string;
  empty: string;
  confirmDelete: string;
  toast: { created: string; updated: string; deleted: string };
  card(item: ItemOf<A>, line: Line): ReactNode;
}

function CieLine({ codes }: { codes: CieCode[] }) {
  if (codes.length === 0) return null;
  return (
    <Group gap={4}>
      {codes.map((c) => (
        <Badge key={c.cie10Code} variant="light" style={{ textTransform: 'none' }} maw="100%">
          {c.cie10Code} {c.cie10Description}
        </Badge>
      ))}
    </Group>
  );
}

function Files({ files }: { files: RecordFile[] }) {
  if (files.length === 0) return null;
  return (
    <Group gap="xs">
      {files.map((f) => (
        <RecordFileChip key={f.id} file={f} />
      ))}
    </Group>
  );
}

const para = (text: string) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
    {text}
  </Text>
);
const dateLine = (date: string) => (
  <Text size="sm" fw={600}>
    {date}
  </Text>
);
const single = (code: string | null, title: string | null) =>
  code ? [{ cie10Code: code, cie10Description: title ?? '' }] : [];

/**
 * The form's titles and the toasts of an area whose entry is one `noun` of grammatical `gender`:
 * spec 001 §8 says them all the same way ('Nueva Consulta', 'Estudio agregado').
 */
function entryWords(noun: string, gender: 'm' | 'f') {
  const o = gender === 'm' ? 'o' : 'a';
  return {
    newTitle: `Nuev${o} ${noun}`,
    editTitle: `Editar ${noun}`,
    toast: {
      created: `${noun} agregad${o}`,
      updated: `${noun} actualizad${o}`,
      deleted: `${noun} eliminad${o}`,
    },
  };
}

function background(type: 1 | 2): AreaConfig<typeof areas.background> {
  return {
    key: type === 1 ? 'backgroundPersonal' : 'backgroundFamily',
    area: areas.background,
    kind: type,
    heading: type === 1 ? 'Antecedentes personales' : 'Antecedentes familiares',
    add: 'Agregar antecedente',
    ...entryWords('Antecedente', 'm'),
    empty:
      type === 1
        ? 'No existen antecedentes personales cargados.'
        : 'No existen antecedentes familiares cargados.',
    confirmDelete: 'Estás por borrar un antecedente. ¿Deseás continuar?',
    card: (item) => (
      <>
        {dateLine(item.date)}
        {para(item.description)}
        <CieLine codes={single(item.cie10Code, item.cie10Description)} />
      </>
    ),
  };
}

const complaint: AreaConfig<typeof areas.complaint> = {
  key: 'complaint',
  area: areas.complaint,
  heading: 'Motivo de consulta',
  add: 'Agregar motivo',
  newTitle: 'Nuevo Motivo de consulta',
  editTitle: 'Editar Motivo de consulta',
  empty: 'No existen motivos de consulta cargados.',
  confirmDelete: 'Estás por borrar un motivo de la consulta. ¿Deseás continuar?',
  toast: { created: 'Motivo agregado', updated: 'Motivo actualizado', deleted: 'Motivo eliminado' },
  card: (item) => (
    <>
      {dateLine(item.date)}
      {para(item.description)}
    </>
  ),
};

const session: AreaConfig<typeof areas.session> = {
  key: 'session',
  area: areas.session,
  heading: 'Consulta y evolución',
  add: 'Agregar consulta',
  ...entryWords('Consulta', 'f'),
  empty: 'No existen consultas cargadas.',
  confirmDelete: 'Estás por borrar una consulta. ¿Deseás continuar?',
  card: (item) => (
    <>
      {dateLine(item.date)}
      <CieLine codes={item.cieCodes} />
      {para(item.description)}
    </>
  ),
};

const study: AreaConfig<typeof areas.study> = {
  key: 'study',
  area: areas.study,
  heading: 'Estudios',
  add: 'Agregar estudio',
  ...entryWords('Estudio', 'm'),
  empty: 'No existen Estudios cargados.',
  confirmDelete: 'Estás por borrar un estudio. ¿Deseás continuar?',
  card: (item) => (
    <>
      {dateLine(`${item.date} · ${item.studyType}`)}
      {para(item.description)}
      <Files files={item.files} />
    </>
  ),
};

const treatment: AreaConfig<typeof areas.treatment> = {
  key: 'treatment',
  area: areas.treatment,
  heading: 'Tratamientos',
  add: 'Agregar tratamiento',
  ...entryWords('Tratamiento', 'm'),
  empty: 'No existen Tratamientos cargados.',
  confirmDelete: 'Estás por borrar un Tratamiento. ¿Deseás continuar?',
  card: (item, line) => (
    <>
      <Group gap="xs">
        <Badge variant="outline" color={item.status === 1 ? 'teal' : 'gray'}>
          {labelOf(treatmentStatuses, item.status)}
        </Badge>
        {/* spec 001 §3: the status line shows Inicio, plus Fin when the status is 3. */}
        <Text size="sm" fw={600}>
          {line('startLine', { date: item.startDate })}
          {item.status === 3 ? ` · ${line('endLine', { date: item.endDate })}` : ''}
        </Text>
      </Group>
      <Text fw={600}>{item.treatmentName}</Text>
      <Text size="sm">{item.treatmentDose}</Text>
      <CieLine codes={item.cieCodes} />
      {para(item.description)}
      <Files files={item.files} />
    </>
  ),
};

const consent: AreaConfig<typeof areas.consent> = {
  key: 'consent',
  area: areas.consent,
  heading: 'Consentimientos',
  add: 'Agregar consentimiento',
  ...entryWords('Consentimiento', 'm'),
  empty: 'No existen Consentimientos cargados.',
  confirmDelete: 'Estás por borrar un Consentimiento. ¿Deseás continuar?',
  card: (item, line) => (
    <>
      {dateLine(item.date)}
      <Text fw={600}>{item.studyType}</Text>
      <Text size="sm">{line('signedByLine', { value: labelOf(consentSigners, item.signedBy) })}</Text>
      <Files files={item.files} />
    </>
  ),
};

const allergy: AreaConfig<typeof areas.allergy> = {
  key: 'allergy',
  area: areas.allergy,
  heading: 'Alergias',
  add: 'Agregar alergia',
  ...entryWords('Alergia', 'f'),
  empty: 'No existen Alergias cargadas.',
  confirmDelete: 'Estás por borrar una alergia. ¿Deseás continuar?',
  // spec 001 §8: allergies reuse 'Antecedente agregado/actualizado' and say 'Alergia eliminada'.
  toast: {
    created: 'Antecedente agregado',
    updated: 'Antecedente actualizado',
    deleted: 'Alergia eliminada',
  },
  card: (item, line) => (
    <>
      <Group gap="xs">
        <Text fw={600}>{item.allergyName}</Text>
        <Badge variant="light" color={item.severity === 3 ? 'red' : item.severity === 2 ? 'orange' : 'gray'}>
          {line('severityLine', { value: labelOf(allergySeverities, item.severity) })}
        </Badge>
      </Group>
      <CieLine codes={single(item.cie10Code, item.cie10Description)} />
      <Text size="sm">{line('reactionLine', { value: item.reaction })}</Text>
      <Text size="sm">{line('notesLine', { value: item.description })}</Text>
    </>
  ),
};

const vaccine: AreaConfig<typeof areas.vaccine> = {
  key: 'vaccine',
  area: areas.vaccine,
  heading: 'Vacunas',
  add: 'Agregar vacuna',
  ...entryWords('Vacuna', 'f'),
  empty: 'No existen vacunas cargadas.',
  confirmDelete: 'Estás por borrar una vacuna. ¿Deseás continuar?',
  card: (item) => (
    <>
      {dateLine(`${item.vaccineDate} · ${item.vaccineName}`)}
      {para(item.description)}
      <Files files={item.files} />
    </>
  ),
};

export type AnyArea = AreaConfig<areas.ClinicalAreaDef>;

/** spec 001 §2.5: the side menu's order; Motivo de consulta is the default tab. */
export const clinicalAreas: readonly AnyArea[] = [
  complaint,
  session,
  study,
  treatment,
  consent,
  allergy,
  background(1),
  background(2),
  vaccine,
];
