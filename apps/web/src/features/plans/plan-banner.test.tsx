import type { OutputOf } from '@agendo/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { clearSession, setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { PlanBanner } from './plan-banner.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/api.ts')>();
  return { ...original, call: vi.fn() };
});
const callMock = vi.mocked(call);

const professional: OutputOf<'find-user-data'> = {
  status: '200',
  ref: 'profRef0001',
  userType: 1,
  blockUse: 0,
  card_added: 1,
  userPlan: 1,
  periodFree: 0,
  difDaysPeriodFree: null,
};

function renderAt(path: string) {
  return renderRoutes(
    {
      'my-tools': (
        <>
          <PlanBanner />
          <p>Agenda</p>
        </>
      ),
      'my-plan': (
        <>
          <PlanBanner />
          <p>Página de mi plan</p>
        </>
      ),
    },
    path,
  );
}

/** The user data answered and rendered (an answer arrives on a later tick than the call). */
async function settled() {
  await vi.waitFor(() => expect(callMock).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe("the professional's plan warnings on every page (spec 002 §4)", { timeout: 20_000 }, () => {
  beforeEach(() => setToken('token-of-a-professional'));
  afterEach(() => {
    callMock.mockReset();
    clearSession();
  });

  it('at quota says clients cannot book and leads to the gift on my-plan', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-user-data': { ...professional, blockUse: 1, canSelectGift: 1, giftExtra: 5 },
    });
    renderAt('/ar/es/my-tools');
    expect(
      await screen.findByText(
        'Alcanzaste los turnos de tu plan: tus clientes no podrán reservar contigo hasta que se renueve tu ciclo mensual.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Quiero más turnos' }));
    expect(await screen.findByText('Página de mi plan')).toBeVisible();
    // my-plan shows its own warning; the banner steps aside there.
    expect(screen.queryByRole('link', { name: 'Quiero más turnos' })).not.toBeInTheDocument();
  });

  it('on the last trial day says so, with the way to choose a plan', async () => {
    answerActions(callMock, {
      'find-user-data': { ...professional, userPlan: 4, periodFree: 1, difDaysPeriodFree: 0 },
    });
    renderAt('/ar/es/my-tools');
    expect(await screen.findByText('Tu período de prueba finaliza hoy.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Elegir mi plan' })).toHaveAttribute('href', '/ar/es/my-plan');
  });

  it('shows nothing with days to spare, nor to a client', async () => {
    answerActions(callMock, {
      'find-user-data': { ...professional, userPlan: 4, periodFree: 1, difDaysPeriodFree: 20 },
    });
    renderAt('/ar/es/my-tools');
    expect(await screen.findByText('Agenda')).toBeVisible();
    await settled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows nothing to a client even with a block flag', async () => {
    answerActions(callMock, {
      'find-user-data': { ...professional, userType: 2, blockUse: 1 },
    });
    renderAt('/ar/es/my-tools');
    await settled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
