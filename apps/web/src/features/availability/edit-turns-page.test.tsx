import type { DatedTurn, InputOf, OutputOf } from '@agendo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { EditTurnsPage } from './edit-turns-page.tsx';
import { itRemovesAfterConfirming, professionalPageSetup } from './page-tests.ts';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

type SavedTurns = InputOf<'save-turns'>['turns'];

const monday: DatedTurn = { ref: 'turnRef001', date: '2026-11-23', hStart: '09:00', booked: false };
const mondayLate: DatedTurn = { ref: 'turnRef002', date: '2026-11-23', hStart: '18:30', booked: true };
const december: DatedTurn = { ref: 'turnRef003', date: '2026-12-02', hStart: '10:15', booked: false };

/**
 * Answers find-dated-turns with `turns` and save-turns with `onSave` (by default the saved list
 * sorted by date and hour, with refs, as the server does).
 */
function answer(
  turns: DatedTurn[],
  options: { typeTurn?: number; onSave?: (t: SavedTurns) => Promise<OutputOf<'save-turns'>> } = {},
) {
  answerActions(callMock, {
    'find-dated-turns': {
      status: '200',
      ref: 'pubRef0001',
      title: 'Taller de respiración',
      timezone: 'America/Argentina/Buenos_Aires',
      duration: 45,
      typeTurn: options.typeTurn ?? 2,
      turns,
    },
    'save-turns': async ({ turns: saved }) => {
      if (options.onSave) return options.onSave(saved);
      const sorted = [...saved]
        .sort((a, b) => `${a.date} ${a.hStart}`.localeCompare(`${b.date} ${b.hStart}`))
        .map((t, i) => ({ ref: `savedRef${i}`, date: t.date, hStart: t.hStart, booked: false }));
      return { status: '200', turns: sorted };
    },
  });
}

function renderPage() {
  return renderRoutes(
    {
      'edit-turns/:ref': <EditTurnsPage />,
      'edit-turns-recurrents/:ref': <p>Horarios semanales</p>,
      login: <p>Ingresar</p>,
      'my-services': <p>Mis servicios</p>,
    },
    '/ar/es/edit-turns/pubRef0001',
  );
}

/** The listed turns, top to bottom: 'Lunes, 23 de noviembre de 2026 09:00'. */
const listed = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => (item.textContent ?? '').replace(/(\d{4})(\d{2}:\d{2})/, '$1 $2'));
const hourInput = () => screen.getByLabelText('Hora');
const addButton = () => screen.getByRole('button', { name: 'Agregar' });

/** Opens the date field's calendar and picks a day ('25 noviembre 2026'). */
async function pickDate(user: ReturnType<typeof userEvent.setup>, day: string) {
  await user.click(screen.getByRole('button', { name: 'Fecha' }));
  await user.click(await screen.findByRole('button', { name: day }, { timeout: 5_000 }));
}

