import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { PreviewWindow, usePreviewView } from './preview-window.tsx';

function ViewName() {
  return <p>Vista: {usePreviewView()}</p>;
}

function renderWindow(onClose = vi.fn()) {
  renderWithProviders(
    <>
      <button type="button">Vista previa</button>
      <PreviewWindow opened onClose={onClose} title="Curso de mindfulness">
        <ViewName />
      </PreviewWindow>
    </>,
  );
  return onClose;
}

function resize(width: number, height: number) {
  act(() => {
    Object.assign(window, { innerWidth: width, innerHeight: height });
    window.dispatchEvent(new Event('resize'));
  });
}

describe('PreviewWindow', () => {
  afterEach(() => resize(1024, 768));

  it('opens in the phone view and switches to the desktop one', async () => {
    const user = userEvent.setup();
    renderWindow();
    const frame = screen.getByTestId('preview-frame');
    expect(screen.getByRole('dialog', { name: 'Curso de mindfulness' })).toBeInTheDocument();
    expect(frame).toHaveStyle({ width: '375px' });
    expect(screen.getByRole('button', { name: 'Vista móvil' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Vista: mobile')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vista escritorio' }));
    expect(frame).toHaveStyle({ width: '960px' });
    expect(screen.getByRole('button', { name: 'Vista escritorio' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Vista: desktop')).toBeInTheDocument();

    // The header (52 px) above a 640 px content area.
    expect(screen.getByRole('dialog')).toHaveStyle({ width: '960px', height: '692px' });
  });

  it('closes with Cerrar and with Escape', async () => {
    const user = userEvent.setup();
    const onClose = renderWindow();
    // Focus starts in the window, so Escape works at once.
    expect(screen.getByRole('dialog')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('moves 10 px per arrow key from its drag handle, never off screen', async () => {
    const user = userEvent.setup();
    renderWindow();
    const dialog = screen.getByRole('dialog');
    // Centred in 1024 × 768: (1024 − 375) / 2 ≈ 325, (768 − 719) / 2 ≈ 25.
    expect(dialog).toHaveStyle({ left: '325px', top: '25px' });
    screen.getByRole('button', { name: /Mover la ventana/ }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowUp}');
    expect(dialog).toHaveStyle({ left: '345px', top: '15px' });
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(dialog).toHaveStyle({ top: '0px' });
  });

  it('follows the pointer when dragged by its header', () => {
    renderWindow();
    const dialog = screen.getByRole('dialog');
    const handle = screen.getByRole('button', { name: /Mover la ventana/ });
    fireEvent.pointerDown(handle, {
      pointerId: 1,
      button: 0,
      pointerType: 'mouse',
      clientX: 340,
      clientY: 40,
    });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 240, clientY: 60 });
    expect(dialog).toHaveStyle({ left: '225px', top: '45px' });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 0, clientY: 0 });
    expect(dialog).toHaveStyle({ left: '225px', top: '45px' });
  });

  it('fills a phone screen and cannot be dragged there', () => {
    resize(375, 667);
    renderWindow();
    expect(screen.getByRole('dialog')).toHaveAttribute('data-sheet');
    expect(screen.queryByRole('button', { name: /Mover la ventana/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('preview-frame')).toHaveStyle({ width: '100%' });
  });
});
