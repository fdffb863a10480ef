import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { FloatingWindow } from './floating-window.tsx';

function viewport(width: number, height: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(height);
}

function renderWindow(onClose = vi.fn()) {
  renderWithProviders(
    <>
      <button type="button">Agenda</button>
      <FloatingWindow
        opened
        onClose={onClose}
        title="Ficha de Valentina Sosa"
        size={{ width: 640, height: 720 }}
      >
        <p>Datos del consultante</p>
      </FloatingWindow>
    </>,
  );
  return screen.getByRole('dialog', { name: 'Ficha de Valentina Sosa' });
}

const place = (el: HTMLElement) => ({ left: el.style.left, top: el.style.top });

afterEach(() => vi.restoreAllMocks());

describe('draggable client-record window (spec 000 §2.3)', () => {
  it('opens centred, not modal, with the focus on it', () => {
    viewport(1280, 800);
    const win = renderWindow();
    expect(win).toHaveAttribute('aria-modal', 'false');
    expect(place(win)).toEqual({ left: '320px', top: '40px' });
    expect(win.style.width).toBe('640px');
    expect(win).toHaveFocus();
    expect(screen.getByText('Datos del consultante')).toBeVisible();
  });

  it('is dragged by its header and stays whole inside the viewport', () => {
    viewport(1280, 800);
    const win = renderWindow();
    const header = screen.getByTestId('window-header');
    fireEvent.pointerDown(header, {
      pointerId: 1,
      button: 0,
      clientX: 400,
      clientY: 60,
      pointerType: 'mouse',
    });
    fireEvent.pointerMove(header, { pointerId: 1, clientX: 300, clientY: 110, pointerType: 'mouse' });
    expect(place(win)).toEqual({ left: '220px', top: '80px' });
    // Far past the right and bottom edges: it stops at them.
    fireEvent.pointerMove(header, { pointerId: 1, clientX: 5000, clientY: 5000, pointerType: 'mouse' });
    expect(place(win)).toEqual({ left: '640px', top: '80px' });
    fireEvent.pointerUp(header, { pointerId: 1, pointerType: 'mouse' });
    // After the button is released the pointer no longer moves it.
    fireEvent.pointerMove(header, { pointerId: 1, clientX: 0, clientY: 0, pointerType: 'mouse' });
    expect(place(win)).toEqual({ left: '640px', top: '80px' });
  });

  it('moves with the arrow keys on its grip, 10 px a press, and not past the edges', async () => {
    viewport(1280, 800);
    const user = userEvent.setup();
    const win = renderWindow();
    const grip = screen.getByRole('button', { name: 'Mover la ventana (también con las flechas)' });
    grip.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowDown}');
    expect(place(win)).toEqual({ left: '300px', top: '50px' });
    for (let i = 0; i < 10; i++) await user.keyboard('{ArrowDown}');
    expect(place(win)).toEqual({ left: '300px', top: '80px' });
  });

  it('closes with Escape and with Cerrar', async () => {
    viewport(1280, 800);
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWindow(onClose);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('on a phone (572 px or less) is a full-screen sheet without a grip', () => {
    viewport(390, 844);
    const win = renderWindow();
    expect(win).toHaveAttribute('data-sheet', 'true');
    expect(win).toHaveAttribute('aria-modal', 'true');
    expect(win.style.inset).toBe('0px');
    expect(screen.queryByRole('button', { name: /Mover la ventana/ })).not.toBeInTheDocument();
  });
});
