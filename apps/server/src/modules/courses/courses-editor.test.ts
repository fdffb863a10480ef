import fs from 'node:fs';
import { type ActionName, actions, lessonFileErrors } from '@agendo/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/booking-fixtures.ts';
import { multipartBody } from '../../test/multipart.ts';
import { useTestApp } from '../../test/test-app.ts';
import { resolveLessonKey } from './lesson-media.ts';

/**
 * The workshop, module, lesson and quiz editors through the API: what a professional builds
 * comes back from get-workshop as it was sent, every rejected input answers its contract code
 * and writes nothing, and a foreign ref answers exactly like an unknown one.
 */

const t = useTestApp();

type Entry = { es: string; field?: string };
/** Every editor action shares one catalogue (E2–E48). */
const editorErrors = actions['save-workshop'].errors as Record<string, Entry>;

const tz = 'America/Argentina/Buenos_Aires';

async function professional() {
  return (await makeUser(t, { userType: 1, countryId: 5 })).token;
}

/** Calls an action that must succeed and answers its body. */
// biome-ignore lint/suspicious/noExplicitAny: tests read loosely typed answers
async function ok(action: ActionName, input: Record<string, unknown>, token: string): Promise<any> {
  const res = await t.call(action, input, token);
  expect(res.body, `${action} ${JSON.stringify(input)}`).toMatchObject({ status: '200' });
  expect(res.statusCode).toBe(200);
  return res.body;
}

async function expectError(
  res: { statusCode: number; body: Record<string, unknown> },
  code: string,
  field?: string,
) {
  expect(res.body).toMatchObject({ status: '400', code, message: editorErrors[code]?.es });
  expect(res.statusCode).toBe(400);
  const expectedField = field ?? editorErrors[code]?.field;
  if (expectedField) expect(res.body.field).toBe(expectedField);
}

async function createWorkshop(token: string, extra: Record<string, unknown> = {}): Promise<string> {
  return (await ok('save-workshop', { title: 'Taller', payCash: 1, payCard: 1, ...extra }, token)).ref;
}

/** A module given away: no price in either currency and not marked paid-for. */
const freeModule = { priceLocal: 0, priceInter: 0, moduleFree: 0 };

async function createModule(
  token: string,
  workshopRef: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return (
    await ok(
      'save-module',
      { workshopRef, title: 'Módulo', priceLocal: 1000, priceInter: 10, moduleFree: 1, ...extra },
      token,
    )
  ).ref;
}

async function createLesson(
  token: string,
  moduleRef: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return (await ok('save-lesson', { moduleRef, title: 'Clase', typeClass: 2, duration: 5, ...extra }, token))
    .ref;
}

async function createQuiz(token: string, extra: Record<string, unknown> = {}): Promise<string> {
  return (await ok('save-quiz', { title: 'Cuestionario', okPoints: 10, time: 10, ...extra }, token)).ref;
}

