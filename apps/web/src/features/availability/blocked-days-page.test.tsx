import type { BlockedDay, InputOf, OutputOf } from '@agendo/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { BlockedDaysPage } from './blocked-days-page.tsx';
import { itRemovesAfterConfirming, professionalPageSetup } from './page-tests.ts';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

type SavedBlocks = InputOf<'save-blocked-days'>['blocks'];

const congress: BlockedDay = { ref: 'blockRef01', from: '2026-11-26', to: '2026-11-26', reason: 'Congreso' };
const holidays: BlockedDay = { ref: 'blockRef02', from: '2026-12-20', to: '2026-12-31', reason: null };

/**
 * Answers find-blocked-days with `blocks` and save-blocked-days with `onSave` (by default the
 * saved list, sorted and with refs, as the server does).
 */
function answer(
  blocks: BlockedDay[],
  onSave?: (saved: SavedBlocks) => Promise<OutputOf<'save-blocked-days'>>,
) {
  answerActions(callMock, {
    'find-blocked-days': { status: '200', timezone: 'America/Argentina/Buenos_Aires', blocks },
    'save-blocked-days': async ({ blocks: saved }) => {
      if (onSave) return onSave(saved);
      const sorted = [...saved]
        .sort((a, b) => a.from.localeCompare(b.from))
        .map((b, i) => ({ ref: `savedRef0${i}`, from: b.from, to: b.to, reason: b.reason ?? null }));
      return { status: '200', blocks: sorted };
    },
  });
}

function renderPage() {
  return renderRoutes(
    {
      'blocked-days': <BlockedDaysPage />,
      login: <p>Ingresar</p>,
      'my-services': <p>Mis servicios</p>,
    },
    '/ar/es/blocked-days',
  );
}

const listed = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
const blockButton = () => screen.getByRole('button', { name: 'Bloquear días' });