describe('EditTurnsPage (issue 3: dated turns)', { timeout: 30_000 }, () => {
  professionalPageSetup({
    today: '2026-11-22T12:00:00',
    callMock,
    render: renderPage,
    path: '/ar/es/edit-turns/pubRef0001',
  });

  it('lists the dated turns in the server’s order with the booked ones marked', async () => {
    answer([monday, mondayLate, december]);
    renderPage();
    expect(await screen.findByText('Taller de respiración')).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledWith('find-dated-turns', { ref: 'pubRef0001' });
    expect(screen.getByRole('heading', { level: 1, name: 'Fechas y horarios' })).toBeInTheDocument();
    expect(screen.getByText(/^Zona horaria: Buenos Aires \(GMT-3\)$/)).toBeInTheDocument();
    expect(screen.getByText('Cada turno dura 45 min.')).toBeInTheDocument();
    expect(listed()).toEqual([
      'Lunes, 23 de noviembre de 2026 09:00',
      'Lunes, 23 de noviembre de 2026 18:30Reservado',
      'Miércoles, 2 de diciembre de 2026 10:15',
    ]);
    expect(
      screen.getByRole('button', { name: 'Eliminar lunes, 23 de noviembre de 2026 · 18:30' }),
    ).toBeInTheDocument();
    // A dated-list publication needs no hint about the weekly calendar.
    expect(screen.queryByText('Ir a horarios semanales')).toBeNull();
  });

  it('invites to add the first date when the list is empty', async () => {
    answer([]);
    renderPage();
    expect(
      await screen.findByText('No hay fechas cargadas. Agrega la primera fecha en que atiendes.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('points a weekly-calendar publication to its weekly hours', async () => {
    answer([], { typeTurn: 1 });
    renderPage();
    expect(
      await screen.findByText(
        'Esta publicación usa el calendario semanal; estas fechas se usan solo si la cambias a fechas específicas.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a horarios semanales' })).toHaveAttribute(
      'href',
      '/ar/es/edit-turns-recurrents/pubRef0001',
    );
  });

  it('adds a date, saving the whole list, and shows it in its sorted place', async () => {
    const user = userEvent.setup();
    answer([monday, december]);
    renderPage();
    await screen.findByText('Taller de respiración');

    await pickDate(user, '25 noviembre 2026');
    fireEvent.change(hourInput(), { target: { value: '16:00' } });
    await user.click(addButton());

    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('save-turns', {
        ref: 'pubRef0001',
        turns: [
          { date: '2026-11-23', hStart: '09:00' },
          { date: '2026-12-02', hStart: '10:15' },
          { date: '2026-11-25', hStart: '16:00' },
        ],
      }),
    );
    expect(await screen.findByText('Fecha agregada.')).toBeInTheDocument();
    expect(listed()).toEqual([
      'Lunes, 23 de noviembre de 2026 09:00',
      'Miércoles, 25 de noviembre de 2026 16:00',
      'Miércoles, 2 de diciembre de 2026 10:15',
    ]);
    // The hour is cleared for the next one; the date stays for adding another hour that day.
    expect(hourInput()).toHaveValue('');
  });

  it('asks for the date and the hour before saving', async () => {
    const user = userEvent.setup();
    answer([monday]);
    renderPage();
    await screen.findByText('Taller de respiración');
    await user.click(addButton());
    expect(await screen.findByText('Debes elegir la fecha.')).toBeInTheDocument();
    expect(screen.getByText('Debes ingresar la hora.')).toBeInTheDocument();
    expect(hourInput()).toHaveAttribute('aria-invalid', 'true');
    expect(callMock).not.toHaveBeenCalledWith('save-turns', expect.anything());

    // Typing clears the hour's message.
    fireEvent.change(hourInput(), { target: { value: '10:00' } });
    expect(screen.queryByText('Debes ingresar la hora.')).toBeNull();
  });

  it.each([
    ['E8', 'date', 'No puedes agregar fechas pasadas.'],
    ['E2', 'date', 'La fecha ingresada no es válida.'],
    ['E9', 'hour', 'Ese horario ya está en la lista.'],
    ['E5', 'hour', 'Los horarios no pueden superponerse.'],
  ] as const)('shows the server’s %s under the %s field and adds nothing', async (code, where, message) => {
    const user = userEvent.setup();
    answer([monday], { onSave: () => Promise.reject(new ApiError(code, message, 'turns', 400)) });
    renderPage();
    await screen.findByText('Taller de respiración');
    await pickDate(user, '23 noviembre 2026');
    fireEvent.change(hourInput(), { target: { value: '09:00' } });
    await user.click(addButton());

    expect(await screen.findByText(message)).toBeInTheDocument();
    const hour = hourInput();
    if (where === 'hour') {
      expect(hour).toHaveAttribute('aria-invalid', 'true');
      expect(hour).toHaveAccessibleDescription(message);
    } else {
      expect(hour).not.toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByRole('button', { name: 'Fecha' })).toHaveAccessibleDescription(message);
    }
    // The hour typed is kept to correct it, and the list is unchanged.
    expect(hour).toHaveValue('09:00');
    expect(listed()).toEqual(['Lunes, 23 de noviembre de 2026 09:00']);
    expect(screen.queryByText('Fecha agregada.')).toBeNull();
  });

  itRemovesAfterConfirming({
    verb: 'deletes a date',
    noun: 'delete',
    item: 'date',
    callMock,
    saveAction: 'save-turns',
    dialog: '¿Eliminar este horario?',
    confirm: 'Eliminar',
    done: 'Fecha eliminada.',
    listed,
    startWithSeveral: () => {
      answer([monday, mondayLate, december]);
      renderPage();
    },
    removed: {
      button: 'Eliminar lunes, 23 de noviembre de 2026 · 09:00',
      text: 'Se quitará lunes, 23 de noviembre de 2026 · 09:00 de la lista. Las reservas ya hechas no se cancelan.',
      saved: {
        ref: 'pubRef0001',
        turns: [
          { date: '2026-11-23', hStart: '18:30' },
          { date: '2026-12-02', hStart: '10:15' },
        ],
      },
      left: ['Lunes, 23 de noviembre de 2026 18:30', 'Miércoles, 2 de diciembre de 2026 10:15'],
    },
    startFailing: (message) => {
      answer([monday], { onSave: () => Promise.reject(new ApiError('E7', message, undefined, 400)) });
      renderPage();
    },
    failed: {
      button: 'Eliminar lunes, 23 de noviembre de 2026 · 09:00',
      message: 'No encontramos la publicación.',
      left: ['Lunes, 23 de noviembre de 2026 09:00'],
    },
  });

  it('says the publication does not exist (a foreign ref answers the same) without a retry', async () => {
    callMock.mockRejectedValue(new ApiError('E7', 'No encontramos la publicación.', undefined, 400));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('No encontramos la publicación.');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });
});
