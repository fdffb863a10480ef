import * as areas from '@agendo/contract/clinical-areas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { EntryForm, type EntryFormProps } from './entry-form.tsx';

const ok = (body: object) => Promise.resolve(new Response(JSON.stringify({ status: '200', ...body })));

function renderForm(props: Pick<EntryFormProps, 'area' | 'item'> & { kind?: number }) {
  const onSaved = vi.fn();
  renderRoutes(
    {
      clients: (
        <EntryForm consId="contactref0000001" onCancel={() => undefined} onSaved={onSaved} {...props} />
      ),
    },
    '/ar/es/clients',
  );
  return { onSaved };
}

const labels = () =>
  [...document.querySelectorAll('form label')].map((l) => (l.textContent ?? '').replace(/\s*\*$/, ''));

// The labels, their order and the empty save's messages of the eight hand-written forms this
// form replaced (spec 001 §2.5, §5, §8).
const rows = [
  {
    area: areas.background,
    labels: ['Tipo de antecedente', 'Código CIE-10 (opcional)', 'Descripción'],
    messages: ['Debes ingresar el detalle del antecedente.'],
  },
  { area: areas.complaint, labels: ['Motivo'], messages: ['Debes ingresar el motivo.'] },
  {
    area: areas.session,
    labels: ['Diagnóstico CIE-10', 'Detalle'],
    messages: ['Debes ingresar el detalle de la consulta o evolución.'],
  },
  {
    area: areas.study,
    labels: ['Tipo de estudio', 'Fecha del estudio', 'Archivos', 'Detalles'],
    messages: [
      'Debes seleccionar el tipo de estudio.',
      'Debes ingresar la fecha del estudio.',
      'Debes subir el/los archivos de los estudios.',
      'Debes ingresar el detalle del estudio.',
    ],
  },
  {
    area: areas.treatment,
    labels: [
      'Tratamiento',
      'Dosis o frecuencia',
      'Inicio',
      'Fin',
      'Estado',
      'Diagnóstico CIE-10',
      'Observaciones',
      'Archivos',
    ],
    messages: [
      'Debes ingresar el tipo de Tratamiento.',
      'Debes ingresar la dosis o frecuencia.',
      'Debes ingresar la fecha de inicio.',
      'Debes ingresar la fecha de finalización.',
      'Debes ingresar las observaciones.',
      'Debes subir el/los archivos de los Tratamiento.',
    ],
  },
  {
    area: areas.consent,
    labels: ['Tipo de consentimiento', 'Fecha', 'Firmado por', 'Archivos'],
    messages: [
      'Debes seleccionar el tipo de consentimiento.',
      'Debes ingresar la fecha del consentimiento.',
      'Debes seleccionar por quien fue firmado el Consentimiento.',
      'Debes subir el/los archivos de los Consentimientos.',
    ],
  },
  {
    area: areas.allergy,
    labels: ['Alergia', 'Severidad', 'Código CIE-10 (opcional)', 'Reacción (opcional)', 'Notas (opcional)'],
    messages: [
      'Debes ingresar la alergia.',
      'Debes indicar el grado de severidad.',
      'Debes ingresar la reacción.',
      'Debes ingresar las notas.',
    ],
  },
  {
    area: areas.vaccine,
    labels: ['Vacuna', 'Fecha de aplicación', 'Observaciones', 'Archivos'],
    messages: [
      'Debes seleccionar la vacuna.',
      'Debes ingresar la fecha de aplicación.',
      'Debes ingresar las observaciones.',
      'Debes subir el/los archivos de la vacuna.',
    ],
  },
];

describe('EntryForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(rows)(
    '$area.key: the labels in order, and an empty save says what is missing without calling',
    {
      timeout: 20_000,
    },
    async ({ area, labels: expected, messages }) => {
      const fetchMock = vi.fn(() => ok({}));
      vi.stubGlobal('fetch', fetchMock);
      renderForm({ area, item: null, kind: 1 });
      expect(labels()).toEqual(expected);
      await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
      for (const message of messages) expect(await screen.findByText(message)).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('starts a new background at the tab kind', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => ok({})),
    );
    renderForm({ area: areas.background, item: null, kind: 2 });
    expect(screen.getByRole('textbox', { name: 'Tipo de antecedente' })).toHaveValue('Antecedente familiar');
  });

  it('edits a study whose name the list does not offer in the other input, and saves with the ref', {
    timeout: 20_000,
  }, async () => {
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(String(init?.body)));
        return ok({ ref: 'studyref000000001' });
      }),
    );
    const file = {
      id: 'fileref0000000001',
      type: 'pdf' as const,
      link: '/files/a.pdf',
      baselink: '/files/a.pdf',
      large: null,
      name: 'a.pdf',
    };
    const { onSaved } = renderForm({
      area: areas.study,
      item: {
        id: 'studyref000000001',
        profName: 'Lucía Fernández',
        date: '02/11/2026',
        dateNoFormat: '2026-11-02',
        createdAt: '',
        updatedAt: '',
        version: 1,
        studyType: 'Test de Rorschach',
        description: 'Sin hallazgos.',
        files: [file],
      },
    });
    expect(screen.getByRole('textbox', { name: 'Tipo de estudio' })).toHaveValue('Otro (especificar)');
    expect(screen.getByRole('textbox', { name: 'Nombre del estudio' })).toHaveValue('Test de Rorschach');
    expect(screen.getByLabelText('Fecha del estudio')).toHaveValue('2026-11-02');
    expect(screen.getByRole('textbox', { name: /^Detalles/ })).toHaveValue('Sin hallazgos.');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(true));
    expect(sent[0]).toMatchObject({
      action: 'save-medical-studies',
      consId: 'contactref0000001',
      ref: 'studyref000000001',
      studyType: 'Test de Rorschach',
      studyDate: '2026-11-02',
      files: [{ id: 'fileref0000000001' }],
    });
  });

  it('shows the treatment span side by side and refuses an end before the start', {
    timeout: 20_000,
  }, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => ok({})),
    );
    renderForm({ area: areas.treatment, item: null });
    const start = screen.getByLabelText('Inicio');
    const end = screen.getByLabelText('Fin');
    expect(start.closest('.mantine-Group-root')).toBe(end.closest('.mantine-Group-root'));
    expect(screen.getByRole('textbox', { name: 'Estado' })).toHaveValue('Activo');
    await userEvent.type(start, '2026-11-02');
    await userEvent.type(end, '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La fecha de finalización ingresada es incorrecta.')).toBeInTheDocument();
  });
});
