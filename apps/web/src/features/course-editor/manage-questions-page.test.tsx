import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, sent } from '../../test/fetch-answers.ts';
import { renderRoutes } from '../../test/render.tsx';
import { ManageQuestionsPage } from './manage-questions-page.tsx';
import type { Quiz } from './use-course-editor.ts';

const quiz: Quiz = {
  status: '200',
  quiz: { ref: 'quizRef123456', title: 'Repaso del módulo 1', okPoints: 6, duration: 1, time: 15 },
  questions: [
    {
      id: 'questRef12345',
      question: '¿Cuántas respiraciones por minuto?',
      questionType: 2,
      description: 'Respira lento y profundo.',
      imgQuizURL: null,
      videoFile: null,
      points: 5,
      optionsAnswers: [
        { id: 'opt1xxxxxxxx', answer: 'Seis', correct: true },
        { id: 'opt2xxxxxxxx', answer: 'Veinte', correct: false },
      ],
    },
  ],
};

function renderPage(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  return renderRoutes(
    { 'manage-questions/:ref': <ManageQuestionsPage />, 'manage-quiz': <p>Cuestionarios</p> },
    '/ar/es/manage-questions/quizRef123456',
  );
}

describe('ManageQuestionsPage', { timeout: 60_000 }, () => {
  beforeEach(() => localStorage.setItem('token', 'tok-professional-123456789'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each question with its type, points and the correct options marked in text', async () => {
    renderPage(answer({ 'get-quiz': [200, quiz] }));
    const card = (await screen.findByRole('heading', { name: '¿Cuántas respiraciones por minuto?' })).closest(
      'article',
    ) as HTMLElement;
    expect(within(card).getByText('Con descripción citada')).toBeInTheDocument();
    expect(within(card).getByText('5 puntos')).toBeInTheDocument();
    expect(within(card).getByText('Respira lento y profundo.')).toBeInTheDocument();
    const [right, wrong] = within(card).getAllByRole('listitem');
    expect(right).toHaveTextContent('Seis(Correcta)');
    expect(wrong).toHaveTextContent('Veinte');
    expect(wrong).not.toHaveTextContent('Correcta');
  });

  it('refuses to save a question without a correct option, then sends its options', async () => {
    const fetchMock = answer({
      'get-quiz': [200, quiz],
      'save-quiz-question': [200, { status: '200', ref: 'questRef99999' }],
    });
    renderPage(fetchMock);
    await userEvent.click(await screen.findByRole('button', { name: 'Agregar pregunta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva pregunta' });
    await userEvent.type(within(dialog).getByLabelText(/^Pregunta/), '¿Qué color tiene el cielo?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Opción 1/ }), 'Azul');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Opción 2/ }), 'Verde');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar opción' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Opción 3/ }), 'Celeste');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear pregunta' }));
    expect(await within(dialog).findByText('Debes marcar al menos una opción correcta.')).toBeInTheDocument();
    expect(sent(fetchMock, 'save-quiz-question')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Opción 1 correcta' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Opción 3 correcta' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Crear pregunta' }));
    await waitFor(() => expect(sent(fetchMock, 'save-quiz-question')).toHaveLength(1));
    expect(sent(fetchMock, 'save-quiz-question')[0]).toMatchObject({
      quizRef: 'quizRef123456',
      question: '¿Qué color tiene el cielo?',
      questionType: 1,
      points: 1,
      optionsAnswers: [
        { answer: 'Azul', correct: true },
        { answer: 'Verde', correct: false },
        { answer: 'Celeste', correct: true },
      ],
    });
    expect(sent(fetchMock, 'save-quiz-question')[0]).not.toHaveProperty('ref');
  });

  it('asks for the image link of an image question', async () => {
    renderPage(answer({ 'get-quiz': [200, quiz] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Editar la pregunta 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar pregunta' });
    expect(within(dialog).getByLabelText(/^Descripción citada/)).toHaveValue('Respira lento y profundo.');
    expect(within(dialog).getByRole('checkbox', { name: 'Opción 1 correcta' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('textbox', { name: /^Tipo de pregunta/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Con imagen', hidden: true }));
    expect(within(dialog).queryByLabelText(/^Descripción citada/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar pregunta' }));
    expect(await within(dialog).findByText('Debes ingresar el enlace de la imagen.')).toBeInTheDocument();
  });

  it('previews the quiz in the draggable window and grades it as a student would (spec 000 §2.8)', async () => {
    const fetchMock = answer({ 'get-quiz': [200, quiz] });
    renderPage(fetchMock);
    await userEvent.click(await screen.findByRole('button', { name: 'Vista previa' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Comenzar' }));
    expect(await screen.findByText('Pregunta 1 de 1')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Seis'));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    // 5 points do not reach the pass mark of 6, and every question is answered: failed.
    expect(await screen.findByText('No has aprobado el cuestionario')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((c) => JSON.parse(String((c[1] as RequestInit).body)).action)).toEqual([
      'get-quiz',
    ]);
  });
});
