import type { QuizData, QuizQuestion, QuizResult } from '@agendo/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { previewQuizEngine, type QuizEngine } from './quiz-engine.ts';
import { QuizPlayer } from './quiz-player.tsx';

const quiz: QuizData = {
  ref: 'quizRef0001',
  title: 'Repaso del módulo 1',
  okPoints: 20,
  duration: 3,
  time: 5,
};

function question(n: number, over: Partial<QuizQuestion> = {}): QuizQuestion {
  return {
    id: `q${n}`,
    question: `Pregunta número ${n}`,
    questionType: 1,
    description: null,
    imgQuizURL: null,
    videoFile: null,
    points: 10,
    // The owner's preview knows the right option; a student's run never receives `correct`.
    optionsAnswers: [
      { id: `q${n}-right`, answer: `Correcta ${n}`, correct: true },
      { id: `q${n}-wrong`, answer: `Incorrecta ${n}`, correct: false },
    ],
    ...over,
  };
}
const questions = [question(1), question(2), question(3)];

/** A student's engine: the test decides what the server answers. */
function fakeEngine(qs: QuizQuestion[] = questions, result?: Partial<QuizResult>): QuizEngine {
  return {
    start: vi.fn(async () => ({ secondsLeft: 300, questions: qs })),
    answer: vi.fn(async () => 'running' as const),
    finish: vi.fn(async () => ({
      outcome: 'failed' as const,
      reason: 'answered' as const,
      okPoints: 20,
      points: 0,
      correct: 0,
      results: qs.map((q) => ({ questionId: q.id, question: q.question, correct: null })),
      ...result,
    })),
  };
}

function renderPlayer(engine: QuizEngine, data: QuizData = quiz, onPassed = vi.fn()) {
  renderWithProviders(<QuizPlayer quiz={data} engine={engine} onPassed={onPassed} />);
  return onPassed;
}

async function choose(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.click(screen.getByRole('radio', { name: option }));
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
}

afterEach(() => vi.useRealTimers());

