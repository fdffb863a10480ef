import type { WeeklyRange } from '@agendo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { previewStarts, WeeklyEditor } from './weekly-editor.tsx';

function renderEditor(
  initial: WeeklyRange[],
  onSave = vi.fn(async (_rules: WeeklyRange[]) => {}),
  duration = 60,
) {
  renderRoutes(
    {
      'edit-turns-recurrents/:ref': (
        <WeeklyEditor initial={initial} duration={duration} saving={false} onSave={onSave} />
      ),
    },
    '/ar/es/edit-turns-recurrents/abcdefgh12',
  );
  return onSave;
}

const day = (name: string) => screen.getByRole('region', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar horarios' }));

describe('previewStarts', () => {
  it.each([
    ['09:00', '12:00', 60, ['09:00', '10:00', '11:00']],
    ['09:00', '11:00', 45, ['09:00', '09:45']],
    ['22:00', '00:00', 60, ['22:00', '23:00']],
    ['09:00', '09:30', 60, []],
  ])('%s–%s by %i min', (start, end, duration, expected) => {
    expect(previewStarts(start, end, duration)).toEqual(expected);
  });
});

// Mantine renders seven day cards; on a busy machine a user-event journey takes seconds.
describe('WeeklyEditor', { timeout: 30_000 }, () => {
  it('shows the seven days, their ranges and the turns they give', () => {
    renderEditor([{ weekday: 1, start: '09:00', end: '12:00' }]);
    for (const name of ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']) {
      expect(day(name)).toBeInTheDocument();
    }
    const monday = day('lunes');
    expect(within(monday).getByLabelText('Desde')).toHaveValue('09:00');
    expect(within(monday).getByLabelText('Hasta')).toHaveValue('12:00');
    expect(within(monday).getByText('Turnos: 09:00 · 10:00 · 11:00')).toBeInTheDocument();
    expect(within(day('martes')).getByText('Sin horarios este día.')).toBeInTheDocument();
  });

  it('adds and removes ranges, and saves the week', async () => {
    const onSave = renderEditor([{ weekday: 1, start: '09:00', end: '12:00' }]);
    await userEvent.click(within(day('martes')).getByRole('button', { name: 'Agregar horario (martes)' }));
    await userEvent.click(within(day('lunes')).getByRole('button', { name: 'Agregar horario (lunes)' }));
    // The new Monday range starts where the previous one ends.
    const mondayFrom = within(day('lunes')).getAllByLabelText('Desde');
    expect(mondayFrom[1]).toHaveValue('12:00');
    await userEvent.click(
      within(day('lunes')).getByRole('button', { name: 'Quitar el horario de 09:00 a 12:00 del lunes' }),
    );
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual([
      { weekday: 2, start: '09:00', end: '13:00' },
      { weekday: 1, start: '12:00', end: '14:00' },
    ]);
  });

  it('copies a day to the days chosen, replacing their ranges', async () => {
    const onSave = renderEditor([
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '14:00', end: '18:00' },
      { weekday: 3, start: '08:00', end: '09:00' },
    ]);
    await userEvent.click(within(day('lunes')).getByRole('button', { name: 'Copiar a otros días (lunes)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copiar los horarios del lunes' });
    expect(within(dialog).queryByLabelText('lunes')).toBeNull();
    await userEvent.click(within(dialog).getByLabelText('miércoles'));
    await userEvent.click(within(dialog).getByLabelText('viernes'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(day('viernes'))
        .getAllByLabelText('Desde')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['09:00', '14:00']);
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    const saved = onSave.mock.calls[0]?.[0] ?? [];
    expect(saved.filter((r) => r.weekday === 3)).toEqual([
      { weekday: 3, start: '09:00', end: '12:00' },
      { weekday: 3, start: '14:00', end: '18:00' },
    ]);
    expect(saved).toHaveLength(6);
  });

  it.each([
    ['an end before the start', '12:00', '10:00', 'La hora de fin debe ser posterior a la hora de inicio.'],
    [
      'a range shorter than a turn',
      '09:00',
      '09:30',
      'Cada horario debe durar al menos lo que dura la sesión.',
    ],
  ])('shows the contract text for %s and does not save', async (_name, start, end, message) => {
    const onSave = renderEditor([{ weekday: 2, start: '09:00', end: '12:00' }]);
    const tuesday = day('martes');
    fireEvent.change(within(tuesday).getByLabelText('Desde'), { target: { value: start } });
    fireEvent.change(within(tuesday).getByLabelText('Hasta'), { target: { value: end } });
    await save();
    expect(await within(tuesday).findByText(message)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('marks overlapping ranges of a day', async () => {
    const onSave = renderEditor([
      { weekday: 4, start: '09:00', end: '12:00' },
      { weekday: 4, start: '11:00', end: '13:00' },
    ]);
    await save();
    expect(
      await within(day('jueves')).findByText('Los horarios de un mismo día no pueden superponerse.'),
    ).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps a range to midnight as 24:00', async () => {
    const onSave = renderEditor([{ weekday: 6, start: '20:00', end: '24:00' }]);
    expect(within(day('sábado')).getByLabelText('Hasta')).toHaveValue('00:00');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith([{ weekday: 6, start: '20:00', end: '24:00' }]));
  });

  it('shows what the server answered when saving fails', async () => {
    renderEditor(
      [{ weekday: 1, start: '09:00', end: '12:00' }],
      vi.fn(async () => {
        throw new Error('No encontramos la publicación.');
      }),
    );
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos la publicación.');
  });

  it('invites to start when the week is empty', () => {
    renderEditor([]);
    expect(
      screen.getByText('Todavía no cargaste horarios. Agrega un horario a los días en que atiendes.'),
    ).toBeInTheDocument();
  });
});
