import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { bookingFixture } from '../../lib/booking-fixture.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { MyCouponsPage } from './my-coupons-page.tsx';
import { ResultPage } from './result-page.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

function renderAt(pattern: string, path: string, element: ReactNode) {
  return renderRoutes([{ path: pattern, element }], path);
}

describe('result pages (spec 000 §2.2)', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it("pay-success says what was booked: service, day and hour in the client's zone, link, price", async () => {
    answerActions(callMock, {
      'find-booking': {
        status: '200',
        booking: bookingFixture({
          viewerRole: 'client',
          title: 'Consulta de nutrición deportiva',
          sellerName: 'Andrés Gómez',
          date: '2026-12-01',
          hourStartClient: '10:00',
          timezoneClient: 'America/Argentina/Buenos_Aires',
          platformVideoCall: 2,
          linkVideoCall: 'https://meet.example.test/abc',
          price: 31,
          currency: 'USD',
          pay: 1,
        }),
        participants: [],
      },
    });
    renderAt(
      '/:country/:lang/pay-success',
      '/ar/es/pay-success?ref=bookRef0001',
      <ResultPage kind="pay-success" />,
    );
    const summary = await screen.findByRole('region', { name: 'Tu reserva' });
    expect(within(summary).getByText('Consulta de nutrición deportiva')).toBeInTheDocument();
    expect(within(summary).getByText('con Andrés Gómez')).toBeInTheDocument();
    expect(
      within(summary).getByText('martes, 1 de diciembre a las 10:00 (tu hora, Buenos Aires, GMT-3)'),
    ).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Enlace de la videollamada' })).toHaveAttribute(
      'href',
      'https://meet.example.test/abc',
    );
    expect(within(summary).getByTestId('summary-price').textContent?.replace(/\s/g, ' ')).toBe(
      'US$ 31,00 · ABONADA',
    );
    expect(callMock).toHaveBeenCalledWith('find-booking', expect.objectContaining({ ref: 'bookRef0001' }));
  });

  it('cash-success names the place of an in-person appointment', async () => {
    answerActions(callMock, {
      'find-booking': {
        status: '200',
        booking: bookingFixture({
          viewerRole: 'client',
          modalityChosen: 2,
          address: 'Av. Corrientes 1234, CABA',
          price: 25000,
          currency: 'ARS',
        }),
        participants: [],
      },
    });
    renderAt(
      '/:country/:lang/cash-success',
      '/ar/es/cash-success?ref=bookRef0001',
      <ResultPage kind="cash-success" />,
    );
    const summary = await screen.findByRole('region', { name: 'Tu reserva' });
    expect(within(summary).getByText('Presencial en Av. Corrientes 1234, CABA')).toBeInTheDocument();
    expect(within(summary).getByTestId('summary-price').textContent?.replace(/\s/g, ' ')).toBe(
      '$ 25.000,00 ARS · IMPAGA',
    );
  });

  it.each([
    ['pay-success', '¡Pago aprobado! Tu cita está reservada'],
    ['manual-success', 'Tu cita está reservada'],
    ['refound', 'Reintegramos tu pago'],
    ['decline-price', 'Rechazaste el valor de la cita'],
  ] as const)('%s says what happened and links to the appointment', async (kind, title) => {
    answerActions(callMock, {
      'find-booking': { status: '200', booking: bookingFixture({ viewerRole: 'client' }), participants: [] },
    });
    renderAt(`/:country/:lang/${kind}`, `/ar/es/${kind}?ref=bookRef0001`, <ResultPage kind={kind} />);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mis citas' })).toHaveAttribute(
      'href',
      '/ar/es/my-bookings/bookRef0001',
    );
  });

  it('booking-not-found links to the list, not to a ref that does not exist', async () => {
    renderAt(
      '/:country/:lang/booking-not-found',
      '/ar/es/booking-not-found?ref=x',
      <ResultPage kind="booking-not-found" />,
    );
    expect(await screen.findByRole('heading', { name: 'No encontramos la cita' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mis citas' })).toHaveAttribute('href', '/ar/es/my-bookings');
  });
});

describe('my-coupons', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('shows the empty state, then the server refusal on the code field', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-coupons': { status: '200', coupons: [] },
      'save-coupon': new ApiError('E46', 'Ya tienes un cupón con ese código.', 'code', 400),
    });
    renderAt('/:country/:lang/my-coupons', '/ar/es/my-coupons', <MyCouponsPage />);
    expect(await screen.findByText('Todavía no tienes cupones')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nuevo cupón' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cupón' });
    await user.type(within(dialog).getByLabelText(/Código/), 'otono');
    expect(within(dialog).getByLabelText(/Código/)).toHaveValue('OTONO');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Ya tienes un cupón con ese código.')).toBeInTheDocument();
  });

  it('lists coupons and deletes one only after confirming', async () => {
    const user = userEvent.setup();
    const coupon = {
      ref: 'couponRef01',
      code: 'OTONO20',
      kind: 'percent' as const,
      value: 20,
      currency: null,
      validFrom: '2026-11-01',
      validTo: '2026-11-30',
      usageLimit: 10,
      usedCount: 3,
    };
    answerActions(callMock, {
      'find-coupons': { status: '200', coupons: [coupon] },
      'delete-coupon': { status: '200' },
    });
    renderAt('/:country/:lang/my-coupons', '/ar/es/my-coupons', <MyCouponsPage />);
    expect(await screen.findByText('OTONO20')).toBeInTheDocument();
    expect(screen.getByText(/3 de 10 usos/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Eliminar el cupón OTONO20' }));
    expect(callMock).not.toHaveBeenCalledWith('delete-coupon', expect.anything());
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar el cupón?' });
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith('delete-coupon', { ref: 'couponRef01' }));
  });
});
