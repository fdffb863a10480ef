import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { ExchangeRatesPage } from './exchange-rates-page.tsx';

const rates = [
  { currency: 'ARS', unitsPerUsd: '1450', updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: null },
  { currency: 'USD', unitsPerUsd: '1', updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: null },
];

function renderPage() {
  renderRoutes({ 'admin/exchange-rates': <ExchangeRatesPage /> }, '/ar/es/admin/exchange-rates');
}

const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('admin/exchange-rates', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.setItem('token', 'a'.repeat(32)));
  afterEach(() => vi.unstubAllGlobals());

  it('tells a non-administrator the page is not for them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        reply(403, { status: '403', code: 'E403', message: 'No tienes permisos para realizar esta acción.' }),
      ),
    );
    renderPage();
    expect(await screen.findByText('Solo para administradores')).toBeInTheDocument();
  });

  it('checks the rate with the contract and saves a valid one', async () => {
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body));
        if (body.action === 'find-exchange-rates') return reply(200, { status: '200', rates });
        sent.push(body);
        return reply(200, { status: '200', rate: { ...rates[0], unitsPerUsd: '1500' } });
      }),
    );
    renderPage();
    const input = await screen.findByRole('textbox', { name: 'Unidades por USD ARS' });
    expect(screen.queryByRole('textbox', { name: 'Unidades por USD USD' })).not.toBeInTheDocument();

    await userEvent.clear(input);
    await userEvent.type(input, '-3');
    await userEvent.click(screen.getAllByRole('button', { name: 'Guardar' })[0] as HTMLElement);
    expect(
      await screen.findByText('La cotización debe ser un número mayor a 0 con hasta 6 decimales.'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '1500');
    await userEvent.click(screen.getAllByRole('button', { name: 'Guardar' })[0] as HTMLElement);
    await waitFor(() =>
      expect(sent[0]).toMatchObject({ action: 'save-exchange-rate', currency: 'ARS', unitsPerUsd: '1500' }),
    );
    expect(await screen.findByText('Cotización guardada.')).toBeInTheDocument();
  });
});
