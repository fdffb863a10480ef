import { ActionIcon, MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme.ts';

// The tooltip's code arrives when the browser is idle (jsdom has no requestIdleCallback: a 2 s
// timer); each test loads the component afresh, before that code is cached.
async function renderShareButton() {
  const { LazyTooltip } = await import('./lazy-tooltip.tsx');
  render(
    <MantineProvider theme={theme} env="test">
      <LazyTooltip label="Compartir por WhatsApp">
        <ActionIcon aria-label="Compartir por WhatsApp">W</ActionIcon>
      </LazyTooltip>
    </MantineProvider>,
  );
  return screen.getByRole('button', { name: 'Compartir por WhatsApp' });
}

const idle = () => new Promise((resolve) => setTimeout(resolve, 2300));

describe('LazyTooltip', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('shows the button at once, and its tooltip on hover once the tooltip has loaded', async () => {
    const user = userEvent.setup();
    const button = await renderShareButton();
    expect(button).toBeVisible();
    await idle();
    await waitFor(async () => {
      await user.hover(screen.getByRole('button', { name: 'Compartir por WhatsApp' }));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Compartir por WhatsApp');
    });
  });

  it('leaves the keyboard focus where it is when the tooltip arrives', async () => {
    const user = userEvent.setup();
    const button = await renderShareButton();
    await user.tab();
    expect(button).toHaveFocus();
    await idle();
    expect(button).toHaveFocus();
    expect(button).toBeInTheDocument();

    await user.tab();
    await waitFor(async () => {
      await user.hover(screen.getByRole('button', { name: 'Compartir por WhatsApp' }));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Compartir por WhatsApp');
    });
  });
});
