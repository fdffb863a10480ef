import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { QuestionsSection } from './questions-section.tsx';
import { renderAt } from './render-helpers.tsx';
import { noQuestionsFixture } from './test-fixtures.ts';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

describe('asking a question on a service page (spec 000 §3, save-question)', { timeout: 20_000 }, () => {
  afterEach(() => {
    callMock.mockReset();
    localStorage.clear();
  });

  it("shows the contract's texts without calling the server, then sends the trimmed question", async () => {
    localStorage.setItem('token', 'tok-1');
    answerActions(callMock, {
      'find-questions': noQuestionsFixture,
      'save-question': { status: '200', questionRef: 'q1' },
    });
    renderAt(<QuestionsSection publicationRef="pubRef0001" />);
    const box = await screen.findByRole('textbox', { name: /Haz una pregunta al profesional/ });
    const send = screen.getByRole('button', { name: 'Preguntar' });

    await userEvent.click(send);
    expect(await screen.findByText('Debes ingresar tu pregunta.')).toBeVisible();
    expect(box).toHaveFocus();

    await userEvent.type(box, 'Hola');
    expect(await screen.findByText('La pregunta debe tener entre 5 y 500 caracteres.')).toBeVisible();
    await userEvent.click(send);
    expect(callMock).not.toHaveBeenCalledWith('save-question', expect.anything());

    await userEvent.type(box, ', ¿atiendes los sábados?  ');
    expect(screen.queryByText('La pregunta debe tener entre 5 y 500 caracteres.')).toBeNull();
    await userEvent.click(send);
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('save-question', {
        ref: 'pubRef0001',
        question: 'Hola, ¿atiendes los sábados?',
      }),
    );
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it("puts the server's refusal under the question (E4: one's own publication)", async () => {
    localStorage.setItem('token', 'tok-1');
    answerActions(callMock, {
      'find-questions': noQuestionsFixture,
      'save-question': new ApiError(
        'E4',
        'No puedes hacer preguntas en tu propia publicación.',
        'question',
        400,
      ),
    });
    renderAt(<QuestionsSection publicationRef="pubRef0001" />);
    const box = await screen.findByRole('textbox', { name: /Haz una pregunta al profesional/ });
    await userEvent.type(box, '¿Atiendes los sábados?');
    await userEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    expect(await screen.findByText('No puedes hacer preguntas en tu propia publicación.')).toBeVisible();
  });
});
