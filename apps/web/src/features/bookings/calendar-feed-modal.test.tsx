import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { CalendarFeedModal } from './calendar-feed-modal.tsx';
import { renderAt } from './test-fixtures.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

describe('Suscribirse al calendario', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it('copies the private feed URL and resets it after confirming', async () => {
    const user = userEvent.setup();
    answerActions(callMock, {
      'find-calendar-feed': { status: '200', url: 'https://agendo.test/ics/old.ics' },
      'reset-calendar-feed': { status: '200', url: 'https://agendo.test/ics/new.ics' },
    });
    renderAt('/:country/:lang/my-tools', '/ar/es/my-tools', <CalendarFeedModal opened onClose={() => {}} />);
    const field = await screen.findByRole('textbox', { name: 'Enlace privado del calendario' });
    expect(field).toHaveValue('https://agendo.test/ics/old.ics');
    await user.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    expect(await screen.findByText('Copiado al portapapeles.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('https://agendo.test/ics/old.ics');
    await user.click(screen.getByRole('button', { name: 'Generar un enlace nuevo' }));
    expect(callMock).not.toHaveBeenCalledWith('reset-calendar-feed', expect.anything());
    await user.click(await screen.findByRole('button', { name: 'Generar enlace nuevo' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Enlace privado del calendario' })).toHaveValue(
        'https://agendo.test/ics/new.ics',
      ),
    );
    expect(screen.getByText('Generamos un enlace nuevo para tu calendario.')).toBeInTheDocument();
  });
});
