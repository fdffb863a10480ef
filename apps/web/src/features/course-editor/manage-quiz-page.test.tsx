import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, sent } from '../../test/fetch-answers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ManageQuizPage } from './manage-quiz-page.tsx';
import type { QuizSummary } from './use-course-editor.ts';

const quiz: QuizSummary = {
  ref: 'quizRef123456',
  title: 'Repaso del módulo 1',
  okPoints: 6,
  duration: 4,
  time: 15,
  questions: 4,
  lessons: 2,
};

function renderPage(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  return renderRoutes(
    { 'manage-quiz': <ManageQuizPage />, 'manage-questions/:ref': <p>Preguntas del cuestionario</p> },
    '/ar/es/manage-quiz',
  );
}

describe('ManageQuizPage', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.setItem('token', 'tok-professional-123456789'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the quizzes and refuses to delete one a lesson uses (E46)', async () => {
    const message = 'No puedes eliminar un cuestionario que usa una clase.';
    const fetchMock = answer({
      'find-my-quizzes': [200, { status: '200', quizzes: [quiz] }],
      'delete-quiz': [400, { status: '400', code: 'E46', message }],
    });
    renderPage(fetchMock);
    expect(await screen.findByRole('heading', { name: 'Repaso del módulo 1' })).toBeInTheDocument();
    expect(screen.getByText('4 preguntas')).toBeInTheDocument();
    expect(screen.getByText('Usado en 2 clases')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Preguntas/ })).toHaveAttribute(
      'href',
      '/ar/es/manage-questions/quizRef123456',
    );
    await userEvent.click(screen.getByRole('button', { name: /^Eliminar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar cuestionario' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('creates a quiz and opens its questions', async () => {
    const fetchMock = answer({
      'find-my-quizzes': [200, { status: '200', quizzes: [] }],
      'save-quiz': [200, { status: '200', ref: 'quizRefNew1234' }],
    });
    const router = renderPage(fetchMock);
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo cuestionario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cuestionario' });
    await userEvent.type(within(dialog).getByLabelText(/^Título del cuestionario/), 'Evaluación final');
    const okPoints = within(dialog).getByLabelText(/^Puntaje para aprobar/);
    await userEvent.clear(okPoints);
    await userEvent.type(okPoints, '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear cuestionario' }));
    expect(await screen.findByText('Preguntas del cuestionario')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ar/es/manage-questions/quizRefNew1234');
    await waitFor(() =>
      expect(sent(fetchMock, 'save-quiz')[0]).toMatchObject({
        title: 'Evaluación final',
        okPoints: 7,
        time: 10,
      }),
    );
  });
});
