import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { BookingPicker } from './booking-picker.tsx';
import { renderAt } from './render-helpers.tsx';
import { turnsWindowFixture, viewFromMadrid } from './test-fixtures.ts';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

describe('BookingPicker (spec 000 §2.7)', { timeout: 20_000 }, () => {
  beforeEach(viewFromMadrid);
  afterEach(() => {
    callMock.mockReset();
    vi.restoreAllMocks();
  });

  it('asks for the window in the viewer’s zone and shows both local times', async () => {
    callMock.mockResolvedValueOnce(turnsWindowFixture('2026-11-23', { hasPrevious: false, hasNext: true }));
    renderAt(<BookingPicker publicationRef="pubRef0001" onBook={() => {}} />);
    expect(await screen.findAllByText('14:00')).toHaveLength(5);
    expect(callMock).toHaveBeenCalledWith('find-turns', { ref: 'pubRef0001', userTime: 'Europe/Madrid' });
    expect(screen.getAllByText('10:00 en Buenos Aires (GMT-3)')).toHaveLength(5);
    expect(screen.getByText(/Horarios en tu zona horaria \(Madrid, GMT\+[12]\)\./)).toBeInTheDocument();
  });

  it('pages 5-day windows and shows the date toasts at both ends', async () => {
    const user = userEvent.setup();
    callMock
      .mockResolvedValueOnce(turnsWindowFixture('2026-11-23', { hasPrevious: false, hasNext: true }))
      .mockResolvedValueOnce(turnsWindowFixture('2026-11-28', { hasPrevious: true, hasNext: true }))
      .mockRejectedValueOnce(new ApiError('E4', 'Próximas fechas no disponibles.', undefined, 400));
    renderAt(<BookingPicker publicationRef="pubRef0001" onBook={() => {}} />);
    await screen.findAllByText('14:00');

    // No earlier window: the toast shows without asking the server.
    await user.click(screen.getByRole('button', { name: 'Fechas anteriores' }));
    expect(await screen.findByText('Fechas no disponibles.')).toBeInTheDocument();
    expect(callMock).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Fechas siguientes' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenLastCalledWith('find-turns', {
        ref: 'pubRef0001',
        from: '2026-11-23',
        move: 1,
        userTime: 'Europe/Madrid',
      }),
    );
    expect(await screen.findByRole('button', { name: /28 nov, 14:00/i })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fechas siguientes' }));
    expect(await screen.findByText('Próximas fechas no disponibles.')).toBeInTheDocument();
    // The window stays where it was.
    expect(screen.getByRole('button', { name: /28 nov, 14:00/i })).toBeInTheDocument();
  });

  it('chooses a slot and books it', async () => {
    const user = userEvent.setup();
    const answer = turnsWindowFixture('2026-11-23', { hasPrevious: false, hasNext: true });
    callMock.mockResolvedValueOnce(answer);
    const onBook = vi.fn();
    renderAt(<BookingPicker publicationRef="pubRef0001" onBook={onBook} />);
    const book = await screen.findByRole('button', { name: 'Reservar cita' });
    // spec 000 §5/§8: booking without a slot explains why instead of a silent disabled button.
    await user.click(book);
    expect(await screen.findByText('Debes seleccionar un horario.')).toBeInTheDocument();
    expect(onBook).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /24 nov, 14:00/i }));
    await user.click(book);
    expect(onBook).toHaveBeenCalledWith(answer.turns[1], answer);
  });

  it('says Sin horarios disponibles when the professional cannot take bookings', async () => {
    callMock.mockResolvedValueOnce({
      ...turnsWindowFixture('2026-11-23', { hasPrevious: false, hasNext: false }),
      unavailable: 'Sin horarios disponibles',
      days: [],
      turns: [],
    });
    renderAt(<BookingPicker publicationRef="pubRef0001" onBook={() => {}} />);
    expect(await screen.findByText('Sin horarios disponibles')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reservar cita' })).not.toBeInTheDocument();
  });

  it('explains that only the first session is chosen now', async () => {
    callMock.mockResolvedValueOnce({
      ...turnsWindowFixture('2026-11-23', { hasPrevious: false, hasNext: true }),
      qtySessions: 4,
      onlyFirstSession: true,
    });
    renderAt(<BookingPicker publicationRef="pubRef0001" onBook={() => {}} />);
    expect(await screen.findByText(/Este servicio tiene 4 sesiones/)).toBeInTheDocument();
  });
});
