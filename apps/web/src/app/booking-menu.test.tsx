import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BillingTable } from '../features/sales/billing-table.tsx';
import { call } from '../lib/api.ts';
import { billingRowFixture } from '../lib/billing-row-fixture.ts';
import { bookingFixture } from '../lib/booking-fixture.ts';
import { answerActions } from '../lib/test-actions.ts';
import { userDataFixture } from '../lib/user-data-fixture.ts';
import { desktopScreen } from '../test/media-query.ts';
import { renderRoutes } from '../test/render.tsx';
import { BookingMenuProvider } from '../ui/booking-menu-slot.tsx';
import { AppBookingMenu } from './booking-menu.tsx';

vi.mock('../lib/api.ts');
const callMock = vi.mocked(call);
const row = billingRowFixture;

/** The sales table with the bookings feature's appointment panel in its slot, as the shell has it. */
function renderTable() {
  return renderRoutes(
    {
      billing: (
        <BookingMenuProvider value={AppBookingMenu}>
          <BillingTable ownCountry={5} />
        </BookingMenuProvider>
      ),
      'my-tools/:ref': <p>Agenda</p>,
    },
    '/ar/es/billing',
  );
}

desktopScreen();
afterEach(() => callMock.mockReset());

describe('the appointment panel offered to the sales table (spec 001 §2.3)', { timeout: 20_000 }, () => {
  it("'Ver contratación' of a session opens the appointment's options panel over the table", async () => {
    answerActions(callMock, {
      'find-billing-all': { status: '200', rows: [row()], total: 1 },
      'find-booking': (input) => {
        expect(input.ref).toBe('bookRef00001');
        return {
          status: '200',
          booking: bookingFixture({ id: 'bookRef00001', title: 'Sesión de psicología' }),
          participants: [],
        };
      },
      'find-user-data': userDataFixture({ ref: 'profRef001', card_added: 0 }),
    });
    const user = userEvent.setup();
    const router = renderTable();
    const sale = (await screen.findByText('Valentina Sosa')).closest('tr') as HTMLElement;
    await user.click(within(sale).getByRole('button', { name: 'Ver contratación' }));
    const panel = await screen.findByRole('dialog', { name: 'Cita' });
    expect(await within(panel).findByText('Sesión de psicología')).toBeTruthy();
    // The professional stays on the sales table.
    expect(router.state.location.pathname).toBe('/ar/es/billing');
  });
});
