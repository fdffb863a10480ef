import type { OutputOf } from '@agendo/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { contactFixture } from '../../lib/contact-fixture.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { browserInZone } from '../../test/fake-today.ts';
import { ManualAppointmentModal } from './manual-appointment-modal.tsx';
import { renderAt } from './test-fixtures.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const contact = contactFixture('conRef0001', 'Valentina', 'Sosa', 'valen@example.com', null);
const publication = (
  ref: string,
  title: string,
  modalityId: 1 | 2 | 3,
): OutputOf<'find-my-publications'>['publications'][number] => ({
  ref,
  title,
  therapy: 'Psicología',
  modalityId,
  modality: 'Online',
  duration: 50,
  typeTurn: 1,
  qtySessions: 1,
  groupCapacity: 1,
  profCurrency: 'ARS',
  realPriceLocal: 20000,
  realPriceInter: 20,
  promoActive: false,
  promoPriceLocal: null,
  free: 0,
  noPrice: 0,
  hidePrice: 0,
  paused: 0,
  image: null,
  updatedAt: '2026-11-01T10:00:00.000Z',
});

function answer(save: (input: unknown) => OutputOf<'save-booking-by-prof'>) {
  answerActions(callMock, {
    'find-contacts': { status: '200', contacts: [contact] },
    'find-my-publications': {
      status: '200',
      publications: [
        publication('pubRef0001', 'Sesión de psicoterapia', 1),
        publication('pubRef0002', 'Taller', 3),
      ],
    },
    'find-bookings': { status: '200', bookings: [], next: null },
    'save-booking-by-prof': save,
  });
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: RegExp) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

function renderModal(onClose = vi.fn()) {
  renderAt(
    '/:country/:lang/my-tools',
    '/ar/es/my-tools',
    <ManualAppointmentModal
      opened
      onClose={onClose}
      zone="America/Argentina/Buenos_Aires"
      defaultDate="2026-11-24"
    />,
  );
  return onClose;
}

describe('ManualAppointmentModal (createByProf)', { timeout: 20_000 }, () => {
  // The browser is in Madrid; the hour typed is the professional's (Buenos Aires).
  browserInZone('Europe/Madrid');
  afterEach(() => callMock.mockReset());

  it('sends a weekly recurrence with its number of weeks', async () => {
    const user = userEvent.setup();
    answer(() => ({ status: '200', refs: ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'] }));
    const onClose = renderModal();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Consultante' })).toBeEnabled());
    // issue 12: the zone by its city and offset, not its IANA id.
    expect(screen.getByText('Fecha y hora en tu zona horaria (Buenos Aires, GMT-3).')).toBeInTheDocument();
    await choose(user, 'Consultante', /Valentina Sosa/);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Servicio' })).toBeEnabled());
    await choose(user, 'Servicio', /Sesión de psicoterapia/);
    fireEvent.change(screen.getByLabelText(/^Hora/), { target: { value: '18:30' } });
    await user.click(screen.getByRole('checkbox', { name: 'Repetir semanalmente' }));
    const weeks = screen.getByRole('textbox', { name: /Cantidad de semanas/ });
    await user.clear(weeks);
    await user.type(weeks, '6');
    await user.click(screen.getByRole('button', { name: 'Crear cita' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('save-booking-by-prof', {
        contactRef: 'conRef0001',
        publicationRef: 'pubRef0001',
        // 18:30 in Buenos Aires (UTC−3), whatever the browser's zone.
        startsAt: '2026-11-24T21:30:00.000Z',
        weeks: 6,
      }),
    );
    expect(await screen.findByText('Se crearon 6 citas semanales.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for the modality when the service offers both, and shows a server error on its field', async () => {
    const user = userEvent.setup();
    answer(() => {
      throw new ApiError(
        'E10',
        'El horario elegido ya no está disponible. Elige otro horario.',
        'startsAt',
        400,
      );
    });
    renderModal();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Consultante' })).toBeEnabled());
    await choose(user, 'Consultante', /Valentina Sosa/);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Servicio' })).toBeEnabled());
    await choose(user, 'Servicio', /Taller/);
    fireEvent.change(screen.getByLabelText(/^Hora/), { target: { value: '09:00' } });
    await user.click(screen.getByRole('button', { name: 'Crear cita' }));
    expect(await screen.findByText('Debes seleccionar la modalidad.')).toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalledWith('save-booking-by-prof', expect.anything());
    await user.click(screen.getByText('Presencial'));
    await user.click(screen.getByRole('button', { name: 'Crear cita' }));
    const hour = screen.getByLabelText(/^Hora/);
    expect(
      await screen.findByText('El horario elegido ya no está disponible. Elige otro horario.'),
    ).toBeInTheDocument();
    expect(hour).toHaveAttribute('aria-invalid', 'true');
    expect(callMock).toHaveBeenCalledWith(
      'save-booking-by-prof',
      expect.objectContaining({ modality: 2, weeks: 1, publicationRef: 'pubRef0002' }),
    );
  });
});