function plainQuestion(quizRef: string, extra: Record<string, unknown> = {}) {
  return {
    quizRef,
    question: '¿Cuál es la respuesta?',
    questionType: 1,
    points: 10,
    optionsAnswers: [
      { answer: 'Esta', correct: true },
      { answer: 'Aquella', correct: false },
    ],
    ...extra,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read loosely typed answers
async function editor(token: string, ref: string): Promise<any> {
  return (await ok('get-workshop', { ref }, token)).workshop;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read loosely typed answers
async function quiz(token: string, ref: string): Promise<any> {
  return ok('get-quiz', { ref }, token);
}

/** Every row of the editor tables: a rejected call must leave this exactly as it was. */
async function editorRows() {
  const db = t.deps.db;
  const [workshops, modules, lessons, quizzes, questions, options, purchases] = await Promise.all([
    db.selectFrom('workshops').selectAll().orderBy('id').execute(),
    db.selectFrom('workshop_modules').selectAll().orderBy('id').execute(),
    db.selectFrom('workshop_lessons').selectAll().orderBy('id').execute(),
    db.selectFrom('quizzes').selectAll().orderBy('id').execute(),
    db.selectFrom('quiz_questions').selectAll().orderBy('id').execute(),
    db.selectFrom('quiz_options').selectAll().orderBy('id').execute(),
    db.selectFrom('module_purchases').selectAll().orderBy('id').execute(),
  ]);
  return { workshops, modules, lessons, quizzes, questions, options, purchases };
}

describe('a professional builds a course', () => {
  it('stores a workshop with modules, the five lesson types and a quiz, and get-workshop answers it in order', async () => {
    const token = await professional();
    const workshopRef = await createWorkshop(token, {
      title: '  Taller de atención plena  ',
      description: 'Ocho semanas de práctica guiada.',
      payCash: 1,
      payCard: 0,
      limitTime: 1,
      limitTimeDays: 90,
      certificate: 1,
      linkComunityWp: 'https://chat.whatsapp.com/abc123',
    });
    expect(workshopRef).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    const quizRef = await createQuiz(token, { title: 'Evaluación final', okPoints: 25, time: 15 });
    const questions = [
      plainQuestion(quizRef, { question: '¿Qué es la atención plena?', points: 10 }),
      plainQuestion(quizRef, {
        question: '¿Quién lo dijo?',
        questionType: 2,
        description: '«Estar presente es el único lugar donde se vive.»',
        points: 5,
        optionsAnswers: [
          { answer: 'Un maestro zen', correct: true },
          { answer: 'Un filósofo griego', correct: true },
          { answer: 'Nadie', correct: false },
        ],
      }),
      plainQuestion(quizRef, {
        question: '¿Qué postura muestra la imagen?',
        questionType: 3,
        imgQuizURL: '/files/quiz/postura.png',
        points: 7,
      }),
      plainQuestion(quizRef, {
        question: '¿Qué técnica se ve en el video?',
        questionType: 4,
        videoFile: 'https://www.youtube.com/watch?v=abc123',
        points: 8,
      }),
    ];
    const questionRefs: string[] = [];
    for (const q of questions) questionRefs.push((await ok('save-quiz-question', q, token)).ref);

    const intro = await createModule(token, workshopRef, {
      title: 'Introducción',
      description: 'Lo básico.',
      ...freeModule,
    });
    const practice = await createModule(token, workshopRef, {
      title: 'Práctica',
      priceLocal: 15000.5,
      priceInter: 25.99,
      moduleFree: 1,
    });

    const video = await createLesson(token, intro, {
      title: 'Bienvenida',
      typeClass: 1,
      duration: 12,
      descriptionPrivate: 'Notas solo para alumnos.',
      videoLink: 'https://vimeo.com/123456',
    });
    // A link sent with a PDF lesson is not kept: only video lessons have one.
    const pdf = await createLesson(token, intro, {
      title: 'Temario',
      typeClass: 2,
      downloadPdf: 1,
      videoLink: 'https://vimeo.com/ignored',
    });
    const quizLesson = await createLesson(token, intro, { title: 'Evaluación', typeClass: 3, quizRef });
    const online = await createLesson(token, practice, {
      title: 'Encuentro en vivo',
      typeClass: 6,
      duration: 90,
      startDate: '2026-12-01T10:00:00-03:00',
      endDate: '2026-12-01T11:30:00-03:00',
      timezone: tz,
      useMyVideoCall: 0,
      platformVideoCall: 2,
      linkVideoCall: 'https://meet.example.com/abc-defg',
      passVideoCall: '1234',
    });
    const inPerson = await createLesson(token, practice, {
      title: 'Retiro',
      typeClass: 7,
      duration: 240,
      startDate: '2026-12-05T09:00:00-03:00',
      endDate: '2026-12-05T13:00:00-03:00',
      timezone: tz,
      address: 'Av. Santa Fe 1234, CABA',
    });

    const w = await editor(token, workshopRef);
    const noLive = {
      startDate: null,
      endDate: null,
      timezone: null,
      useMyVideoCall: 0,
      platformVideoCall: null,
      linkVideoCall: null,
      passVideoCall: null,
      roomIdLink: null,
      address: null,
    };
    expect(w).toEqual({
      ref: workshopRef,
      title: 'Taller de atención plena',
      description: 'Ocho semanas de práctica guiada.',
      cover: null,
      // The professional is Argentine: module prices are in pesos.
      currency: 'ARS',
      payCash: 1,
      payCard: 0,
      hidePrice: 0,
      noPrice: 0,
      limitTime: 1,
      limitTimeDays: 90,
      certificate: 1,
      linkComunityWp: 'https://chat.whatsapp.com/abc123',
      paused: 0,
      modules: [
        {
          ref: intro,
          title: 'Introducción',
          description: 'Lo básico.',
          ...freeModule,
          lessons: [
            {
              ref: video,
              title: 'Bienvenida',
              typeClass: 1,
              duration: 12,
              descriptionPrivate: 'Notas solo para alumnos.',
              videoLink: 'https://vimeo.com/123456',
              videoFileName: null,
              pdfFileName: null,
              downloadPdf: 0,
              quizRef: null,
              live: noLive,
            },
            {
              ref: pdf,
              title: 'Temario',
              typeClass: 2,
              duration: 5,
              descriptionPrivate: '',
              videoLink: null,
              videoFileName: null,
              pdfFileName: null,
              downloadPdf: 1,
              quizRef: null,
              live: noLive,
            },
            {
              ref: quizLesson,
              title: 'Evaluación',
              typeClass: 3,
              duration: 5,
              descriptionPrivate: '',
              videoLink: null,
              videoFileName: null,
              pdfFileName: null,
              downloadPdf: 0,
              quizRef,
              live: noLive,
            },
          ],
        },
        {
          ref: practice,
          title: 'Práctica',
          description: '',
          priceLocal: 15000.5,
          priceInter: 25.99,
          moduleFree: 1,
          lessons: [
            {
              ref: online,
              title: 'Encuentro en vivo',
              typeClass: 6,
              duration: 90,
              descriptionPrivate: '',
              videoLink: null,
              videoFileName: null,
              pdfFileName: null,
              downloadPdf: 0,
              quizRef: null,
              live: {
                // Instants are stored and answered in UTC.
                startDate: '2026-12-01T13:00:00.000Z',
                endDate: '2026-12-01T14:30:00.000Z',
                timezone: tz,
                useMyVideoCall: 0,
                platformVideoCall: 2,
                linkVideoCall: 'https://meet.example.com/abc-defg',
                passVideoCall: '1234',
                roomIdLink: null,
                address: null,
              },
            },
            {
              ref: inPerson,
              title: 'Retiro',
              typeClass: 7,
              duration: 240,
              descriptionPrivate: '',
              videoLink: null,
              videoFileName: null,
              pdfFileName: null,
              downloadPdf: 0,
              quizRef: null,
              live: {
                startDate: '2026-12-05T12:00:00.000Z',
                endDate: '2026-12-05T16:00:00.000Z',
                timezone: tz,
                useMyVideoCall: 0,
                platformVideoCall: null,
                linkVideoCall: null,
                passVideoCall: null,
                roomIdLink: null,
                address: 'Av. Santa Fe 1234, CABA',
              },
            },
          ],
        },
      ],
    });

    const q = await quiz(token, quizRef);
    expect(q.quiz).toEqual({ ref: quizRef, title: 'Evaluación final', okPoints: 25, duration: 4, time: 15 });
    expect(q.questions.map((x: { id: string }) => x.id)).toEqual(questionRefs);
    expect(q.questions).toMatchObject([
      {
        question: '¿Qué es la atención plena?',
        questionType: 1,
        description: null,
        imgQuizURL: null,
        videoFile: null,
        points: 10,
        optionsAnswers: [
          { answer: 'Esta', correct: true },
          { answer: 'Aquella', correct: false },
        ],
      },
      {
        questionType: 2,
        description: '«Estar presente es el único lugar donde se vive.»',
        points: 5,
        optionsAnswers: [
          { answer: 'Un maestro zen', correct: true },
          { answer: 'Un filósofo griego', correct: true },
          { answer: 'Nadie', correct: false },
        ],
      },
      { questionType: 3, imgQuizURL: '/files/quiz/postura.png', description: null, points: 7 },
      { questionType: 4, videoFile: 'https://www.youtube.com/watch?v=abc123', imgQuizURL: null, points: 8 },
    ]);

    const list = (await ok('find-my-workshops', {}, token)).workshops;
    expect(list).toEqual([
      {
        ref: workshopRef,
        title: 'Taller de atención plena',
        cover: null,
        paused: 0,
        modules: 2,
        lessons: 5,
        students: 0,
        updatedAt: expect.any(String),
      },
    ]);
    const quizzes = (await ok('find-my-quizzes', {}, token)).quizzes;
    expect(quizzes).toEqual([
      {
        ref: quizRef,
        title: 'Evaluación final',
        okPoints: 25,
        duration: 4,
        time: 15,
        questions: 4,
        lessons: 1,
      },
    ]);
  });

  it('keeps the professional currency per country and clears the access days without a limit', async () => {
    const chilean = (await makeUser(t, { userType: 1, countryId: 81, timeZone: 'America/Santiago' })).token;
    const ref = await createWorkshop(chilean, { limitTime: 0, limitTimeDays: 30 });
    expect(await editor(chilean, ref)).toMatchObject({ currency: 'CLP', limitTime: 0, limitTimeDays: null });
  });

  it('answers the editors only to professionals', async () => {
    const client = (await makeUser(t, { userType: 2 })).token;
    const res = await t.call('find-my-workshops', {}, client);
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatchObject({ code: 'E403' });
    const anonymous = await t.call('save-workshop', { title: 'Taller' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('editor validation (each rejected field answers its code and writes nothing)', () => {
  type Refs = { workshop: string; module: string; quiz: string };
  const live = {
    typeClass: 6,
    startDate: '2026-12-01T13:00:00Z',
    endDate: '2026-12-01T14:00:00Z',
    timezone: tz,
  };
  const workshop = (extra: Record<string, unknown>) => () => ({ title: 'Taller', payCard: 1, ...extra });
  const module = (extra: Record<string, unknown>) => (r: Refs) => ({
    workshopRef: r.workshop,
    title: 'Módulo',
    priceLocal: 100,
    priceInter: 10,
    moduleFree: 1,
    ...extra,
  });
  const lesson = (extra: Record<string, unknown>) => (r: Refs) => ({
    moduleRef: r.module,
    title: 'Clase',
    typeClass: 1,
    duration: 10,
    ...extra,
  });
  const question = (extra: Record<string, unknown>) => (r: Refs) => plainQuestion(r.quiz, extra);
  const quizInput = (extra: Record<string, unknown>) => () => ({
    title: 'Quiz',
    okPoints: 10,
    time: 5,
    ...extra,
  });

  const cases: [string, ActionName, (r: Refs) => Record<string, unknown>][] = [
    ['E2', 'save-workshop', workshop({ title: '' })],
    ['E2', 'save-workshop', workshop({ title: '   ' })],
    ['E3', 'save-workshop', workshop({ title: 'x'.repeat(121) })],
    ['E4', 'save-workshop', workshop({ description: 'x'.repeat(5001) })],
    ['E5', 'save-workshop', workshop({ payCash: 0, payCard: 0 })],
    ['E6', 'save-workshop', workshop({ limitTime: 1 })],
    ['E6', 'save-workshop', workshop({ limitTime: 1, limitTimeDays: 0 })],
    ['E6', 'save-workshop', workshop({ limitTime: 1, limitTimeDays: 4000 })],
    ['E7', 'save-workshop', workshop({ linkComunityWp: 'javascript:alert(1)' })],
    ['E2', 'save-module', module({ title: '' })],
    ['E8', 'save-module', module({ priceLocal: 10.555 })],
    ['E8', 'save-module', module({ priceLocal: -1 })],
    ['E9', 'save-module', module({ priceInter: -1 })],
    ['E9', 'save-module', module({ priceInter: 10.001 })],
    ['E10', 'save-module', module({ moduleFree: 3 })],
    ['E11', 'save-lesson', lesson({ typeClass: 4 })],
    ['E12', 'save-lesson', lesson({ duration: 2000 })],
    ['E13', 'save-lesson', lesson({ videoLink: 'ftp://x' })],
    ['E14', 'save-lesson', lesson({ typeClass: 3 })],
    ['E14', 'save-lesson', lesson({ typeClass: 3, quizRef: 'noexiste12345678' })],
    ['E15', 'save-lesson', lesson({ ...live, startDate: null })],
    ['E16', 'save-lesson', lesson({ ...live, endDate: '2026-12-01T12:00:00Z' })],
    ['E16', 'save-lesson', lesson({ ...live, endDate: live.startDate })],
    ['E17', 'save-lesson', lesson({ ...live, timezone: null })],
    ['E18', 'save-lesson', lesson({ ...live, typeClass: 7 })],
    ['E19', 'save-lesson', lesson({ ...live, useMyVideoCall: 0 })],
    ['E20', 'save-quiz-question', question({ question: '' })],
    ['E21', 'save-quiz-question', question({ questionType: 5 })],
    ['E22', 'save-quiz-question', question({ questionType: 2 })],
    ['E23', 'save-quiz-question', question({ questionType: 3 })],
    ['E23', 'save-quiz-question', question({ questionType: 3, imgQuizURL: 'javascript:alert(1)' })],
    ['E24', 'save-quiz-question', question({ questionType: 4 })],
    ['E25', 'save-quiz-question', question({ points: 5000 })],
    ['E26', 'save-quiz-question', question({ optionsAnswers: [{ answer: 'Sola', correct: true }] })],
    [
      'E26',
      'save-quiz-question',
      question({ optionsAnswers: Array.from({ length: 9 }, (_, i) => ({ answer: `O${i}`, correct: true })) }),
    ],
    [
      'E27',
      'save-quiz-question',
      question({
        optionsAnswers: [
          { answer: 'Una', correct: false },
          { answer: 'Otra', correct: false },
        ],
      }),
    ],
    [
      'E28',
      'save-quiz-question',
      question({
        optionsAnswers: [
          { answer: 'Una', correct: true },
          { answer: '  ', correct: false },
        ],
      }),
    ],
    ['E29', 'save-quiz', quizInput({ okPoints: -1 })],
    ['E30', 'save-quiz', quizInput({ time: 0 })],
    ['E30', 'save-quiz', quizInput({ time: 601 })],
  ];

  let token: string;
  let refs: Refs;
  beforeAll(async () => {
    token = await professional();
    const workshopRef = await createWorkshop(token);
    refs = {
      workshop: workshopRef,
      module: await createModule(token, workshopRef),
      quiz: await createQuiz(token),
    };
  });

  it.each(cases)('%s from %s', async (code, action, input) => {
    const before = await editorRows();
    await expectError(await t.call(action, input(refs), token), code);
    expect(await editorRows()).toEqual(before);
  });

  it('leaves an existing row as it was when an update is rejected', async () => {
    const before = await editorRows();
    await expectError(await t.call('save-workshop', { ref: refs.workshop, title: '' }, token), 'E2');
    await expectError(
      await t.call('save-module', { ...module({ priceLocal: 10.555 })(refs), ref: refs.module }, token),
      'E8',
    );
    await expectError(
      await t.call('save-quiz', { ref: refs.quiz, title: 'Q', okPoints: 1, time: 0 }, token),
      'E30',
    );
    expect(await editorRows()).toEqual(before);
  });

  it('uses the spec voice for the messages', async () => {
    const res = await t.call('save-lesson', lesson({ ...live, typeClass: 7 })(refs), token);
    expect(res.body).toEqual({
      status: '400',
      code: 'E18',
      message: 'Debes ingresar la dirección del evento.',
      field: 'address',
    });
  });
});

describe('ordering', () => {
  // biome-ignore lint/suspicious/noExplicitAny: tests read loosely typed answers
  const refsOf = (rows: any[]) => rows.map((r: { ref: string }) => r.ref);

  it('moves modules up and down; the first one up and the last one down change nothing', async () => {
    const token = await professional();
    const w = await createWorkshop(token);
    const [a, b, c] = [
      await createModule(token, w, { title: 'A' }),
      await createModule(token, w, { title: 'B' }),
      await createModule(token, w, { title: 'C' }),
    ] as [string, string, string];
    const order = async () => refsOf((await editor(token, w)).modules);
    expect(await order()).toEqual([a, b, c]);

    await ok('move-module', { ref: b, direction: 'up' }, token);
    expect(await order()).toEqual([b, a, c]);
    await ok('move-module', { ref: b, direction: 'up' }, token);
    expect(await order()).toEqual([b, a, c]);
    await ok('move-module', { ref: c, direction: 'down' }, token);
    expect(await order()).toEqual([b, a, c]);
    await ok('move-module', { ref: b, direction: 'down' }, token);
    expect(await order()).toEqual([a, b, c]);
    await ok('move-module', { ref: a, direction: 'down' }, token);
    await ok('move-module', { ref: a, direction: 'down' }, token);
    expect(await order()).toEqual([b, c, a]);

    // After a deletion the neighbours still swap with one move.
    await ok('delete-module', { ref: c }, token);
    expect(await order()).toEqual([b, a]);
    await ok('move-module', { ref: a, direction: 'up' }, token);
    expect(await order()).toEqual([a, b]);
    // A module added after the moves goes last.
    const d = await createModule(token, w, { title: 'D' });
    expect(await order()).toEqual([a, b, d]);

    const bad = await t.call('move-module', { ref: a, direction: 'left' }, token);
    expect(bad.body).toMatchObject({ status: '400', code: 'E1' });
  });

  it('moves lessons within their module', async () => {
    const token = await professional();
    const w = await createWorkshop(token);
    const m = await createModule(token, w);
    const other = await createModule(token, w);
    const [x, y, z] = [
      await createLesson(token, m, { title: 'X' }),
      await createLesson(token, m, { title: 'Y' }),
      await createLesson(token, m, { title: 'Z' }),
    ] as [string, string, string];
    const lone = await createLesson(token, other, { title: 'Sola' });
    const order = async () => {
      const modules = (await editor(token, w)).modules;
      return [refsOf(modules[0].lessons), refsOf(modules[1].lessons)];
    };
    expect(await order()).toEqual([[x, y, z], [lone]]);

    await ok('move-lesson', { ref: z, direction: 'up' }, token);
    expect(await order()).toEqual([[x, z, y], [lone]]);
    await ok('move-lesson', { ref: x, direction: 'up' }, token);
    expect(await order()).toEqual([[x, z, y], [lone]]);
    await ok('move-lesson', { ref: y, direction: 'down' }, token);
    expect(await order()).toEqual([[x, z, y], [lone]]);
    // A lesson never jumps into the next module.
    await ok('move-lesson', { ref: lone, direction: 'up' }, token);
    expect(await order()).toEqual([[x, z, y], [lone]]);
    await ok('move-lesson', { ref: x, direction: 'down' }, token);
    expect(await order()).toEqual([[z, x, y], [lone]]);
  });
});

describe('deletions', () => {
  it('removes a lesson; a quiz used by a lesson stays until the lesson goes', async () => {
    const token = await professional();
    const w = await createWorkshop(token);
    const m = await createModule(token, w);
    const quizRef = await createQuiz(token);
    const keep = await createLesson(token, m, { title: 'Queda' });
    const quizLesson = await createLesson(token, m, { typeClass: 3, quizRef });

    const refused = await t.call('delete-quiz', { ref: quizRef }, token);
    expect(refused.body).toEqual({ status: '400', code: 'E46', message: editorErrors.E46?.es });
    expect((await ok('find-my-quizzes', {}, token)).quizzes).toHaveLength(1);

    await ok('delete-lesson', { ref: quizLesson }, token);
    const lessons = (await editor(token, w)).modules[0].lessons;
    expect(lessons.map((l: { ref: string }) => l.ref)).toEqual([keep]);
    expect((await ok('find-my-quizzes', {}, token)).quizzes[0]).toMatchObject({ lessons: 0 });
    // A deleted lesson is gone for the editor too.
    await expectError(await t.call('delete-lesson', { ref: quizLesson }, token), 'E42');

    await ok('delete-quiz', { ref: quizRef }, token);
    expect((await ok('find-my-quizzes', {}, token)).quizzes).toEqual([]);
    await expectError(await t.call('get-quiz', { ref: quizRef }, token), 'E43');
    // A lesson can no longer point at the deleted quiz.
    await expectError(
      await t.call('save-lesson', { moduleRef: m, title: 'Q', typeClass: 3, quizRef }, token),
      'E14',
    );
  });

  it('refuses to delete a bought module and a workshop with students; deletes one without', async () => {
    const token = await professional();
    const w = await createWorkshop(token, { title: 'Taller vendido', payCash: 1, payCard: 0 });
    const free = await createModule(token, w, {
      title: 'Gratis',
      ...freeModule,
    });
    const sold = await createModule(token, w, {
      title: 'Pago',
      priceLocal: 5000,
      priceInter: 10,
      moduleFree: 1,
    });
    await createLesson(token, sold);

    const client = (await makeUser(t, { userType: 2, countryId: 5 })).token;
    const temp = await ok('save-temp-sales-modules', { moduleId: sold }, client);
    // A transfer leaves the purchase pending: bought, to be collected by the professional.
    const done = await ok('save-sales-modules', { tempBook: temp.bookRef, mode: 'transfer' }, client);
    expect(done).toMatchObject({ route: 'transfer-success-course-module', courseRef: w });

    const before = await editorRows();
    const refused = await t.call('delete-module', { ref: sold }, token);
    expect(refused.body).toEqual({ status: '400', code: 'E45', message: editorErrors.E45?.es });
    // A module nobody bought goes.
    await ok('delete-module', { ref: free }, token);
    expect(refsOfModules(await editor(token, w))).toEqual([sold]);
    expect((await editorRows()).purchases).toEqual(before.purchases);

    const list = (await ok('find-my-workshops', {}, token)).workshops;
    expect(list).toMatchObject([{ ref: w, modules: 1, lessons: 1, students: 1 }]);
    const withStudent = await t.call('delete-workshop', { ref: w }, token);
    expect(withStudent.body).toEqual({ status: '400', code: 'E48', message: editorErrors.E48?.es });
    expect((await ok('find-my-workshops', {}, token)).workshops).toHaveLength(1);

    const empty = await createWorkshop(token, { title: 'Sin alumnos' });
    await createModule(token, empty);
    expect((await ok('get-course', { ref: empty }, client)).course).toBeTruthy();
    await ok('delete-workshop', { ref: empty }, token);
    const after = (await ok('find-my-workshops', {}, token)).workshops;
    expect(after.map((x: { ref: string }) => x.ref)).toEqual([w]);
    const gone = await t.call('get-course', { ref: empty }, client);
    expect(gone.body).toMatchObject({
      status: '400',
      code: 'E40',
      message: 'No encontramos el curso/taller.',
    });
    await expectError(await t.call('get-workshop', { ref: empty }, token), 'E40');
    await expectError(
      await t.call('save-workshop', { ref: empty, title: 'Vuelve', payCard: 1 }, token),
      'E40',
    );
  });
});

function refsOfModules(w: { modules: { ref: string }[] }) {
  return w.modules.map((m) => m.ref);
}

describe('editing keeps refs', () => {
  it('replaces the options of a question with new refs, keeping the question', async () => {
    const token = await professional();
    const quizRef = await createQuiz(token);
    const qRef = (await ok('save-quiz-question', plainQuestion(quizRef), token)).ref;
    const before = (await quiz(token, quizRef)).questions[0];
    const oldOptions = before.optionsAnswers.map((o: { id: string }) => o.id);
    expect(oldOptions).toHaveLength(2);

    const edited = {
      question: '¿Y ahora?',
      questionType: 2,
      description: 'Una cita',
      points: 20,
      optionsAnswers: [
        { answer: 'Primera', correct: false },
        { answer: 'Segunda', correct: true },
        { answer: 'Tercera', correct: false },
      ],
    };
    const again = await ok('save-quiz-question', plainQuestion(quizRef, { ref: qRef, ...edited }), token);
    expect(again.ref).toBe(qRef);
    const after = await quiz(token, quizRef);
    expect(after.questions).toHaveLength(1);
    // The saved question reads back as it was sent.
    expect(after.questions[0]).toMatchObject({ id: qRef, ...edited });
    const newOptions = after.questions[0].optionsAnswers.map((o: { id: string }) => o.id);
    expect(new Set(newOptions).size).toBe(3);
    for (const id of oldOptions) expect(newOptions).not.toContain(id);
    const stored = await t.deps.db
      .selectFrom('quiz_options')
      .select('ref')
      .where('ref', 'in', oldOptions)
      .execute();
    expect(stored).toEqual([]);

    // Changing the type clears the fields of the old one.
    await ok('save-quiz-question', plainQuestion(quizRef, { ref: qRef }), token);
    expect((await quiz(token, quizRef)).questions[0]).toMatchObject({ questionType: 1, description: null });

    await ok('delete-quiz-question', { ref: qRef }, token);
    expect((await quiz(token, quizRef)).questions).toEqual([]);
    await expectError(
      await t.call('save-quiz-question', plainQuestion(quizRef, { ref: qRef }), token),
      'E44',
    );
  });

  it('updates a module, a lesson, a quiz and the workshop in place', async () => {
    const token = await professional();
    const w = await createWorkshop(token);
    const m = await createModule(token, w, { title: 'Antes' });
    const l = await createLesson(token, m, { title: 'Clase vieja' });
    const quizRef = await createQuiz(token);

    expect(
      (
        await ok(
          'save-module',
          { workshopRef: w, ref: m, title: 'Después', priceLocal: 2500.25, priceInter: 3.5, moduleFree: 2 },
          token,
        )
      ).ref,
    ).toBe(m);
    expect(
      (
        await ok(
          'save-lesson',
          { moduleRef: m, ref: l, title: 'Clase nueva', typeClass: 1, videoLink: 'https://vimeo.com/1' },
          token,
        )
      ).ref,
    ).toBe(l);
    expect((await ok('save-quiz', { ref: quizRef, title: 'Otro', okPoints: 3, time: 2 }, token)).ref).toBe(
      quizRef,
    );
    expect(
      (await ok('save-workshop', { ref: w, title: 'Nuevo título', payCard: 0, payCash: 1, paused: 1 }, token))
        .ref,
    ).toBe(w);

    const e = await editor(token, w);
    expect(e).toMatchObject({ title: 'Nuevo título', payCard: 0, payCash: 1, paused: 1, currency: 'ARS' });
    expect(e.modules).toEqual([
      expect.objectContaining({
        ref: m,
        title: 'Después',
        priceLocal: 2500.25,
        priceInter: 3.5,
        moduleFree: 2,
        lessons: [
          expect.objectContaining({
            ref: l,
            title: 'Clase nueva',
            typeClass: 1,
            videoLink: 'https://vimeo.com/1',
          }),
        ],
      }),
    ]);
    expect((await quiz(token, quizRef)).quiz).toMatchObject({ title: 'Otro', okPoints: 3, time: 2 });
    expect((await ok('find-my-workshops', {}, token)).workshops).toHaveLength(1);
  });
});

describe('counts', () => {
  it('find-my-workshops counts modules and lessons per workshop; find-my-quizzes counts questions and lessons', async () => {
    const token = await professional();
    const q1 = await createQuiz(token, { title: 'Uno' });
    const q2 = await createQuiz(token, { title: 'Dos' });
    for (let i = 0; i < 3; i++) await ok('save-quiz-question', plainQuestion(q1), token);
    const w1 = await createWorkshop(token, { title: 'Primero' });
    const w2 = await createWorkshop(token, { title: 'Segundo' });
    const m1 = await createModule(token, w1);
    const m2 = await createModule(token, w1);
    await createModule(token, w2);
    await createLesson(token, m1, { typeClass: 3, quizRef: q1 });
    await createLesson(token, m2, { typeClass: 3, quizRef: q1 });
    await createLesson(token, m2);

    const workshops = (await ok('find-my-workshops', {}, token)).workshops as { ref: string }[];
    const byRef = new Map(workshops.map((x) => [x.ref, x]));
    expect(byRef.get(w1)).toMatchObject({ title: 'Primero', modules: 2, lessons: 3, students: 0 });
    expect(byRef.get(w2)).toMatchObject({ title: 'Segundo', modules: 1, lessons: 0, students: 0 });

    const quizzes = (await ok('find-my-quizzes', {}, token)).quizzes as { ref: string }[];
    const quizByRef = new Map(quizzes.map((x) => [x.ref, x]));
    expect(quizByRef.get(q1)).toMatchObject({ title: 'Uno', questions: 3, duration: 3, lessons: 2 });
    expect(quizByRef.get(q2)).toMatchObject({ title: 'Dos', questions: 0, lessons: 0 });

    // Another professional's lists are their own.
    const other = await professional();
    expect((await ok('find-my-workshops', {}, other)).workshops).toEqual([]);
    expect((await ok('find-my-quizzes', {}, other)).quizzes).toEqual([]);
  });
});

describe('POST /upload/lesson-file', () => {
  const pdfBytes = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );

  function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
    const body = multipartBody(fields, file ? [{ field: 'file', ...file }] : []);
    return { payload: body.payload, contentType: body.headers['content-type'] };
  }

  async function upload(
    token: string | null,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer; type: string },
  ) {
    const body = multipart(fields, file);
    const res = await t.app.inject({
      method: 'POST',
      url: '/upload/lesson-file',
      headers: {
        'content-type': body.contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: body.payload,
    });
    return { statusCode: res.statusCode, body: res.json() };
  }

  let token: string;
  let w: string;
  let lesson: string;
  beforeAll(async () => {
    token = await professional();
    w = await createWorkshop(token);
    lesson = await createLesson(token, await createModule(token, w), { typeClass: 2 });
  });

  it('stores a PDF privately and get-workshop names it', async () => {
    const res = await upload(
      token,
      { ref: lesson, kind: 'pdf' },
      { name: 'temario.pdf', bytes: pdfBytes, type: 'application/pdf' },
    );
    expect(res).toEqual({ statusCode: 200, body: { status: '200', fileName: 'temario.pdf' } });
    expect((await editor(token, w)).modules[0].lessons[0]).toMatchObject({
      ref: lesson,
      pdfFileName: 'temario.pdf',
    });
    const row = await t.deps.db
      .selectFrom('workshop_lessons')
      .select('pdf_key')
      .where('ref', '=', lesson)
      .executeTakeFirstOrThrow();
    const full = resolveLessonKey(t.deps, row.pdf_key ?? '');
    expect(full && fs.readFileSync(full).equals(pdfBytes)).toBe(true);
    // Outside the public files folder: paid content is served only through signed links.
    expect(full).not.toContain(`${t.config.dataDir}/files`);
  });

  it('refuses a PNG sent as a PDF (the bytes decide, not the declared type)', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await upload(
      token,
      { ref: lesson, kind: 'pdf' },
      { name: 'falso.pdf', bytes: png, type: 'application/pdf' },
    );
    expect(res.statusCode).toBe(415);
    expect(res.body).toEqual({
      status: '415',
      code: 'E415',
      message: lessonFileErrors.E415.es,
      field: 'file',
    });
    // The earlier PDF is still the lesson's file.
    expect((await editor(token, w)).modules[0].lessons[0].pdfFileName).toBe('temario.pdf');
  });

  it('answers 401 without a session, 403 to a client and E7 for a lesson of another professional', async () => {
    const file = { name: 'x.pdf', bytes: pdfBytes, type: 'application/pdf' };
    const anonymous = await upload(null, { ref: lesson, kind: 'pdf' }, file);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'E401' });

    const client = (await makeUser(t, { userType: 2 })).token;
    const forbidden = await upload(client, { ref: lesson, kind: 'pdf' }, file);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toMatchObject({ code: 'E403' });

    const other = await professional();
    const foreign = await upload(other, { ref: lesson, kind: 'pdf' }, file);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toEqual({
      status: '400',
      code: 'E7',
      message: lessonFileErrors.E7.es,
      field: 'ref',
    });
    const unknownKind = await upload(token, { ref: lesson, kind: 'zip' }, file);
    expect(unknownKind.body).toMatchObject({ code: 'E7' });
    expect((await editor(token, w)).modules[0].lessons[0].pdfFileName).toBe('temario.pdf');
  });
});

describe("another professional's refs", () => {
  it('answer the not-found code of every editor action and change nothing', async () => {
    const owner = await professional();
    const w = await createWorkshop(owner);
    const m = await createModule(owner, w);
    const quizRef = await createQuiz(owner);
    const l = await createLesson(owner, m, { typeClass: 3, quizRef });
    const qRef = (await ok('save-quiz-question', plainQuestion(quizRef), owner)).ref;

    const intruder = await professional();
    const ownW = await createWorkshop(intruder);
    const ownM = await createModule(intruder, ownW);
    const ownQuiz = await createQuiz(intruder);

    const before = await editorRows();
    const attempts: [string, ActionName, Record<string, unknown>][] = [
      ['E40', 'get-workshop', { ref: w }],
      ['E40', 'save-workshop', { ref: w, title: 'Robado', payCard: 1 }],
      ['E40', 'delete-workshop', { ref: w }],
      ['E40', 'save-module', { workshopRef: w, title: 'X', priceLocal: 1, priceInter: 1, moduleFree: 1 }],
      [
        'E41',
        'save-module',
        { workshopRef: ownW, ref: m, title: 'X', priceLocal: 1, priceInter: 1, moduleFree: 1 },
      ],
      ['E41', 'move-module', { ref: m, direction: 'up' }],
      ['E41', 'delete-module', { ref: m }],
      ['E41', 'save-lesson', { moduleRef: m, title: 'X', typeClass: 2 }],
      ['E42', 'save-lesson', { moduleRef: ownM, ref: l, title: 'X', typeClass: 2 }],
      ['E42', 'move-lesson', { ref: l, direction: 'down' }],
      ['E42', 'delete-lesson', { ref: l }],
      ['E14', 'save-lesson', { moduleRef: ownM, title: 'X', typeClass: 3, quizRef }],
      ['E43', 'get-quiz', { ref: quizRef }],
      ['E43', 'save-quiz', { ref: quizRef, title: 'X', okPoints: 1, time: 1 }],
      ['E43', 'delete-quiz', { ref: quizRef }],
      ['E43', 'save-quiz-question', plainQuestion(quizRef)],
      ['E44', 'save-quiz-question', plainQuestion(ownQuiz, { ref: qRef })],
      ['E44', 'delete-quiz-question', { ref: qRef }],
    ];
    for (const [code, action, input] of attempts) {
      const res = await t.call(action, input, intruder);
      expect(res.body, `${action} ${JSON.stringify(input)}`).toMatchObject({
        status: '400',
        code,
        message: editorErrors[code]?.es,
      });
      // And exactly like an unknown ref of the same shape.
      const unknown = JSON.parse(
        JSON.stringify(input)
          .replaceAll(w, 'noexiste-taller1')
          .replaceAll(m, 'noexiste-modulo1')
          .replaceAll(l, 'noexiste-clase01')
          .replaceAll(quizRef, 'noexiste-quiz001')
          .replaceAll(qRef, 'noexiste-pregunta'),
      );
      const unknownRes = await t.call(action, unknown, intruder);
      expect(unknownRes.body, `unknown ${action}`).toEqual(res.body);
    }
    expect(await editorRows()).toEqual(before);
    expect((await ok('find-my-workshops', {}, intruder)).workshops).toMatchObject([
      { ref: ownW, lessons: 0 },
    ]);
    expect((await ok('find-my-quizzes', {}, intruder)).quizzes).toMatchObject([
      { ref: ownQuiz, questions: 0 },
    ]);
  });
});