describe('BlockedDaysPage (issue 3: blocked days for all publications)', { timeout: 30_000 }, () => {
  professionalPageSetup({
    today: '2026-11-22T12:00:00',
    callMock,
    render: renderPage,
    path: '/ar/es/blocked-days',
  });

  it('lists the blocked days in the order the server sorted them, with range and reason', async () => {
    answer([congress, holidays]);
    renderPage();
    expect(await screen.findByText('Jueves, 26 de noviembre de 2026')).toBeInTheDocument();
    expect(screen.getByText(/^Zona horaria: Buenos Aires \(GMT-3\)$/)).toBeInTheDocument();
    expect(listed()).toEqual([
      'Jueves, 26 de noviembre de 2026Congreso',
      'Del domingo, 20 de diciembre de 2026 al jueves, 31 de diciembre de 2026',
    ]);
    expect(
      screen.getByRole('button', { name: 'Desbloquear jueves, 26 de noviembre de 2026' }),
    ).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledWith('find-blocked-days', {});
  });

  it('invites to pick days when nothing is blocked', async () => {
    answer([]);
    renderPage();
    expect(
      await screen.findByText(
        'No tienes días bloqueados. Elige en el calendario los días en que no atiendes.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('blocks a single day with a reason, keeping the days already blocked', async () => {
    const user = userEvent.setup();
    answer([congress]);
    renderPage();
    await screen.findByText('Jueves, 26 de noviembre de 2026');

    // Past days cannot be picked.
    expect(screen.getByRole('button', { name: '21 noviembre 2026' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '24 noviembre 2026' }));
    expect(screen.getByRole('status')).toHaveTextContent('Martes, 24 de noviembre de 2026');
    await user.type(screen.getByLabelText('Motivo (opcional)'), '  Mudanza  ');
    await user.click(blockButton());

    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('save-blocked-days', {
        blocks: [
          { from: '2026-11-26', to: '2026-11-26', reason: 'Congreso' },
          { from: '2026-11-24', to: '2026-11-24', reason: 'Mudanza' },
        ],
      }),
    );
    expect(await screen.findByText('Días bloqueados.')).toBeInTheDocument();
    // The list is the server's answer, sorted; the form is empty again.
    expect(listed()).toEqual([
      'Martes, 24 de noviembre de 2026Mudanza',
      'Jueves, 26 de noviembre de 2026Congreso',
    ]);
    expect(screen.getByLabelText('Motivo (opcional)')).toHaveValue('');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('blocks a range of days without a reason', async () => {
    const user = userEvent.setup();
    answer([]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: '23 noviembre 2026' }));
    await user.click(screen.getByRole('button', { name: '27 noviembre 2026' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Del lunes, 23 de noviembre de 2026 al viernes, 27 de noviembre de 2026',
    );
    await user.click(blockButton());
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('save-blocked-days', {
        blocks: [{ from: '2026-11-23', to: '2026-11-27' }],
      }),
    );
    expect(
      await screen.findByText('Del lunes, 23 de noviembre de 2026 al viernes, 27 de noviembre de 2026'),
    ).toBeInTheDocument();
  });

  it('asks for a day before saving', async () => {
    const user = userEvent.setup();
    answer([]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Bloquear días' }));
    expect(await screen.findByText('Debes elegir al menos un día.')).toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalledWith('save-blocked-days', expect.anything());
  });

  it.each([
    ['E5', 'days', 'Los días bloqueados no pueden superponerse.'],
    ['E8', 'days', 'No puedes bloquear fechas pasadas.'],
    ['E6', 'reason', 'El motivo puede tener hasta 200 caracteres.'],
  ] as const)(
    'shows the server’s %s under the %s field and keeps the choice',
    async (code, where, message) => {
      const user = userEvent.setup();
      answer([congress], () => Promise.reject(new ApiError(code, message, 'blocks', 400)));
      renderPage();
      await user.click(await screen.findByRole('button', { name: '26 noviembre 2026' }));
      await user.type(screen.getByLabelText('Motivo (opcional)'), 'Otra vez');
      await user.click(blockButton());

      expect(await screen.findByText(message)).toBeInTheDocument();
      const reason = screen.getByLabelText('Motivo (opcional)');
      if (where === 'reason') {
        expect(reason).toHaveAttribute('aria-invalid', 'true');
        expect(reason).toHaveAccessibleDescription(message);
      } else {
        expect(reason).not.toHaveAttribute('aria-invalid', 'true');
        // Shown in the calendar's own field wrapper, under the days.
        expect(screen.getByText(message).closest('.mantine-InputWrapper-root')).toContainElement(
          screen.getByRole('button', { name: '26 noviembre 2026' }),
        );
      }
      // Nothing was lost: the day, the reason and the list are as they were.
      expect(screen.getByRole('status')).toHaveTextContent('Jueves, 26 de noviembre de 2026');
      expect(reason).toHaveValue('Otra vez');
      expect(listed()).toEqual(['Jueves, 26 de noviembre de 2026Congreso']);
      expect(screen.queryByText('Días bloqueados.')).toBeNull();
    },
  );

  itRemovesAfterConfirming({
    verb: 'unblocks',
    noun: 'unblock',
    item: 'day',
    callMock,
    saveAction: 'save-blocked-days',
    dialog: '¿Desbloquear estos días?',
    confirm: 'Desbloquear',
    done: 'Días desbloqueados.',
    listed,
    startWithSeveral: () => {
      answer([congress, holidays]);
      renderPage();
    },
    removed: {
      button: 'Desbloquear del domingo, 20 de diciembre de 2026 al jueves, 31 de diciembre de 2026',
      text: 'Del domingo, 20 de diciembre de 2026 al jueves, 31 de diciembre de 2026 volverá a ofrecer turnos.',
      saved: { blocks: [{ from: '2026-11-26', to: '2026-11-26', reason: 'Congreso' }] },
      left: ['Jueves, 26 de noviembre de 2026Congreso'],
    },
    startFailing: (message) => {
      answer([congress], () => Promise.reject(new ApiError('E8', message, 'blocks', 400)));
      renderPage();
    },
    failed: {
      button: 'Desbloquear jueves, 26 de noviembre de 2026',
      message: 'No puedes bloquear fechas pasadas.',
      left: ['Jueves, 26 de noviembre de 2026Congreso'],
    },
  });

  it('says so when the list cannot be loaded, and retries', async () => {
    const user = userEvent.setup();
    callMock.mockRejectedValueOnce(new ApiError('E500', 'Error inesperado.', undefined, 500));
    renderPage();
    expect(await screen.findByText('No pudimos cargar los horarios.')).toBeInTheDocument();
    answer([congress]);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Jueves, 26 de noviembre de 2026')).toBeInTheDocument();
  });
});
