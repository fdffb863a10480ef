import type { InputOf, OutputOf } from '@agendo/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { clearSession, setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { parseAmount } from './plan-prices-page.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/api.ts')>();
  return { ...original, call: vi.fn() };
});
const callMock = vi.mocked(call);

type Price = OutputOf<'find-plan-prices'>['prices'][number];
let nextId = 1;
function table(countryId: number, currency: string, base: number): Price[] {
  return ([1, 2, 3] as const).flatMap((planId) =>
    ([30, 180, 365] as const).map((duration) => ({
      id: nextId++,
      countryId,
      planId,
      duration,
      currency,
      amountMinor: base * planId * { 30: 1, 180: 6, 365: 11 }[duration],
    })),
  );
}
const prices: OutputOf<'find-plan-prices'> = {
  status: '200',
  prices: [...table(55, 'USD', 10_00), ...table(5, 'ARS', 10_000_00)],
};
const savedAnswer = (input: InputOf<'save-plan-price'>): OutputOf<'save-plan-price'> => ({
  status: '200',
  price: {
    id: 99,
    countryId: Number(input.countryId),
    planId: input.planId as 1 | 2 | 3,
    duration: input.duration as 30 | 180 | 365,
    currency: input.currency,
    amountMinor: Number(input.amountMinor),
  },
});

describe('admin/plan-prices (issue 16: prices per country and currency)', { timeout: 30_000 }, () => {
  beforeEach(() => setToken('token-of-the-administrator'));
  afterEach(() => {
    callMock.mockReset();
    clearSession();
  });

  it('reads typed prices the way people write them', () => {
    expect(parseAmount('19.999,50', 'ARS')).toBe(1_999_950);
    expect(parseAmount('19999', 'ARS')).toBe(1_999_900);
    expect(parseAmount('12.5', 'USD')).toBe(1250);
    expect(parseAmount('1.000.000', 'CLP')).toBe(1_000_000);
    expect(parseAmount('-3', 'ARS')).toBeNull();
    expect(parseAmount('doce', 'ARS')).toBeNull();
  });

  it('tells a non-administrator the page is not for them', async () => {
    answerActions(callMock, {
      'find-plan-prices': new ApiError(
        'E403',
        'No tienes permisos para realizar esta acción.',
        undefined,
        403,
      ),
    });
    renderRoutes(routes, '/ar/es/admin/plan-prices');
    expect(
      await screen.findByText('Solo para administradores', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Guardar precios' })).not.toBeInTheDocument();
  });

  it('shows each country’s grid and saves only the prices that changed', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'save-plan-price'>[] = [];
    answerActions(callMock, {
      'find-plan-prices': prices,
      'save-plan-price': (input) => {
        sent.push(input);
        return savedAnswer(input);
      },
    });
    renderRoutes(routes, '/ar/es/admin/plan-prices');
    const argentina = await screen.findByRole('region', { name: 'Argentina' }, { timeout: 10_000 });
    const cell = within(argentina).getByRole('textbox', {
      name: 'Argentina: Plan Profesional, Planes semestrales (ARS)',
    });
    expect(cell).toHaveValue('120000,00');
    expect(
      screen.getByRole('region', {
        name: 'Internacional (USD): Estados Unidos y los países sin precios propios',
      }),
    ).toBeVisible();

    await user.clear(cell);
    await user.type(cell, 'mucho');
    await user.click(within(argentina).getByRole('button', { name: 'Guardar precios' }));
    expect(await within(argentina).findByText('El precio no es válido.')).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(cell);
    await user.type(cell, '125.000,50');
    await user.click(within(argentina).getByRole('button', { name: 'Guardar precios' }));
    expect(await screen.findByText('Precios guardados.')).toBeVisible();
    expect(sent).toEqual([
      { countryId: 5, planId: 2, duration: 180, currency: 'ARS', amountMinor: 12_500_050 },
    ]);
  });

  it('a new country starts empty, marked incomplete, and a refused price is shown on its cell', async () => {
    const user = userEvent.setup();
    const sent: InputOf<'save-plan-price'>[] = [];
    answerActions(callMock, {
      'find-plan-prices': prices,
      'save-plan-price': (input) => {
        sent.push(input);
        if (input.planId === 2) throw new ApiError('E4', 'El precio no es válido.', 'amountMinor', 400);
        return savedAnswer(input);
      },
    });
    renderRoutes(routes, '/ar/es/admin/plan-prices');
    const add = await screen.findByRole('button', { name: 'Agregar' }, { timeout: 10_000 });
    await user.click(screen.getByRole('textbox', { name: 'País' }));
    await user.click(await screen.findByRole('option', { name: 'México' }));
    await user.click(add);
    const mexico = screen.getByRole('region', { name: 'México' });
    expect(
      within(mexico).getByText(
        'Incompleto: mientras falten precios, este país usa los precios internacionales.',
      ),
    ).toBeVisible();
    await user.type(
      within(mexico).getByRole('textbox', { name: 'México: Plan Inicial, Planes mensuales (MXN)' }),
      '199',
    );
    await user.type(
      within(mexico).getByRole('textbox', { name: 'México: Plan Profesional, Planes mensuales (MXN)' }),
      '399',
    );
    await user.click(within(mexico).getByRole('button', { name: 'Guardar precios' }));
    expect(await within(mexico).findByText('El precio no es válido.')).toBeVisible();
    expect(sent).toEqual([
      { countryId: 42, planId: 1, duration: 30, currency: 'MXN', amountMinor: 19_900 },
      { countryId: 42, planId: 2, duration: 30, currency: 'MXN', amountMinor: 39_900 },
    ]);
  });
});
