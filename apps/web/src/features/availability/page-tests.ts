import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, type Mock } from 'vitest';
import { fakeToday } from '../../test/fake-today.ts';
import { expectSentToLogin } from '../../test/login-redirect.ts';
import type { renderRoutes } from '../../test/render.tsx';

/**
 * What every availability page's tests share: a professional's session on a fixed day (the
 * calendars are relative to it), a fresh mock after each test, and a visitor without a session
 * sent to the login page.
 */
export function professionalPageSetup(page: {
  today: string;
  callMock: Mock;
  render: () => ReturnType<typeof renderRoutes>;
  path: string;
}) {
  fakeToday(page.today);
  beforeEach(() => localStorage.setItem('token', 'tok-professional'));
  afterEach(() => page.callMock.mockReset());

  it('sends a visitor without a session to the login page', async () => {
    localStorage.clear();
    const router = page.render();
    await expectSentToLogin(router, page.path);
    expect(page.callMock).not.toHaveBeenCalled();
  });
}

/**
 * The blocked days and the dated turns remove an item the same way: a confirm dialog, whose
 * cancel changes nothing, then a save of the whole list that either lands (a green toast and the
 * server's list) or fails (a red toast, the list as it was). These register both tests.
 */
export function itRemovesAfterConfirming(page: {
  /** What the tests call the removal and the item ('unblocks', 'days'). */
  verb: string;
  noun: string;
  item: string;
  callMock: Mock;
  saveAction: string;
  dialog: string;
  confirm: string;
  done: string;
  listed: () => string[];
  /** Answers with a list of several items and renders the page. */
  startWithSeveral: () => void;
  /** The remove button's name, the dialog's text, what is saved and listed after. */
  removed: { button: string; text: string; saved: unknown; left: string[] };
  /** Answers with a one-item list whose save fails with `message`, and renders the page. */
  startFailing: (message: string) => void;
  failed: { button: string; message: string; left: string[] };
}) {
  const openDialog = () => screen.findByRole('dialog', { name: page.dialog });
  const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

  it(`${page.verb} only after confirming, and a cancel changes nothing`, async () => {
    const user = userEvent.setup();
    page.startWithSeveral();
    const remove = await screen.findByRole('button', { name: page.removed.button });

    await user.click(remove);
    let dialog = await openDialog();
    expect(dialog).toHaveTextContent(page.removed.text);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await dialogClosed();
    expect(page.callMock).not.toHaveBeenCalledWith(page.saveAction, expect.anything());

    await user.click(remove);
    dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: page.confirm }));
    await waitFor(() => expect(page.callMock).toHaveBeenCalledWith(page.saveAction, page.removed.saved));
    expect(await screen.findByText(page.done)).toBeInTheDocument();
    await dialogClosed();
    expect(page.listed()).toEqual(page.removed.left);
  });

  it(`shows a failed ${page.noun} as a red toast and keeps the ${page.item}`, async () => {
    const user = userEvent.setup();
    page.startFailing(page.failed.message);
    await user.click(await screen.findByRole('button', { name: page.failed.button }));
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: page.confirm }));
    expect(await screen.findByText(page.failed.message)).toBeInTheDocument();
    await dialogClosed();
    expect(page.listed()).toEqual(page.failed.left);
    expect(screen.queryByText(page.done)).toBeNull();
  });
}
