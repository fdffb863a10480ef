import { CartRecord } from '@agendo/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { publicationFixture } from '../../lib/publication-fixture.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderAt } from './render-helpers.tsx';
import { ServicePage } from './service-page.tsx';
import { noQuestionsFixture, turnsWindowFixture, viewFromMadrid } from './test-fixtures.ts';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);
function answerWith(pub: ReturnType<typeof publicationFixture>) {
  answerActions(callMock, {
    'get-publish': { status: '200', publication: pub },
    'find-turns': turnsWindowFixture('2026-11-23', { hasPrevious: false, hasNext: true }),
    'find-questions': noQuestionsFixture,
  });
}

describe('ServicePage', { timeout: 20_000 }, () => {
  beforeEach(viewFromMadrid);
  afterEach(() => {
    callMock.mockReset();
    vi.restoreAllMocks();
  });

  it('shows the publication, and booking a slot stores the cart and opens confirmation', async () => {
    const user = userEvent.setup();
    answerWith(publicationFixture());
    const router = renderAt(<ServicePage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sesión de psicología online' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: /Lucía Fernández/ })).toHaveAttribute(
      'href',
      '/ar/es/professional/profRef0001',
    );
    expect(screen.getByText('Videollamada por Sala de videollamada de Agendo')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /24 nov, 14:00/i }));
    await user.click(screen.getByRole('button', { name: 'Reservar cita' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/confirmation/pubRef0001'));
    const cart = CartRecord.parse(JSON.parse(localStorage.getItem('cart') ?? 'null'));
    expect(cart).toMatchObject({
      ref: 'pubRef0001',
      dateSelected: '2026-11-24',
      hourStart: '10:00',
      hourStartClient: '14:00',
      timezoneClient: 'Europe/Madrid',
      payRealPrice: 20000,
      currency: 'ARS',
      productType: 1,
      firstBuyBook: false,
    });
  });

  it('shows the paused banner and no booking picker', async () => {
    answerWith(publicationFixture({ paused: 1 }));
    renderAt(<ServicePage />);
    expect(await screen.findByText('La publicación se encuentra pausada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reservar cita' })).not.toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalledWith('find-turns', expect.anything());
  });

  it('says so when the service does not exist', async () => {
    callMock.mockRejectedValue(new ApiError('E7', 'No encontramos el servicio.', undefined, 400));
    renderAt(<ServicePage />);
    expect(await screen.findByRole('heading', { name: 'No encontramos el servicio' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buscar servicios' })).toHaveAttribute('href', '/ar/es/search');
  });
});
