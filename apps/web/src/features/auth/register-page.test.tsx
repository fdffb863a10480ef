import type { InputOf } from '@agendo/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { clearSession } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { planGrid, planRow } from '../../test/plan-fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { RegisterPage } from './register-page.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const grid = planGrid(planRow(6, 3, 365, 329_989_00));

function renderRegister(at: string) {
  return renderRoutes(
    {
      'register/:ref?/:ref2?': <RegisterPage />,
      'my-plan': <p>Página de mi plan</p>,
      'my-account': <p>Página de mi cuenta</p>,
    },
    at,
  );
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre'), 'Elena');
  await user.type(screen.getByLabelText('Apellido'), 'Suárez');
  await user.type(screen.getByLabelText('Email'), 'elena@example.com');
  await user.type(screen.getByLabelText('Contraseña', { selector: 'input' }), 'una-clave-larga-1');
}

describe('register with the plan grid (spec 002 §2 isRegister)', { timeout: 20_000 }, () => {
  afterEach(() => {
    callMock.mockReset();
    clearSession();
  });

  it('a professional sees the grid alone, with the no-card note, and the chosen plan is kept for after the trial', async () => {
    const user = userEvent.setup();
    const plansAsked: InputOf<'find-plans'>[] = [];
    const changes: InputOf<'change-plan'>[] = [];
    const registered: InputOf<'register'>[] = [];
    // change-plan answers the professional's plan data: the trial with the plan chosen.
    answerActions(callMock, {
      'find-plans': (input) => {
        plansAsked.push(input);
        return grid;
      },
      register: (input) => {
        registered.push(input);
        return { status: '200', token: 'token-of-elena', userType: 1 };
      },
      'change-plan': (input) => {
        changes.push(input);
        return {
          status: '200',
          userCountry: 5,
          userPlan: 4,
          days_plan: 30,
          periodStartUser: '2026-11-25T00:00:00.000Z',
          periodFinishUser: '2026-12-25T00:00:00.000Z',
          periodStartNextUser: '2026-12-25T00:00:00.000Z',
          cycleStart: '2026-11-25T00:00:00.000Z',
          cycleEnd: '2026-12-25T00:00:00.000Z',
          selectPlan: 1,
          periodFree: 1,
          difDaysPeriodFree: 30,
          selectedPlan: { planId: 3, duration: 365 },
          daysFinishPlan: 0,
          daysMonth: 30,
          totalUses: null,
          planUses: 0,
          blockUse: 0,
          canSelectGift: 0,
          giftExtra: 0,
          card_added: 0,
          inPaidPeriod: false,
          currentPrice: 0,
          currency: 'ARS',
          prorrateo: 0,
          message: 'Se ha actualizado tu plan.',
        };
      },
    });
    renderRegister('/ar/es/register?tipo=profesional');

    const plans = await screen.findByRole('region', { name: 'Planes' }, { timeout: 10_000 });
    expect(
      within(plans).getByText(
        'Empiezas con 30 días de prueba gratis y no necesitas tarjeta durante la prueba: el plan que elijas comenzará cuando termine.',
      ),
    ).toBeVisible();
    expect(plansAsked).toEqual([{ isRegister: true, showFree: 'NO' }]);
    // Register mode is the grid alone: no current plan, no gift, no change modal.
    expect(screen.queryByText('Tu plan actual')).not.toBeInTheDocument();

    await user.click(within(plans).getByRole('tab', { name: 'Planes anuales' }));
    expect(within(plans).getByText('Pagás 11 meses y congelás el precio por 12 meses.')).toBeVisible();
    const unlimited = within(plans).getByRole('article', { name: 'Plan Ilimitado' });
    await user.click(within(unlimited).getByRole('button', { name: 'Elegir' }));
    expect(within(unlimited).getByRole('button', { name: 'Elegido' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    expect(await screen.findByText('Página de mi plan')).toBeVisible();
    expect(registered).toHaveLength(1);
    expect(registered[0]).toMatchObject({ userType: 1, userMail: 'elena@example.com' });
    expect(changes).toEqual([{ planSelected: 6 }]);
  });

  it('a professional may leave the choice for later; nothing is changed', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-plans': grid,
      register: { status: '200', token: 'token-of-elena', userType: 1 },
    });
    renderRegister('/ar/es/register?tipo=profesional');
    await screen.findByRole('region', { name: 'Planes' }, { timeout: 10_000 });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByText('Página de mi cuenta')).toBeVisible();
    const names = callMock.mock.calls.map(([name]) => name);
    expect(names).toContain('register');
    expect(names).not.toContain('change-plan');
  });

  it('a client signs up without the plan grid', async () => {
    answerActions(callMock, {});
    renderRegister('/ar/es/register?tipo=consultante');
    expect(await screen.findByRole('button', { name: 'Crear cuenta' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Planes' })).not.toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalled();
  });
});
