import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { bookingFixture } from '../../lib/booking-fixture.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { browserInZone } from '../../test/fake-today.ts';
import { Agenda } from './agenda-page.tsx';
import { renderAt } from './test-fixtures.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);
const zone = 'America/Argentina/Buenos_Aires';

describe('Agenda (my-tools)', { timeout: 20_000 }, () => {
  // The browser is in Tokyo: a placement by the browser's zone would land a day later.
  browserInZone('Asia/Tokyo');
  afterEach(() => callMock.mockReset());

  it("places an appointment on its day and hour in the professional's zone, not the browser's", async () => {
    answerActions(callMock, {
      'find-bookings': {
        status: '200',
        // 23:30 UTC = 20:30 in Buenos Aires on Tuesday 24; 08:30 on Wednesday 25 in Tokyo.
        bookings: [bookingFixture({ dateNoFormat: '2026-11-24T23:30:00.000Z', hourStart: '20:30' })],
        next: null,
      },
    });
    renderAt(
      '/:country/:lang/my-tools/:ref?',
      '/ar/es/my-tools?view=week&date=2026-11-24',
      <Agenda zone={zone} />,
    );
    const tuesday = await screen.findByRole('region', { name: 'Citas del martes 24' });
    // issue 12: the zone by its city and offset, not its IANA id.
    expect(screen.getByText('Horarios en tu zona horaria (Buenos Aires, GMT-3).')).toBeInTheDocument();
    const chip = await within(tuesday).findByRole('button', { name: /20:30 Valentina Sosa/ });
    expect(chip.parentElement).toHaveAttribute('data-start', '20:30');
    expect(
      within(screen.getByRole('region', { name: 'Citas del miércoles 25' })).queryByRole('button'),
    ).toBeNull();
    // The week asked for is Monday 23 to Monday 30 at midnight in Buenos Aires (UTC−3).
    expect(callMock).toHaveBeenCalledWith('find-bookings', {
      mode: 1,
      from: '2026-11-23T03:00:00.000Z',
      to: '2026-11-30T03:00:00.000Z',
      timezone: zone,
    });
  });

  it('writes each state next to its colour, in the legend and on the block', async () => {
    answerActions(callMock, {
      'find-bookings': {
        status: '200',
        next: null,
        bookings: [
          bookingFixture({ id: 'a1', pay: 1 }),
          bookingFixture({
            id: 'a2',
            dateNoFormat: '2026-11-24T15:00:00.000Z',
            hidePrice: 1,
            priceProfOk: 1,
            state: 'pending',
          }),
          bookingFixture({ id: 'a3', dateNoFormat: '2026-11-24T17:00:00.000Z', state: 'cancelled' }),
        ],
      },
    });
    renderAt(
      '/:country/:lang/my-tools/:ref?',
      '/ar/es/my-tools?view=day&date=2026-11-24',
      <Agenda zone={zone} />,
    );
    const legend = screen.getByRole('list', { name: 'Referencias de colores' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Abonada',
      'Impaga',
      'Precio a definir',
      'Esperando confirmación del precio',
      'Gratis',
      'Realizada',
      'Cancelada',
    ]);
    expect(await screen.findByRole('button', { name: /10:00 Valentina Sosa.*Abonada/ })).toHaveAttribute(
      'data-state',
      'paid',
    );
    expect(
      screen.getByRole('button', { name: /12:00 .*Esperando confirmación del precio/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /14:00 .*Cancelada/ })).toBeInTheDocument();
  });

  it('opens the options panel of an appointment from the keyboard', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-booking': { status: '200', booking: bookingFixture({ groupId: 'g1' }), participants: [] },
      'find-bookings': {
        status: '200',
        bookings: [bookingFixture({ groupId: 'g1' }), bookingFixture({ id: 'b2', groupId: 'g1' })],
        next: null,
      },
    });
    const router = renderAt(
      '/:country/:lang/my-tools/:ref?',
      '/ar/es/my-tools?view=day&date=2026-11-24',
      <Agenda zone={zone} />,
    );
    // A group slot is one block with its count.
    const chip = await screen.findByRole('button', { name: /10:00 2 participantes/ });
    chip.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/my-tools/bookRef0001'));
    expect(await screen.findByRole('dialog', { name: 'Cita' })).toBeInTheDocument();
  });

  it('opens my-tools/{ref} on the week of that appointment, with its panel', async () => {
    answerActions(callMock, {
      'find-booking': {
        status: '200',
        booking: bookingFixture({ dateNoFormat: '2027-01-12T13:00:00.000Z' }),
        participants: [],
      },
      'find-bookings': { status: '200', bookings: [], next: null },
    });
    const router = renderAt(
      '/:country/:lang/my-tools/:ref?',
      '/ar/es/my-tools/bookRef0001',
      <Agenda zone={zone} />,
    );
    // The panel may open before or after the week draws; once it is open the page behind it
    // is hidden from the accessibility tree, so the heading is looked up with hidden: true.
    await waitFor(() => expect(router.state.location.search).toContain('date=2027-01-12'), { timeout: 5000 });
    expect(
      await screen.findByRole(
        'heading',
        { name: '11 – 17 de enero de 2027', hidden: true },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Cita' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows the empty state of the period', async () => {
    answerActions(callMock, { 'find-bookings': { status: '200', bookings: [], next: null } });
    renderAt(
      '/:country/:lang/my-tools/:ref?',
      '/ar/es/my-tools?view=week&date=2026-11-24',
      <Agenda zone={zone} />,
    );
    expect(await screen.findByText('No tienes citas en este período.')).toBeInTheDocument();
  });
});
