import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { setToken } from '../../lib/session.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { renderRoutes } from '../../test/render.tsx';
import { guides } from './guides-data.ts';
import { GuidesModal } from './guides-modal.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

const userData = {
  status: '200' as const,
  ref: 'PRO1',
  userType: 1 as const,
  blockUse: 0 as const,
  card_added: 1 as const,
  userPlan: 4,
};

/** The agenda's marked elements, as the tour finds them on the real page. */
function FakeAgenda() {
  const targets = new Set(guides.flatMap((g) => [...g.desktop, ...g.mobile]).map((s) => s.target));
  return (
    <div>
      <h1>Agenda de prueba</h1>
      {[...targets].filter(Boolean).map((target) => (
        <div key={target} data-tour={target}>
          {target}
        </div>
      ))}
    </div>
  );
}

function renderModal(onReopen = vi.fn()) {
  let opened = true;
  const onClose = vi.fn(() => {
    opened = false;
  });
  const router = renderRoutes(
    {
      'my-tools': (
        <>
          <FakeAgenda />
          <GuidesModal opened={false} onClose={onClose} onReopen={onReopen} />
        </>
      ),
      'my-account': <GuidesModal opened={opened} onClose={onClose} onReopen={onReopen} />,
    },
    '/ar/es/my-account',
  );
  return { router, onClose, onReopen };
}

/** The modal of a professional's first visit (newUser), with what clear-new-user was called with. */
function renderFirstTime() {
  const cleared = vi.fn(() => ({ status: '200' as const }));
  answerActions(callMock, {
    'find-user-data': { ...userData, newUser: true },
    'clear-new-user': cleared,
  });
  return { cleared, ...renderModal() };
}

describe('guides modal (spec 000 §2.4)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setToken('token-of-a-professional');
    Element.prototype.scrollIntoView = vi.fn();
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });
  afterEach(() => {
    callMock.mockReset();
    document.querySelector('.driver-popover')?.remove();
  });

  it('lists the six guides, each with a desktop and a phone version', async () => {
    answerActions(callMock, { 'find-user-data': { ...userData, newUser: false } });
    renderModal();
    for (const guide of guides) {
      const button = await screen.findByRole('button', { name: `Ver guía: ${guide.title}` });
      // Issue 34: the button never shrinks below its label ('Ve' on a phone).
      expect(button).toHaveStyle({ flexShrink: '0' });
      expect(guide.desktop.length).toBeGreaterThan(1);
      expect(guide.mobile.length).toBeGreaterThan(1);
    }
    expect(guides).toHaveLength(6);
  });

  it('starting a guide closes the modal, goes to the agenda, and the tour starts about 2 s later', async () => {
    const user = userEvent.setup();
    answerActions(callMock, { 'find-user-data': { ...userData, newUser: false } });
    const { router, onClose } = renderModal();
    await user.click(await screen.findByRole('button', { name: 'Ver guía: Agendar una cita manual' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/ar/es/my-tools'));
    // Not yet: the spec's wait of 1 s plus 1 s.
    expect(document.querySelector('.driver-popover')).toBeNull();
    await waitFor(() => expect(document.querySelector('.driver-popover')).not.toBeNull(), { timeout: 4000 });
    const popover = document.querySelector('.driver-popover') as HTMLElement;
    expect(popover.classList).toContain('agendo-tour');
    expect(popover.textContent).toContain('Nueva cita');
    expect(popover.querySelector('.driver-popover-close-btn')?.getAttribute('aria-label')).toBe('Cerrar');
  });

  it('finishing the first-time tour clears newUser on the server and reopens the modal', async () => {
    const user = userEvent.setup();
    const { cleared, onReopen } = renderFirstTime();
    expect(await screen.findByText(/Te damos la bienvenida/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver guía: Recorrido por la pantalla principal' }));
    await waitFor(() => expect(document.querySelector('.driver-popover')).not.toBeNull(), { timeout: 4000 });
    const steps = guides[0]?.desktop.length ?? 0;
    const atStep = (n: number) =>
      waitFor(() =>
        expect(document.querySelector('.driver-popover-progress-text')?.textContent).toBe(`${n} de ${steps}`),
      );
    for (let i = 1; i < steps; i += 1) {
      await atStep(i);
      expect(cleared).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    }
    await atStep(steps);
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeInTheDocument();
    // driver.js ignores a click while the step's transition still runs; a person clicks after it.
    await waitFor(
      async () => {
        const done = screen.queryByRole('button', { name: 'Finalizar' });
        if (done) await user.click(done);
        expect(cleared).toHaveBeenCalledTimes(1);
      },
      { timeout: 5000 },
    );
    await waitFor(() => expect(onReopen).toHaveBeenCalledTimes(1), { timeout: 5000 });
  });

  it('closing a tour before its end leaves newUser alone', async () => {
    const user = userEvent.setup();
    const { cleared, onReopen } = renderFirstTime();
    await user.click(
      await screen.findByRole('button', { name: 'Ver guía: Recorrido por la pantalla principal' }),
    );
    await waitFor(() => expect(document.querySelector('.driver-popover')).not.toBeNull(), { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(document.querySelector('.driver-popover')).toBeNull());
    expect(cleared).not.toHaveBeenCalled();
    expect(onReopen).not.toHaveBeenCalled();
  });
});
