import type { LessonData, LiveDate, ModuleCart } from '@agendo/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api.ts';
import { clearSession, setToken } from '../../lib/session.ts';
import { answerOk, type OkBodies } from '../../lib/test-actions.ts';
import { expectSentToLogin } from '../../test/login-redirect.ts';
import { renderRoutes } from '../../test/render.tsx';
import { LessonPage } from './lesson-page.tsx';

vi.mock('../../lib/api.ts');
const callMock = vi.mocked(call);

/** An open, not yet done video lesson a student watches (override what a test needs). */
function lessonData(over: Partial<LessonData> = {}): LessonData {
  return {
    ref: 'lessonRef001',
    courseRef: 'courseRef001',
    courseTitle: 'Taller de mindfulness',
    moduleRef: 'modRef00002',
    moduleTitle: 'Práctica guiada',
    titleClass: 'Respiración consciente',
    typeClass: 1,
    duration: 20,
    descriptionPrivate: null,
    userId: 'profRef001',
    moduleFree: 0,
    ownerBadge: false,
    isOwner: false,
    realPriceLocal: 15000,
    realPriceInter: 25,
    userPrice: 15000,
    userCurrency: 'ARS',
    video: '/files/signed/video-respiracion.mp4',
    videoIsLink: false,
    pdfFile: null,
    pdfName: null,
    downloadPdf: 0,
    quizId: null,
    complete: false,
    prevRef: null,
    nextRef: null,
    ...over,
  };
}

function liveDate(over: Partial<LiveDate> = {}): LiveDate {
  return {
    id: 'liveRef00001',
    publishTitle: 'Taller de mindfulness',
    lessonTitle: 'Encuentro presencial',
    typeClass: 7,
    liveDate: 'martes 24 de noviembre',
    startDate: '24/11/2026 18:00',
    endDate: '24/11/2026 20:00',
    timezone: 'America/Argentina/Buenos_Aires',
    eventTimezone: 'America/Argentina/Buenos_Aires',
    canEnter: false,
    useMyVideoCall: 0,
    platformVideoCall: null,
    linkVideoCall: null,
    passVideoCall: null,
    roomIdLink: null,
    address: 'Av. Corrientes 1234, CABA',
    imgQr: 'data:image/png;base64,iVBORw0KGgo=',
    attended: false,
    ...over,
  };
}

const moduleCart: ModuleCart = {
  courseRef: 'courseRef001',
  moduleRef: 'modRef00002',
  title: 'Taller de mindfulness - Módulo: Práctica guiada',
  profName: 'Laura Méndez',
  price: 15000,
  currency: 'ARS',
  profCurrency: 'ARS',
  international: false,
  hidePrice: 0,
  noPrice: 0,
  step: 'chooser',
  provider: 'mercadopago',
  owned: false,
  pending: false,
};

/** The server as the lesson page sees it; `lesson` is read on every (re)fetch. */
function serve(state: { lesson: LessonData; dates?: LiveDate[] }) {
  // A function per action: `lesson` is read again on every (re)fetch.
  answerOk(callMock, {
    'find-lesson-data-workshop': () => ({ lesson: state.lesson }),
    'list-user-modules-workshop': { modules: [], completed: 0, total: 4 },
    'find-module-cart': { cart: moduleCart },
    'find-live-date': () => ({ dates: state.dates ?? [] }),
    'mark-lesson-done': () => ({
      lessonId: state.lesson.ref,
      moduleId: state.lesson.moduleRef,
      completed: 1,
      total: 4,
    }),
  });
}

function renderLesson() {
  return renderRoutes(
    { 'lesson/:ref': <LessonPage />, '*': <p>Otra página</p> },
    '/ar/es/lesson/lessonRef001',
  );
}

const calls = (action: string) => callMock.mock.calls.filter(([name]) => name === action);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

// A student's session: lessons are read signed in.
beforeEach(() => setToken('student-token'));
afterEach(() => {
  callMock.mockReset();
  clearSession();
});

