import type { OutputOf } from '@agendo/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { answerActions } from '../../lib/test-actions.ts';
import { expectSentToLogin } from '../../test/login-redirect.ts';
import { pendingQuestionKey, savePendingQuestion, takePendingQuestion } from './pending-question.ts';
import { QuestionsSection } from './questions-section.tsx';
import { renderAt } from './render-helpers.tsx';
import { noQuestionsFixture } from './test-fixtures.ts';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

describe('pending question (spec 000 §4, §9: 300000 ms)', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  it.each([
    [0, '¿Atiendes los sábados?'],
    [299_999, '¿Atiendes los sábados?'],
    [300_000, '¿Atiendes los sábados?'],
    [300_001, null],
    [3_600_000, null],
  ])('after %i ms it is %s, and it is removed either way', (age, expected) => {
    savePendingQuestion('pubRef0001', '¿Atiendes los sábados?', 1_000_000);
    expect(takePendingQuestion('pubRef0001', 1_000_000 + age)).toBe(expected);
    expect(localStorage.getItem(pendingQuestionKey('pubRef0001'))).toBeNull();
  });

  it('ignores what is not a pending question', () => {
    localStorage.setItem('questionpubRef0001', 'not json');
    expect(takePendingQuestion('pubRef0001')).toBeNull();
    localStorage.setItem('questionpubRef0001', JSON.stringify({ date: Date.now() }));
    expect(takePendingQuestion('pubRef0001')).toBeNull();
  });

  it('sends a fresh pending question on load when signed in', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem(
      'questionpubRef0001',
      JSON.stringify({ date: Date.now() - 60_000, text: '¿Atiendes los sábados?' }),
    );
    answerActions(callMock, {
      'save-question': { status: '200', questionRef: 'q1' },
      'find-questions': noQuestionsFixture,
    });
    renderAt(<QuestionsSection publicationRef="pubRef0001" />);
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith('save-question', {
        ref: 'pubRef0001',
        question: '¿Atiendes los sábados?',
      }),
    );
    expect(await screen.findByText(/Tu pregunta fue enviada/)).toBeInTheDocument();
    expect(localStorage.getItem('questionpubRef0001')).toBeNull();
  });

  it('drops a pending question older than 5 minutes without sending it', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem(
      'questionpubRef0001',
      JSON.stringify({ date: Date.now() - 300_001, text: '¿Atiendes los sábados?' }),
    );
    answerActions(callMock, { 'find-questions': noQuestionsFixture });
    renderAt(<QuestionsSection publicationRef="pubRef0001" />);
    expect(await screen.findByText(/Todavía no hay preguntas/)).toBeInTheDocument();
    expect(callMock).not.toHaveBeenCalledWith('save-question', expect.anything());
    expect(localStorage.getItem('questionpubRef0001')).toBeNull();
  });

  it('keeps a signed-out visitor’s question and sends them to login', async () => {
    const user = userEvent.setup();
    answerActions(callMock, { 'find-questions': noQuestionsFixture });
    const router = renderAt(<QuestionsSection publicationRef="pubRef0001" />);
    await screen.findByText(/Todavía no hay preguntas/);
    await user.type(
      await screen.findByLabelText('Haz una pregunta al profesional'),
      '¿Atiendes los sábados?',
    );
    await user.click(screen.getByRole('button', { name: 'Preguntar' }));
    await expectSentToLogin(router, '/ar/es/service/pubRef0001');
    const stored = JSON.parse(localStorage.getItem('questionpubRef0001') ?? '{}');
    expect(stored.text).toBe('¿Atiendes los sábados?');
    expect(callMock).not.toHaveBeenCalledWith('save-question', expect.anything());
  });

  it('shows the coded message of a too short question without calling the server', async () => {
    const user = userEvent.setup();
    answerActions(callMock, { 'find-questions': noQuestionsFixture });
    renderAt(<QuestionsSection publicationRef="pubRef0001" />);
    await screen.findByText(/Todavía no hay preguntas/);
    await user.type(await screen.findByLabelText('Haz una pregunta al profesional'), '¿Si?');
    await user.click(screen.getByRole('button', { name: 'Preguntar' }));
    expect(await screen.findByText('La pregunta debe tener entre 5 y 500 caracteres.')).toBeInTheDocument();
  });
});

describe('questions list', { timeout: 20_000 }, () => {
  afterEach(() => callMock.mockReset());

  const item = (n: number): OutputOf<'find-questions'>['questions'][number] => ({
    ref: `questionRef${n}`,
    question: `¿Pregunta ${n}?`,
    askerName: 'Carla',
    date: '2026-11-20T12:00:00.000Z',
    answer: 'Sí.',
    answerDate: '2026-11-21T12:00:00.000Z',
    mine: false,
    reportedQuestion: false,
    reportedAnswer: false,
  });

  it('loads 10 more with Ver más, and hides a report button once used', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'tok-1');
    answerActions(callMock, {
      'report-question': { status: '200' },
      'find-questions': (input) => {
        const from = Number(input.next ?? 0);
        return {
          status: '200',
          questions: Array.from({ length: from === 0 ? 10 : 2 }, (_, i) => item(from + i)),
          next: from === 0 ? 10 : null,
          total: 12,
          isOwner: false,
        };
      },
    });
    renderAt(<QuestionsSection publicationRef="pubRef0001" />);
    expect(await screen.findByText('¿Pregunta 9?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByText('¿Pregunta 11?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();

    expect(screen.getAllByRole('button', { name: 'Denunciar pregunta' })).toHaveLength(12);
    await user.click(screen.getAllByRole('button', { name: 'Denunciar pregunta' })[0] as HTMLElement);
    expect(callMock).toHaveBeenCalledWith('report-question', { ref: 'questionRef0', answer: 'q' });
    expect(
      await screen.findByText(
        'Revisaremos la pregunta. Si no cumple con las políticas de the product será eliminada.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Denunciar pregunta' })).toHaveLength(11);

    await user.click(screen.getAllByRole('button', { name: 'Denunciar respuesta' })[0] as HTMLElement);
    expect(
      await screen.findByText(
        'Revisaremos la respuesta. Si no cumple con las políticas de the product será eliminada.',
      ),
    ).toBeInTheDocument();
  });

  it('gives the owner an answer box for unanswered questions', async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', 'tok-1');
    answerActions(callMock, {
      'answer-question': { status: '200' },
      'find-questions': {
        status: '200',
        questions: [{ ...item(1), answer: null, answerDate: null }],
        next: null,
        total: 1,
        isOwner: true,
      },
    });
    renderAt(<QuestionsSection publicationRef="pubRef0001" />);
    await user.type(await screen.findByLabelText('Tu respuesta'), 'Sí, de 9 a 13.');
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    expect(callMock).toHaveBeenCalledWith('answer-question', {
      ref: 'questionRef1',
      answer: 'Sí, de 9 a 13.',
    });
    expect(screen.queryByLabelText('Haz una pregunta al profesional')).not.toBeInTheDocument();
  });
});
