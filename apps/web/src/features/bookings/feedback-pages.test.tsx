import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { CalificatePage, CancelationPage } from './feedback-pages.tsx';
import { renderAt } from './test-fixtures.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

describe('feedback pages', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('asks for stars before rating, then sends them with the comment', async () => {
    const user = userEvent.setup();
    answerActions(callMock, { calificate: { status: '200' } });
    const router = renderAt(
      '/:country/:lang/calificate/:ref',
      '/ar/es/calificate/bookRef0001',
      <CalificatePage />,
    );
    await user.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Elige entre 1 y 5 estrellas.');
    expect(callMock).not.toHaveBeenCalledWith('calificate', expect.anything());
    const four = screen.getByRole('radio', { name: '4 de 5 estrellas' });
    fireEvent.click(document.querySelector(`label[for="${four.id}"]`) as HTMLElement);
    await user.type(screen.getByLabelText('Comentario (opcional)'), 'Muy clara');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('calificate', {
        ref: 'bookRef0001',
        stars: 4,
        comment: 'Muy clara',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/califications/bookRef0001'));
  });

  it('cancels with the reason and shows the cancellation', async () => {
    const user = userEvent.setup();
    answerActions(callMock, { 'cancel-booking': { status: '200', ref: 'bookRef0001', refunded: false } });
    const router = renderAt(
      '/:country/:lang/cancelation/:ref',
      '/ar/es/cancelation/bookRef0001',
      <CancelationPage />,
    );
    await user.type(await screen.findByLabelText('Motivo (opcional)'), 'Viaje');
    await user.click(screen.getByRole('button', { name: 'Cancelar cita' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('cancel-booking', { ref: 'bookRef0001', reason: 'Viaje' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/cancelations/bookRef0001'));
  });
});
