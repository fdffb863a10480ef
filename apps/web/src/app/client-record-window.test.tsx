import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppointmentPanel } from '../features/bookings/appointment-panel.tsx';
import { ApiError, call } from '../lib/api.ts';
import { bookingFixture } from '../lib/booking-fixture.ts';
import { answerActions } from '../lib/test-actions.ts';
import { userDataFixture } from '../lib/user-data-fixture.ts';
import { renderRoutes } from '../test/render.tsx';
import { ClientRecordHost } from './client-record-host.tsx';

vi.mock('../lib/api.ts');
const callMock = vi.mocked(call);

// The window and the contacts slice behind it are lazy chunks (seconds on a busy runner).
const lazyWait = { timeout: 8_000 };

function renderAgenda(onClose: () => void, withWindow = true) {
  const panel = <AppointmentPanel bookingRef="bookRef0001" onClose={onClose} onChanged={() => {}} />;
  return renderRoutes(
    {
      'my-tools/:ref?': withWindow ? <ClientRecordHost>{panel}</ClientRecordHost> : panel,
      'clients/:ref': <p>Consultantes</p>,
    },
    '/ar/es/my-tools',
  );
}

afterEach(() => {
  callMock.mockReset();
  vi.restoreAllMocks();
});

describe('the client-record window from the appointment panel (spec 000 §2.3)', { timeout: 30_000 }, () => {
  it("'Ficha del consultante' closes the panel and opens the contact's record in the window", async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1280);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    const asked: string[] = [];
    answerActions(callMock, {
      'find-booking': { status: '200', booking: bookingFixture(), participants: [] },
      'find-user-data': userDataFixture({ ref: 'profRef001', card_added: 0 }),
      // The record's own reads go to the server with the contact's ref (who may read it is the
      // server's check); refused here, the window shows the record's error.
      'find-user-info-contact': (input) => {
        asked.push(input.ref);
        throw new ApiError('E90', 'No encontramos el contacto.', undefined, 400);
      },
      'find-user-info': new Error('not needed'),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAgenda(onClose);
    const panel = await screen.findByRole('dialog', { name: 'Cita' });
    await user.click(await within(panel).findByRole('button', { name: 'Ficha del consultante' }));
    expect(onClose).toHaveBeenCalled();

    const record = await screen.findByRole('dialog', { name: 'Ficha de Valentina Sosa' }, lazyWait);
    expect(record).toHaveAttribute('aria-modal', 'false');
    expect(within(record).getByRole('link', { name: /Abrir en Consultantes/ })).toHaveAttribute(
      'href',
      '/ar/es/clients/conRef0001',
    );
    await waitFor(() => expect(asked).toContain('conRef0001'), lazyWait);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ficha de Valentina Sosa' })).toBeNull());
  });

  it('outside the shell the button stays a link to clients/{ref}', async () => {
    answerActions(callMock, {
      'find-booking': { status: '200', booking: bookingFixture(), participants: [] },
      'find-user-data': userDataFixture({ ref: 'profRef001', card_added: 0 }),
    });
    renderAgenda(() => {}, false);
    const panel = await screen.findByRole('dialog', { name: 'Cita' });
    expect(await within(panel).findByRole('link', { name: 'Ficha del consultante' })).toHaveAttribute(
      'href',
      '/ar/es/clients/conRef0001',
    );
  });
});
