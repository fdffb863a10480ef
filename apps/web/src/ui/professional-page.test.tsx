import type { OutputOf } from '@agendo/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../lib/api.ts';
import { answerActions } from '../lib/test-actions.ts';
import { renderRoutes } from '../test/render.tsx';
import { ProfessionalPage } from './professional-page.tsx';

vi.mock('../lib/api.ts');
const callMock = vi.mocked(call);

function userData(userType: 1 | 2): OutputOf<'find-user-data'> {
  return { status: '200', ref: 'userRef0001', userType, blockUse: 0, card_added: 0, userPlan: 1 };
}

function renderPage() {
  return renderRoutes(
    {
      billing: (
        <ProfessionalPage title="Ventas y cobros" permission="contactsBilling">
          <p>La tabla de ventas</p>
        </ProfessionalPage>
      ),
      login: <p>Ingresar</p>,
    },
    '/ar/es/billing',
  );
}

beforeEach(() => localStorage.setItem('token', 'session-token'));
afterEach(() => callMock.mockReset());

describe('the frame of a professional page (contacts, billing)', () => {
  it('shows the page to a professional, with its name in the browser tab', async () => {
    answerActions(callMock, { 'find-user-data': userData(1) });
    renderPage();
    expect(await screen.findByText('La tabla de ventas')).toBeTruthy();
    expect(document.title).toBe('Ventas y cobros · Agendo');
  });

  it('sends a visitor to the login and back', async () => {
    localStorage.clear();
    const router = renderPage();
    expect(await screen.findByText('Ingresar')).toBeTruthy();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/ar/es/billing')}`);
  });

  it('tells a client the page is for professionals', async () => {
    answerActions(callMock, { 'find-user-data': userData(2) });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('Esta sección es para profesionales.');
    expect(screen.queryByText('La tabla de ventas')).toBeNull();
  });

  it("tells a team member without the page's permission (spec 001 §6) instead of showing it", async () => {
    localStorage.setItem('corporativeIn', 'corporate-token');
    localStorage.setItem('corporatePermitions', JSON.stringify({ contactsBilling: false }));
    answerActions(callMock, { 'find-user-data': userData(1) });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe('No tienes permisos para ver esta sección.');
    expect(screen.queryByText('La tabla de ventas')).toBeNull();
  });

  it('offers to try again when the account could not be read', async () => {
    let fail = true;
    answerActions(callMock, {
      'find-user-data': () => {
        if (fail) throw new ApiError('NETWORK', 'Revise su conexión de internet.', undefined, 0);
        return userData(1);
      },
    });
    const user = userEvent.setup();
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('La tabla de ventas')).toBeTruthy();
  });
});
