import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { PaymentsCard } from './payments-card.tsx';

describe('Mi cuenta: the way to the payment and fiscal settings', () => {
  it('leads an Argentine professional to edit-afip-data', async () => {
    const router = renderRoutes(
      { 'my-account': <PaymentsCard country={5} />, 'edit-afip-data': <p>editor</p> },
      '/ar/es/my-account',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Datos de facturación' }));
    expect(router.state.location.pathname).toBe('/ar/es/edit-afip-data');
  });

  it('offers no AFIP data outside Argentina (invoices exist only there, spec 001 §2.3)', () => {
    renderRoutes({ 'my-account': <PaymentsCard country={81} /> }, '/cl/es/my-account');
    expect(screen.getByRole('link', { name: 'Cuenta Bancaria' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Datos de facturación' })).toBeNull();
  });
});
