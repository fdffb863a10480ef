import type { OutputOf } from '@agendo/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../lib/api.ts';
import { answerActions } from '../lib/test-actions.ts';
import { userDataFixture } from '../lib/user-data-fixture.ts';
import { renderRoutes } from '../test/render.tsx';
import { MobileMenu, UserMenu } from './header-menus.tsx';

vi.mock('../lib/api.ts');
const callMock = vi.mocked(call);

// issue 17: the waiting-room screen (where an administrator's 'Anunciar' calls the client, spec
// 000 §6 call-turnbox) is one click from the professional's menu, on a desktop and on a phone.
const professional = userDataFixture({ ref: 'profRef001', userPlan: 4 });
const client: OutputOf<'find-user-data'> = {
  status: '200',
  ref: 'cliRef0001',
  userType: 2,
  blockUse: 0,
  card_added: 0,
  userPlan: 0,
};

describe("the header's menus: the waiting room (issue 17)", { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.setItem('token', 'tok-aaaaaaaaaaaaaaaaaaaaaaaa'));
  afterEach(() => callMock.mockReset());

  it("is in the professional's account menu, right after the agenda", async () => {
    answerActions(callMock, { 'find-user-data': professional });
    const user = userEvent.setup();
    renderRoutes({ 'my-tools': <UserMenu /> }, '/ar/es/my-tools');
    await user.click(await screen.findByRole('button', { name: 'Menú de tu cuenta' }));
    const menu = await screen.findByRole('menu');
    const items = await within(menu).findAllByRole('menuitem');
    const names = items.map((item) => item.textContent);
    expect(names.indexOf('Sala de espera')).toBe(names.indexOf('Agenda') + 1);
    expect(within(menu).getByRole('menuitem', { name: 'Sala de espera' })).toHaveAttribute(
      'href',
      '/ar/es/waiting-room',
    );
  });

  it("is in the professional's phone drawer too", async () => {
    answerActions(callMock, { 'find-user-data': professional });
    renderRoutes({ 'my-tools': <MobileMenu opened onClose={() => {}} /> }, '/ar/es/my-tools');
    expect(await screen.findByRole('link', { name: 'Sala de espera' })).toHaveAttribute(
      'href',
      '/ar/es/waiting-room',
    );
  });

  it("is not in a client's menu (nobody announces anyone to them)", async () => {
    answerActions(callMock, { 'find-user-data': client });
    renderRoutes({ 'my-tools': <MobileMenu opened onClose={() => {}} /> }, '/ar/es/my-tools');
    await screen.findByRole('link', { name: 'Mis citas' });
    expect(screen.queryByRole('link', { name: 'Sala de espera' })).not.toBeInTheDocument();
  });
});
