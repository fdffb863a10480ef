import { ActionIcon } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';

// The tooltip's code arrives once a pointer or the keyboard focus first reaches the element; each
// test loads the component afresh, before that code is cached.
async function renderShareButton() {
  const { LazyTooltip } = await import('./lazy-tooltip.tsx');
  renderWithProviders(
    <LazyTooltip label="Compartir por WhatsApp">
      <ActionIcon aria-label="Compartir por WhatsApp">W</ActionIcon>
    </LazyTooltip>,
  );
  return screen.getByRole('button', { name: 'Compartir por WhatsApp' });
}

describe('LazyTooltip', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('shows the button at once, and its tooltip once a pointer came over it', async () => {
    const user = userEvent.setup();
    const button = await renderShareButton();
    expect(button).toBeVisible();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(button);
    await waitFor(async () => {
      await user.unhover(screen.getByRole('button', { name: 'Compartir por WhatsApp' }));
      await user.hover(screen.getByRole('button', { name: 'Compartir por WhatsApp' }));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Compartir por WhatsApp');
    });
  });

  it('leaves the keyboard focus where it is when the tooltip arrives', async () => {
    const user = userEvent.setup();
    const button = await renderShareButton();
    await user.tab();
    expect(button).toHaveFocus();
    // The focus asked for the tooltip's code; its arrival does not take the focus away.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(button).toHaveFocus();
    expect(button).toBeInTheDocument();

    await user.tab();
    await waitFor(async () => {
      await user.hover(screen.getByRole('button', { name: 'Compartir por WhatsApp' }));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Compartir por WhatsApp');
    });
  });
});