describe('QuizPlayer', { timeout: 15_000 }, () => {
  it('introduces the quiz with its questions, minutes and pass mark', () => {
    renderPlayer(fakeEngine());
    expect(screen.getByRole('heading', { name: 'Repaso del módulo 1' })).toBeInTheDocument();
    expect(screen.getByText('3 preguntas · 5 minutos')).toBeInTheDocument();
    expect(screen.getByText('Para aprobar necesitas 20 puntos.')).toBeInTheDocument();
  });

  it("refuses 'Siguiente' without an option, then advances once one is chosen", async () => {
    const user = userEvent.setup();
    const engine = fakeEngine();
    renderPlayer(engine);
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));
    expect(await screen.findByText('Pregunta 1 de 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    // spec 002 §5: the message is verbatim, typo included.
    expect(screen.getByRole('alert')).toHaveTextContent(/^Debes eleggir una opción\.$/);
    expect(engine.answer).not.toHaveBeenCalled();

    await choose(user, 'Incorrecta 1');
    expect(await screen.findByText('Pregunta 2 de 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pregunta número 2' })).toBeInTheDocument();
    expect(engine.answer).toHaveBeenCalledWith('q1', 'q1-wrong');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ends at once when the points reach okPoints (preview graded by the contract)', async () => {
    const user = userEvent.setup();
    const onPassed = renderPlayer(previewQuizEngine(quiz, questions));
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));
    await choose(user, 'Correcta 1');
    await choose(user, 'Correcta 2');
    // 20 of 20 after two questions: the third is never asked.
    expect(await screen.findByRole('heading', { name: '¡Felicitaciones!' })).toBeInTheDocument();
    expect(screen.getByText('¡Has completado el cuestionario con éxito!')).toBeInTheDocument();
    expect(screen.getByText('Has obtenido un total de 20 puntos.')).toBeInTheDocument();
    expect(screen.queryByText('Pregunta 3 de 3')).not.toBeInTheDocument();
    expect(onPassed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Volver a intentar' })).not.toBeInTheDocument();
  });

  it('without a pass mark (okPoints 0) counts the right answers', async () => {
    const user = userEvent.setup();
    const noMark = { ...quiz, okPoints: 0 };
    renderPlayer(previewQuizEngine(noMark, questions), noMark);
    expect(
      screen.getByText('Responde todas las preguntas antes de que termine el tiempo.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));
    await choose(user, 'Correcta 1');
    await choose(user, 'Incorrecta 2');
    await choose(user, 'Correcta 3');
    expect(await screen.findByRole('heading', { name: '¡Felicitaciones!' })).toBeInTheDocument();
    expect(screen.getByText('Has respondido correctamente 2 preguntas.')).toBeInTheDocument();
  });

  it("fails when the countdown reaches zero, lists each question, and 'Volver a intentar' starts afresh", async () => {
    // Only the countdown's clock is fake: userEvent and findBy keep their real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup();
    const onPassed = renderPlayer(previewQuizEngine(quiz, questions));
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));
    await screen.findByText('Pregunta 1 de 3');
    expect(screen.getByLabelText('Tiempo restante: 05:00')).toBeInTheDocument();
    await choose(user, 'Incorrecta 1');
    await screen.findByText('Pregunta 2 de 3');
    await choose(user, 'Correcta 2');
    await screen.findByText('Pregunta 3 de 3');

    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(screen.getByLabelText('Tiempo restante: 01:00')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(61_000));

    expect(
      await screen.findByRole('heading', { name: 'No has aprobado el cuestionario' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Lamentablemente no has podido completar con éxito el cuestionario.'),
    ).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '1. Pregunta número 1 (Incorrecta)',
      '2. Pregunta número 2 (Correcta)',
      '3. Pregunta número 3 (Sin responder)',
    ]);
    // A cross for wrong and unanswered, a check for right (colour is never the only signal).
    const icons = rows.map((row) => row.querySelector('svg')?.getAttribute('class') ?? '');
    expect(icons[0]).toContain('tabler-icon-x');
    expect(icons[1]).toContain('tabler-icon-check');
    expect(icons[2]).toContain('tabler-icon-x');
    expect(onPassed).not.toHaveBeenCalled();

    // A fresh run: had the old answers survived, question 1 would stay wrong and 20 unreachable.
    await user.click(screen.getByRole('button', { name: 'Volver a intentar' }));
    expect(await screen.findByText('Pregunta 1 de 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Tiempo restante: 05:00')).toBeInTheDocument();
    await choose(user, 'Correcta 1');
    await choose(user, 'Correcta 2');
    expect(await screen.findByRole('heading', { name: '¡Felicitaciones!' })).toBeInTheDocument();
    expect(onPassed).toHaveBeenCalledTimes(1);
  });

  it('shows each question type its media: quote, image, video file, YouTube frame', async () => {
    const user = userEvent.setup();
    const media = [
      question(1, { questionType: 2, description: 'El paciente refiere insomnio desde hace un mes.' }),
      question(2, { questionType: 3, imgQuizURL: 'https://cdn.example.com/quiz/figura.png' }),
      question(3, { questionType: 4, videoFile: 'https://cdn.example.com/quiz/caso.mp4' }),
      question(4, { questionType: 4, videoFile: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    ];
    renderPlayer(fakeEngine(media), { ...quiz, duration: 4 });
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));

    const card = await screen.findByTestId('quiz-question');
    expect(
      within(card).getByText('El paciente refiere insomnio desde hace un mes.').closest('blockquote'),
    ).not.toBeNull();

    await choose(user, 'Correcta 1');
    await screen.findByText('Pregunta 2 de 4');
    expect(screen.getByTestId('quiz-question').querySelector('img')).toHaveAttribute(
      'src',
      'https://cdn.example.com/quiz/figura.png',
    );

    await choose(user, 'Correcta 2');
    await screen.findByText('Pregunta 3 de 4');
    expect(screen.getByTestId('quiz-question').querySelector('video')).toHaveAttribute(
      'src',
      'https://cdn.example.com/quiz/caso.mp4',
    );

    await choose(user, 'Correcta 3');
    await screen.findByText('Pregunta 4 de 4');
    expect(screen.getByTitle('Pregunta número 4')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(screen.getByTestId('quiz-question').querySelector('video')).toBeNull();
  });

  // an answer still in flight when the countdown ends resolves
  // after the finish screen and moves the player back to the next question (of an attempt
  // that already ended).
  it('an answer arriving after the countdown ended keeps the finish screen', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup();
    let reply: (outcome: 'running') => void = () => {};
    const engine = fakeEngine();
    vi.mocked(engine.answer).mockImplementation(() => new Promise((resolve) => (reply = resolve)));
    renderPlayer(engine);
    await user.click(screen.getByRole('button', { name: 'Comenzar' }));
    await screen.findByText('Pregunta 1 de 3');
    await choose(user, 'Correcta 1');
    act(() => vi.advanceTimersByTime(5 * 60_000 + 1000));
    expect(
      await screen.findByRole('heading', { name: 'No has aprobado el cuestionario' }),
    ).toBeInTheDocument();
    await act(async () => reply('running'));
    expect(screen.queryByText('Pregunta 2 de 3')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No has aprobado el cuestionario' })).toBeInTheDocument();
  });
});
