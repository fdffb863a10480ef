import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from './providers.tsx';

function renderApp() {
  render(
    <Providers queryClient={createQueryClient()}>
      <Button onClick={() => notifications.show({ color: 'teal', message: 'Datos Actualizados.' })}>
        Guardar
      </Button>
      <Button onClick={() => notifications.show({ color: 'teal', message: 'Estudio agregado' })}>Otro</Button>
    </Providers>,
  );
}

// issue 12: success toasts piled up over dialog titles and fields for 10 s.
describe('toasts', () => {
  afterEach(() => notifications.clean());

  it('collapses a repeated toast into one, keeps different ones, and stacks them at the bottom', async () => {
    const user = userEvent.setup();
    renderApp();
    const save = screen.getByRole('button', { name: 'Guardar' });
    await user.click(save);
    await user.click(save);
    await user.click(save);
    await user.click(screen.getByRole('button', { name: 'Otro' }));
    await waitFor(() => expect(screen.getAllByText('Datos Actualizados.')).toHaveLength(1));
    expect(screen.getByText('Estudio agregado')).toBeInTheDocument();

    const shown = screen.getByText('Datos Actualizados.').closest('[data-position]');
    expect(shown?.getAttribute('data-position')).toMatch(/^bottom-/);
  });

  it('shows at most two toasts at a time; the rest wait their turn', async () => {
    renderApp();
    for (const message of ['Uno', 'Dos', 'Tres']) notifications.show({ message });
    await waitFor(() => expect(screen.getByText('Dos')).toBeInTheDocument());
    expect(screen.getByText('Uno')).toBeInTheDocument();
    expect(screen.queryByText('Tres')).not.toBeInTheDocument();
  });
});
