import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { bookingFixture } from '../../lib/booking-fixture.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { NextSessionPage } from './next-session-page.tsx';
import { renderAt } from './test-fixtures.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

describe('next-session/{ref}', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('lists the next sessions of the appointment', async () => {
    localStorage.setItem('token', 'tok');
    answerActions(callMock, {
      'find-next-sessions': {
        status: '200',
        bookings: [
          bookingFixture({ id: 'n1', recurrent: 1 }),
          bookingFixture({ id: 'n2', dateNoFormat: '2026-12-01T13:00:00.000Z', recurrent: 1, pay: 1 }),
        ],
      },
    });
    renderAt('/:country/:lang/next-session/:ref', '/ar/es/next-session/bookRef0001', <NextSessionPage />);
    expect(await screen.findByRole('heading', { name: 'Próximas sesiones' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: /Martes 1 de diciembre 2026 a las 10:00/ }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(callMock).toHaveBeenCalledWith(
      'find-next-sessions',
      expect.objectContaining({ ref: 'bookRef0001' }),
    );
  });

  it('says when the appointment does not exist', async () => {
    localStorage.setItem('token', 'tok');
    callMock.mockRejectedValue(new Error('E14'));
    renderAt('/:country/:lang/next-session/:ref', '/ar/es/next-session/unknown0001', <NextSessionPage />);
    expect(await screen.findByText('No encontramos la cita')).toBeInTheDocument();
  });
});