describe('LessonPage', { timeout: 15_000 }, () => {
  it('sends a visitor without a session to the login, to come back to the lesson', async () => {
    clearSession();
    serve({ lesson: lessonData() });
    const router = renderLesson();
    await expectSentToLogin(router, '/ar/es/lesson/lessonRef001');
    // Nothing is asked of the server without a session (it would answer 401).
    expect(callMock).not.toHaveBeenCalled();
  });

  it('a lesson of a module to buy (moduleFree 1) shows both texts and the cart', async () => {
    serve({ lesson: lessonData({ moduleFree: 1, video: null }) });
    renderLesson();
    expect(
      await screen.findByText('Podrás acceder al contenido una vez realices el pago.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Debes contratar el módulo Práctica guiada para poder acceder a este y otros capítulos que contenga.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('module-cart')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contratar' })).toBeInTheDocument();
    expect(calls('find-module-cart')[0]?.[1]).toEqual({ moduleId: 'modRef00002' });
    expect(screen.queryByTestId('lesson-video')).not.toBeInTheDocument();
  });

  it('a module sold only from the course page (moduleFree 2) says to pay, without a cart', async () => {
    serve({ lesson: lessonData({ moduleFree: 2, video: null }) });
    renderLesson();
    expect(
      await screen.findByText('Podrás acceder al contenido una vez realices el pago.'),
    ).toBeInTheDocument();
    await settle();
    expect(screen.queryByText(/^Debes contratar el módulo/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('module-cart')).not.toBeInTheDocument();
    expect(calls('find-module-cart')).toHaveLength(0);
  });

  it('the owner sees the content with the badge that users must buy the module', async () => {
    serve({ lesson: lessonData({ isOwner: true, ownerBadge: true }) });
    renderLesson();
    expect(await screen.findByText('Los usuarios deben contratar este módulo')).toBeInTheDocument();
    const video = screen.getByTestId('lesson-video');
    // The owner's own viewing never counts as a student's progress.
    fireEvent.ended(video);
    await settle();
    expect(calls('mark-lesson-done')).toHaveLength(0);
    expect(
      screen.queryByText('Podrás acceder al contenido una vez realices el pago.'),
    ).not.toBeInTheDocument();
  });

  it('the end of the video marks the lesson done once', async () => {
    const state = { lesson: lessonData() };
    serve(state);
    renderLesson();
    const video = await screen.findByTestId('lesson-video');
    expect(video).toHaveAttribute('src', '/files/signed/video-respiracion.mp4');
    expect(screen.getByText('Al terminar el video, la clase se marca como realizada.')).toBeInTheDocument();

    state.lesson = lessonData({ complete: true });
    fireEvent.ended(video);
    expect(await screen.findByText('Clase marcada como realizada.')).toBeInTheDocument();
    expect(calls('mark-lesson-done')).toEqual([['mark-lesson-done', { lessonId: 'lessonRef001' }]]);

    // Watching it again after the page learnt it is done does not report it twice.
    await screen.findByText('Realizada');
    fireEvent.ended(screen.getByTestId('lesson-video'));
    await settle();
    expect(calls('mark-lesson-done')).toHaveLength(1);
  });

  it("an in-person live lesson shows the entry QR, 'Vivo Presencial' and 'Marcar como realizado'", async () => {
    const user = userEvent.setup();
    serve({ lesson: lessonData({ typeClass: 7, video: null }), dates: [liveDate()] });
    renderLesson();
    const qr = await screen.findByRole('img', { name: 'Presenta este código al ingresar al evento.' });
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('Vivo Presencial')).toBeInTheDocument();
    expect(screen.getByText('Av. Corrientes 1234, CABA')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ingresar al evento' })).not.toBeInTheDocument();
    expect(calls('find-live-date')[0]?.[1]).toMatchObject({ lessonId: 'lessonRef001', mode: 2 });

    await user.click(screen.getByRole('button', { name: 'Marcar como realizado' }));
    await waitFor(() => expect(calls('mark-lesson-done')).toHaveLength(1));
  });

  it("an online live lesson before its time greys out 'Ingresar al evento'", async () => {
    serve({
      lesson: lessonData({ typeClass: 6, video: null }),
      dates: [liveDate({ typeClass: 6, useMyVideoCall: 1, canEnter: false, imgQr: null, address: null })],
    });
    renderLesson();
    expect(await screen.findByText('Vivo Online')).toBeInTheDocument();
    // Mantine marks a link-button disabled with data-disabled (an <a> has no disabled state).
    expect(screen.getByRole('button', { name: 'Ingresar al evento' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Ingresar al evento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Presenta este código/ })).not.toBeInTheDocument();
  });

  it("an online live lesson at its time opens the room from 'Ingresar al evento'", async () => {
    serve({
      lesson: lessonData({ typeClass: 6, video: null }),
      dates: [liveDate({ typeClass: 6, useMyVideoCall: 1, canEnter: true, imgQr: null, address: null })],
    });
    renderLesson();
    const enter = await screen.findByRole('link', { name: 'Ingresar al evento' });
    expect(enter).not.toHaveAttribute('data-disabled');
    expect(enter).toHaveAttribute('href', '/ar/es/course-room/lessonRef001');
  });

  // A greyed-out Mantine Button rendered as a Link would keep its href: it must be a button.
  it("'Ingresar al evento' does not open the room before canEnter", async () => {
    const user = userEvent.setup();
    serve({
      lesson: lessonData({ typeClass: 6, video: null }),
      dates: [liveDate({ typeClass: 6, useMyVideoCall: 1, canEnter: false, imgQr: null, address: null })],
    });
    const router = renderLesson();
    await user.click(await screen.findByRole('button', { name: 'Ingresar al evento' }));
    expect(router.state.location.pathname).toBe('/ar/es/lesson/lessonRef001');
  });

  // QuizLesson once built serverQuizEngine(lesson.ref) on every render,
  // so any re-render of the page mid-quiz (here: opening 'Contenido del curso' on a phone)
  // hands the player a new engine without the attempt, and the next answer goes out with
  // attemptRef ''.
  it('a quiz keeps its attempt when the page re-renders mid-quiz', async () => {
    const user = userEvent.setup();
    const option = (id: string, answer: string) => ({ id, answer });
    const quizQuestion = (id: string, text: string, optionId: string) => ({
      id,
      question: text,
      questionType: 1 as const,
      description: null,
      imgQuizURL: null,
      videoFile: null,
      points: 10,
      optionsAnswers: [option(optionId, `Respuesta ${text}`)],
    });
    const answers: OkBodies = {
      'find-lesson-data-workshop': {
        lesson: lessonData({ typeClass: 3, video: null, quizId: 'quizRef0001' }),
      },
      'list-user-modules-workshop': { modules: [], completed: 0, total: 4 },
      'find-quiz-data': {
        quiz: { ref: 'quizRef0001', title: 'Repaso', okPoints: 20, duration: 2, time: 5 },
        passed: false,
      },
      'start-quiz': { attemptRef: 'attemptRef01', deadline: '', serverNow: '', secondsLeft: 300 },
      'find-all-quiz-question-data': {
        questions: [quizQuestion('q1', 'uno', 'a1'), quizQuestion('q2', 'dos', 'a2')],
      },
      'answer-quiz': { outcome: 'running' },
    };
    answerOk(callMock, answers);
    renderLesson();
    await user.click(await screen.findByRole('button', { name: 'Comenzar' }));
    await user.click(await screen.findByRole('radio', { name: 'Respuesta uno' }));
    await user.click(screen.getByRole('button', { name: 'Contenido del curso' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(calls('answer-quiz')).toHaveLength(1));
    expect(calls('answer-quiz')[0]?.[1]).toEqual({
      attemptRef: 'attemptRef01',
      questionId: 'q1',
      optionId: 'a1',
    });
  });
});
