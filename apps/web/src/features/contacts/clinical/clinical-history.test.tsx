import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { CiePicker } from './cie-picker.tsx';
import { ClinicalHistory } from './clinical-history.tsx';

function renderIn(element: React.ReactNode) {
  renderRoutes({ clients: element }, '/ar/es/clients');
}

const ok = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify({ status: '200', ...(body as object) })));

type Sent = { action: string } & Record<string, unknown>;
function sentBodies(mock: ReturnType<typeof vi.fn>): Sent[] {
  return mock.mock.calls.map((c) => JSON.parse(String((c[1] as RequestInit).body)) as Sent);
}

describe('ClinicalHistory', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens on Motivo de consulta, validates the modal with the contract, saves, toasts and reloads', {
    timeout: 20_000,
  }, async () => {
    const saved: Sent[] = [];
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Sent;
      if (body.action === 'save-chief-complaint') {
        saved.push(body);
        return ok({ ref: 'entryref000000001' });
      }
      if (body.action === 'find-chief-complaint') {
        const results =
          saved.length === 0
            ? []
            : [
                {
                  id: 'entryref000000001',
                  profName: 'Lucía Fernández',
                  date: '22/11/2026',
                  dateNoFormat: '2026-11-22',
                  createdAt: '2026-11-22T12:00:00.000Z',
                  updatedAt: '2026-11-22T12:00:00.000Z',
                  version: 1,
                  description: 'Insomnio desde hace un mes',
                },
              ];
        return ok({ results, hasMore: false });
      }
      return ok({ results: [], hasMore: false });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderIn(<ClinicalHistory contactRef="contactref0000001" />);

    expect(await screen.findByRole('heading', { name: 'Motivo de consulta' })).toBeInTheDocument();
    for (const tab of [
      'Consulta y evolución',
      'Estudios',
      'Tratamientos',
      'Consentimientos',
      'Alergias',
      'Antecedentes personales',
      'Antecedentes familiares',
      'Vacunas',
    ]) {
      expect(screen.getByRole('navigation', { name: 'Menú de opciones' })).toHaveTextContent(tab);
    }
    expect(await screen.findByText('No existen motivos de consulta cargados.')).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'Agregar motivo' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Motivo de consulta' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Debes ingresar el motivo.')).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Motivo'), 'Insomnio desde hace un mes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Motivo agregado')).toBeInTheDocument();
    expect(saved[0]).toMatchObject({
      consId: 'contactref0000001',
      description: 'Insomnio desde hace un mes',
      ref: null,
    });
    expect(saved[0]).not.toHaveProperty('profName');
    expect(await screen.findByText('Insomnio desde hace un mes')).toBeInTheDocument();
    expect(screen.getByText('Profesional: Lucía Fernández')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nuevo Motivo de consulta' })).not.toBeInTheDocument(),
    );
    expect(
      sentBodies(fetchMock).filter((b) => b.action === 'find-chief-complaint').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('asks the exact confirmation before deleting and switches tabs from the menu', {
    timeout: 20_000,
  }, async () => {
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Sent;
      if (body.action === 'find-medical-allergies') {
        return ok({
          hasMore: false,
          results: [
            {
              id: 'allergyref0000001',
              profName: 'Lucía Fernández',
              date: '22/11/2026',
              dateNoFormat: '2026-11-22',
              createdAt: '',
              updatedAt: '',
              version: 1,
              allergyName: 'Penicilina',
              severity: 3,
              reaction: 'Urticaria',
              description: 'Evitar betalactámicos',
              cie10Code: 'Z88.0',
              cie10Description: 'Historia personal de alergia a penicilina',
            },
          ],
        });
      }
      return ok({ results: [], hasMore: false });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderIn(<ClinicalHistory contactRef="contactref0000001" />);
    await userEvent.click(await screen.findByText('Alergias'));
    expect(await screen.findByText('Penicilina')).toBeInTheDocument();
    expect(screen.getByText('Severidad: Grave')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Estás por borrar una alergia. ¿Deseás continuar?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sí, borrar' }));
    await waitFor(() =>
      expect(
        sentBodies(fetchMock).some(
          (b) => b.action === 'delete-medical-allergies' && b.ref === 'allergyref0000001',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('Alergia eliminada')).toBeInTheDocument();
  });

  it('reaches the side menu with the keyboard and marks the study details as required', {
    timeout: 20_000,
  }, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => ok({ results: [], hasMore: false })),
    );
    renderIn(<ClinicalHistory contactRef="contactref0000001" />);
    const menu = await screen.findByRole('navigation', { name: 'Menú de opciones' });
    const user = userEvent.setup();
    const studies = within(menu).getByRole('button', { name: 'Estudios' });
    for (let i = 0; i < 10 && document.activeElement !== studies; i += 1) await user.tab();
    expect(studies).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Estudios' })).toBeInTheDocument();
    expect(studies).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getAllByRole('button', { name: 'Agregar estudio' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Estudio' });
    // spec 001 §5: the server requires the details; the label must not call them optional.
    const details = within(dialog).getByRole('textbox', { name: /^Detalles/ });
    expect(details).toHaveAttribute('aria-required', 'true');
    expect(within(dialog).queryByText(/opcional/)).not.toBeInTheDocument();
  });
});

describe('CiePicker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches the trimmed text, adds codes, removes them one by one, and says when nothing matches', {
    timeout: 20_000,
  }, async () => {
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      const { search } = JSON.parse(String(init?.body)) as { search: string };
      if (search === 'asma') {
        return ok({
          encontrado: true,
          results: [
            { id: 'J45', code: 'J45', title: 'Asma' },
            { id: 'J45.9', code: 'J45.9', title: 'Asma, no especificada' },
          ],
        });
      }
      return ok({ encontrado: false, results: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = React.useState<{ cie10Code: string; cie10Description: string }[]>([]);
      return (
        <CiePicker
          multiple
          label="Diagnóstico CIE-10"
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    renderIn(<Harness />);
    await userEvent.type(await screen.findByLabelText('Diagnóstico CIE-10'), '  asma ');
    await userEvent.click(await screen.findByRole('option', { name: 'Agregar J45.9 Asma, no especificada' }));
    const searches = sentBodies(fetchMock).map((b) => b.search);
    expect(searches.at(-1)).toBe('asma');
    expect(searches.every((s) => s === String(s).trim())).toBe(true);
    expect(onChange).toHaveBeenLastCalledWith([
      { cie10Code: 'J45.9', cie10Description: 'Asma, no especificada' },
    ]);

    await userEvent.type(screen.getByLabelText('Diagnóstico CIE-10'), 'asma');
    await userEvent.click(await screen.findByRole('option', { name: 'Agregar J45 Asma' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { cie10Code: 'J45.9', cie10Description: 'Asma, no especificada' },
      { cie10Code: 'J45', cie10Description: 'Asma' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar J45.9' }));
    expect(onChange).toHaveBeenLastCalledWith([{ cie10Code: 'J45', cie10Description: 'Asma' }]);

    await userEvent.type(screen.getByLabelText('Diagnóstico CIE-10'), 'zzzz');
    expect(await screen.findByText('No se encontró ninguna coincidencia.')).toBeInTheDocument();
  });

  it('announces the suggestions as options and picks one with the arrow keys', {
    timeout: 20_000,
  }, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        ok({
          encontrado: true,
          results: [
            { id: 'J45', code: 'J45', title: 'Asma' },
            { id: 'J45.9', code: 'J45.9', title: 'Asma, no especificada' },
          ],
        }),
      ),
    );
    const onChange = vi.fn();
    renderIn(<CiePicker label="Diagnóstico CIE-10" value={[]} onChange={onChange} />);
    const user = userEvent.setup();
    const input = await screen.findByRole('combobox', { name: 'Diagnóstico CIE-10' });
    await user.type(input, 'asma');
    const listbox = await screen.findByRole('listbox');
    expect((await within(listbox).findAllByRole('option')).map((o) => o.getAttribute('aria-label'))).toEqual([
      'Agregar J45 Asma',
      'Agregar J45.9 Asma, no especificada',
    ]);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Agregar J45.9 Asma, no especificada' });
    expect(input).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([
      { cie10Code: 'J45.9', cie10Description: 'Asma, no especificada' },
    ]);
  });
});
