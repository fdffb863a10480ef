import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import {
  contactOf,
  count,
  type Professional,
  professional,
  smallPdf,
  upload,
} from './test/clinical-fixtures.ts';

// spec 001 §8: every validation code of the nine clinical areas answers 400 with the code, the
// exact Spanish message, and writes nothing (no entry, no version, no audit event).

let a: Professional;
let consId: string;
let otherContactFile = '';
let fileRef: string;
const long = (n: number) => 'x'.repeat(n);

const t = useTestApp();
beforeAll(async () => {
  a = await professional(t);
  consId = (await contactOf(t, a.id)).ref;
  const other = await contactOf(t, a.id, 'Otra');
  const pdf = await smallPdf();
  fileRef = (await upload(t, a.token, consId, [{ name: 'informe.pdf', bytes: pdf }])).body[0].id;
  otherContactFile = (await upload(t, a.token, other.ref, [{ name: 'otro.pdf', bytes: pdf }])).body[0].id;
});

type Case = [code: string, change: Record<string, unknown>, message: string, field?: string];

const omit = undefined;

const areas: { action: string; base: () => Record<string, unknown>; cases: Case[] }[] = [
  {
    action: 'save-personal-background',
    base: () => ({ consId, backgroundType: 1, description: 'Asma en la infancia', cie10Code: 'J45.9' }),
    cases: [
      [
        'E2',
        { backgroundType: omit },
        'Debes seleccionar si es un antecedente personal o familiar.',
        'backgroundType',
      ],
      ['E2', { backgroundType: 3 }, 'Debes seleccionar si es un antecedente personal o familiar.'],
      ['E4', { description: '' }, 'Debes ingresar el detalle del antecedente.', 'description'],
      ['E4', { description: '   ' }, 'Debes ingresar el detalle del antecedente.'],
      [
        'E5',
        { description: long(5001) },
        'La descripción del antecedente no debe tener un máximo de 5000 caracteres.',
      ],
      [
        'E6',
        { cie10Code: 'ZZZ' },
        'El código CIE-10 ingresado no es válido o no se encuentra registrado.',
        'cie10Code',
      ],
      [
        'E6',
        { cie10Code: 'A00.5' },
        'El código CIE-10 ingresado no es válido o no se encuentra registrado.',
        'cie10Code',
      ],
    ],
  },
  {
    action: 'save-chief-complaint',
    base: () => ({ consId, description: 'Dolor lumbar' }),
    cases: [
      ['E4', { description: '' }, 'Debes ingresar el motivo.', 'description'],
      ['E4', { description: omit }, 'Debes ingresar el motivo.'],
      ['E5', { description: long(5001) }, 'La motivo no debe tener un máximo de 5000 caracteres.'],
    ],
  },
  {
    action: 'save-medical-sessions',
    base: () => ({ consId, description: 'Evolución favorable', cie10Code: [{ cie10Code: 'F32.0' }] }),
    cases: [
      ['E4', { description: '' }, 'Debes ingresar el detalle de la consulta o evolución.', 'description'],
      [
        'E5',
        { description: long(5001) },
        'El detalle de la consulta o evolución no debe tener un máximo de 5000 caracteres.',
      ],
      [
        'E6',
        { cie10Code: [{ cie10Code: 'A00.5' }] },
        'Un código CIE-10 ingresado no es válido o no se encuentra registrado.',
        'cie10Code',
      ],
      [
        'E6',
        { cie10Code: [{ cie10Code: 'F32.0' }, { cie10Code: 'nope' }] },
        'Un código CIE-10 ingresado no es válido o no se encuentra registrado.',
      ],
    ],
  },
  {
    action: 'save-medical-studies',
    base: () => ({
      consId,
      studyType: 'Hemograma completo',
      studyDate: '2026-11-01',
      description: 'Valores normales',
      files: [{ id: fileRef, type: 'pdf', link: 'x', baselink: 'y' }],
    }),
    cases: [
      ['E6', { studyType: '' }, 'Debes seleccionar el tipo de estudio.', 'studyType'],
      ['E6', { studyType: omit }, 'Debes seleccionar el tipo de estudio.'],
      ['E7', { studyType: long(251) }, 'El nombre del tipo de estudio no puede superar los 250 caracteres.'],
      ['E8', { studyDate: '' }, 'Debes ingresar la fecha del estudio.', 'studyDate'],
      ['E9', { studyDate: '2026-02-30' }, 'La fecha del estudio ingresada es incorrecta.', 'studyDate'],
      ['E9', { studyDate: '01/11/2026' }, 'La fecha del estudio ingresada es incorrecta.'],
      ['E9', { studyDate: '2999-01-01' }, 'La fecha del estudio ingresada es incorrecta.'],
      ['E4', { description: '' }, 'Debes ingresar el detalle del estudio.', 'description'],
      [
        'E5',
        { description: long(5001) },
        'El detalle del estudio no debe tener un máximo de 5000 caracteres.',
      ],
      ['E10', { files: [] }, 'Debes subir el/los archivos de los estudios.', 'files'],
      ['E10', { files: omit }, 'Debes subir el/los archivos de los estudios.'],
      [
        'E11',
        { files: [{ id: 'unknownfileref1234' }] },
        'Debes subir el/los archivos de los estudios.',
        'files',
      ],
      ['E11', { files: [{ id: 'x' }] }, 'Debes subir el/los archivos de los estudios.'],
    ],
  },
  {
    action: 'save-medical-treatments',
    base: () => ({
      consId,
      treatmentName: 'Sertralina',
      treatmentDose: '50 mg por día',
      startDate: '2026-10-01',
      endDate: '2027-04-01',
      status: 1,
      description: 'Control mensual',
      cie10Code: [{ cie10Code: 'F32.1', cie10Description: 'x' }],
      files: [{ id: fileRef }],
    }),
    cases: [
      ['E2', { treatmentName: '' }, 'Debes ingresar el tipo de Tratamiento.', 'treatmentName'],
      [
        'E3',
        { treatmentName: long(251) },
        'El nombre del tratamiento no puede superar los 250 caracteres.',
        'treatmentName',
      ],
      ['E4', { treatmentDose: '' }, 'Debes ingresar la dosis o frecuencia.', 'treatmentDose'],
      ['E5', { treatmentDose: long(251) }, 'La dosis o frecuencia no puede superar los 250 caracteres.'],
      ['E6', { startDate: '' }, 'Debes ingresar la fecha de inicio.', 'startDate'],
      ['E7', { startDate: '2026-13-01' }, 'La fecha de inicio ingresada es incorrecta.', 'startDate'],
      ['E8', { endDate: omit }, 'Debes ingresar la fecha de finalización.', 'endDate'],
      ['E9', { endDate: 'mañana' }, 'La fecha de finalización ingresada es incorrecta.', 'endDate'],
      ['E9', { endDate: '2026-09-01' }, 'La fecha de finalización ingresada es incorrecta.', 'endDate'],
      ['E10', { description: '' }, 'Debes ingresar las observaciones.', 'description'],
      ['E11', { description: long(5001) }, 'Las observaciones no pueden superar los 5000 caracteres.'],
      [
        'E12',
        { cie10Code: [{ cie10Code: 'A00.5' }] },
        'Un código CIE-10 ingresado no es válido o no se encuentra registrado.',
        'cie10Code',
      ],
      ['E13', { files: [] }, 'Debes subir el/los archivos de los Tratamiento.', 'files'],
      [
        'E13',
        { files: [{ id: 'unknownfileref1234' }] },
        'Debes subir el/los archivos de los Tratamiento.',
        'files',
      ],
      ['E14', { status: 7 }, 'Debes seleccionar el estado del tratamiento.', 'status'],
    ],
  },
  {
    action: 'save-medical-consent',
    base: () => ({
      consId,
      studyType: 'Consentimiento informado general',
      studyDate: '2026-11-20',
      signedBy: 1,
      files: [{ id: fileRef }],
    }),
    cases: [
      ['E6', { studyType: '' }, 'Debes seleccionar el tipo de consentimiento.', 'studyType'],
      ['E7', { studyType: long(251) }, 'El tipo de consentimiento no puede superar los 250 caracteres.'],
      ['E8', { studyDate: '' }, 'Debes ingresar la fecha del consentimiento.', 'studyDate'],
      ['E9', { studyDate: '2026-11-31' }, 'La fecha del consentimiento ingresada es incorrecta.'],
      ['E12', { signedBy: omit }, 'Debes seleccionar por quien fue firmado el Consentimiento.', 'signedBy'],
      ['E12', { signedBy: 4 }, 'Debes seleccionar por quien fue firmado el Consentimiento.'],
      ['E10', { files: [] }, 'Debes subir el/los archivos de los Consentimientos.', 'files'],
      [
        'E11',
        { files: [{ id: otherContactFile }] },
        'Debes subir el/los archivos de los Consentimientos.',
        'files',
      ],
    ],
  },
  {
    action: 'save-medical-allergies',
    base: () => ({
      consId,
      allergyName: 'Penicilina',
      severity: 3,
      reaction: 'Urticaria',
      description: 'Evitar betalactámicos',
      cie10Code: 'Z88.0',
    }),
    cases: [
      ['E2', { allergyName: '' }, 'Debes ingresar la alergia.', 'allergyName'],
      ['E3', { allergyName: long(251) }, 'El nombre de la alergia no puede superar los 250 caracteres.'],
      ['E4', { severity: omit }, 'Debes indicar el grado de severidad.', 'severity'],
      ['E4', { severity: 0 }, 'Debes indicar el grado de severidad.'],
      ['E5', { reaction: '' }, 'Debes ingresar la reacción.', 'reaction'],
      ['E6', { reaction: long(5001) }, 'La reacción no puede superar los 5000 caracteres.'],
      ['E7', { description: '' }, 'Debes ingresar las notas.', 'description'],
      ['E8', { description: long(5001) }, 'Las notas no pueden superar los 5000 caracteres.'],
      [
        'E10',
        { cie10Code: 'A00.5' },
        'El código CIE-10 ingresado no es válido o no se encuentra registrado.',
        'cie10Code',
      ],
      [
        'E10',
        { cie10Code: '12345' },
        'El código CIE-10 ingresado no es válido o no se encuentra registrado.',
      ],
    ],
  },
  {
    action: 'save-medical-vaccines',
    base: () => ({
      consId,
      vaccineName: 'Antigripal (influenza)',
      vaccineDate: '2026-04-15',
      description: 'Sin reacciones',
      files: [{ id: fileRef }],
    }),
    cases: [
      ['E2', { vaccineName: '' }, 'Debes seleccionar la vacuna.', 'vaccineName'],
      ['E3', { vaccineName: long(251) }, 'El nombre de la vacuna no puede superar los 250 caracteres.'],
      ['E6', { vaccineDate: '' }, 'Debes ingresar la fecha de aplicación.', 'vaccineDate'],
      ['E7', { vaccineDate: '2026-02-29' }, 'La fecha de aplicación ingresada es incorrecta.'],
      ['E8', { description: '' }, 'Debes ingresar las observaciones.', 'description'],
      ['E9', { description: long(5001) }, 'Las observaciones no pueden superar los 5000 caracteres.'],
      ['E10', { files: [] }, 'Debes subir el/los archivos de la vacuna.', 'files'],
      [
        'E11',
        { files: [{ id: 'unknownfileref1234' }] },
        'Debes subir el/los archivos de la vacuna.',
        'files',
      ],
    ],
  },
];

async function written() {
  return [
    await count(t, 'clinical_entries'),
    await count(t, 'clinical_entry_versions'),
    await count(t, 'audit_events'),
  ];
}

describe.each(areas)('$action', ({ action, base, cases }) => {
  it.each(cases)('%s %j', async (code, change, message, field) => {
    const before = await written();
    const input = { ...base(), ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete input[key];
    const res = await t.call(action as never, input, a.token);
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toBe(message);
    if (field) expect(res.body.field).toBe(field);
    expect(await written()).toEqual(before);
  });

  it('accepts the valid base payload', async () => {
    const res = await t.call(action as never, base(), a.token);
    expect(res.statusCode).toBe(200);
    expect(res.body.ref).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });
});
