import type { ActionName } from '@agendo/contract';
import { newRef } from '../lib/random.ts';
import { sandboxSignatureHeader, signSandboxPayload } from '../providers/payments/sandbox-provider.ts';
import type { TestApp } from './test-app.ts';

/**
 * The smallest bytes `file-type` recognises as a PDF: the server sniffs uploads instead of
 * trusting their name or declared type.
 */
export const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/**
 * A WebM header: the EBML magic 1A 45 DF A3, then EBMLVersion, ReadVersion, MaxIDLength,
 * MaxSizeLength and DocType 'webm' (what `file-type` reads to tell WebM from Matroska), padded.
 */
export const tinyWebm = Buffer.concat([
  Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
    0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85,
    0x81, 0x02,
  ]),
  Buffer.alloc(220, 0x00),
]);

export interface CourseOptions {
  title?: string;
  payCash?: 0 | 1;
  payCard?: 0 | 1;
  hidePrice?: 0 | 1;
  noPrice?: 0 | 1;
  limitTime?: 0 | 1;
  limitTimeDays?: number | null;
  certificate?: 0 | 1;
}

export interface QuizQuestionRefs {
  ref: string;
  /** The one correct option. */
  right: string;
  wrong: string[];
}

export interface CourseRefs {
  workshopRef: string;
  title: string;
  module1Ref: string;
  module2Ref: string;
  lessons: { pdf: string; inPerson: string; video: string; online: string; quiz: string };
  /** In the order the course shows them. */
  lessonRefs: string[];
  quizRef: string;
  questions: QuizQuestionRefs[];
  /** UTC starts of the live lessons (both one day after the clock at creation). */
  inPersonStart: Date;
  onlineStart: Date;
}

/** An action that must succeed: its answer body, or a thrown error naming the action. */
export async function ok<A extends ActionName>(
  t: TestApp,
  action: A,
  input: Record<string, unknown>,
  token?: string | null,
) {
  const res = await t.call(action, input, token);
  if (res.statusCode !== 200) throw new Error(`${action} failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A multipart body built by hand (ref, kind, file), as the lesson editor sends it. */
export function lessonFileBody(
  ref: string,
  kind: string,
  file: { name: string; type: string; bytes: Buffer },
) {
  const boundary = `----agendo${newRef()}`;
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    field('ref', ref),
    field('kind', kind),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /upload/lesson-file; answers the status code and the JSON body. */
export async function uploadLessonFile(
  t: TestApp,
  token: string | null,
  lessonRef: string,
  kind: 'pdf' | 'video',
  file: { name: string; type: string; bytes: Buffer },
) {
  const body = lessonFileBody(lessonRef, kind, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/upload/lesson-file',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read loosely typed answers
  return { statusCode: res.statusCode, body: res.json() as any };
}

const day = 86_400_000;

/**
 * A two-module course built through the API as a professional builds it: module 1 open (a PDF
 * and an in-person live lesson), module 2 sold at ARS 15 000 / USD 20 (a video, an online live
 * lesson in Agendo's own room and a quiz of three 10-point questions that passes at 20).
 */
export async function makeCourse(
  t: TestApp,
  proToken: string,
  options: CourseOptions = {},
): Promise<CourseRefs> {
  const title = options.title ?? `Curso de respiración ${newRef().slice(0, 5)}`;
  const limitTime = options.limitTime ?? 0;
  const workshop = await ok(
    t,
    'save-workshop',
    {
      title,
      description: 'Un curso para aprender a respirar mejor.',
      payCash: options.payCash ?? 1,
      payCard: options.payCard ?? 1,
      hidePrice: options.hidePrice ?? 0,
      noPrice: options.noPrice ?? 0,
      limitTime,
      limitTimeDays: limitTime === 1 ? (options.limitTimeDays ?? 30) : null,
      certificate: options.certificate ?? 1,
      linkComunityWp: 'https://chat.whatsapp.com/comunidad',
    },
    proToken,
  );
  const workshopRef = workshop.ref as string;
  const module1 = await ok(
    t,
    'save-module',
    {
      workshopRef,
      title: 'Introducción',
      description: 'El módulo gratuito.',
      priceLocal: 0,
      priceInter: 0,
      moduleFree: 0,
    },
    proToken,
  );
  const module2 = await ok(
    t,
    'save-module',
    {
      workshopRef,
      title: 'Práctica guiada',
      description: 'El módulo pago.',
      priceLocal: 15000,
      priceInter: 20,
      moduleFree: 1,
    },
    proToken,
  );
  const module1Ref = module1.ref as string;
  const module2Ref = module2.ref as string;

  const quiz = await ok(t, 'save-quiz', { title: 'Evaluación final', okPoints: 20, time: 5 }, proToken);
  const quizRef = quiz.ref as string;
  const questionInputs = [
    { question: '¿Cuántos tiempos tiene la técnica 4-7-8?', questionType: 1 },
    {
      question: '¿Qué describe la cita?',
      questionType: 2,
      description: '«Inhala por la nariz contando hasta cuatro.»',
    },
    { question: '¿Qué muestra la imagen?', questionType: 3, imgQuizURL: 'https://example.com/diafragma.png' },
  ];
  for (const [index, q] of questionInputs.entries()) {
    await ok(
      t,
      'save-quiz-question',
      {
        quizRef,
        ...q,
        points: 10,
        optionsAnswers: [
          { answer: `Correcta ${index + 1}`, correct: true },
          { answer: `Incorrecta ${index + 1}a`, correct: false },
          { answer: `Incorrecta ${index + 1}b`, correct: false },
        ],
      },
      proToken,
    );
  }
  const owned = await ok(t, 'get-quiz', { ref: quizRef }, proToken);
  const questions: QuizQuestionRefs[] = owned.questions.map(
    (q: { id: string; optionsAnswers: { id: string; correct: boolean }[] }) => ({
      ref: q.id,
      right: q.optionsAnswers.find((o) => o.correct)?.id as string,
      wrong: q.optionsAnswers.filter((o) => !o.correct).map((o) => o.id),
    }),
  );

  const inPersonStart = new Date(t.clock.now.getTime() + day);
  const onlineStart = new Date(t.clock.now.getTime() + day);
  const live = (start: Date) => ({
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 2 * 60 * 60_000).toISOString(),
    timezone: 'America/Argentina/Buenos_Aires',
  });
  const lesson = async (moduleRef: string, input: Record<string, unknown>) =>
    (await ok(t, 'save-lesson', { moduleRef, ...input }, proToken)).ref as string;
  const pdf = await lesson(module1Ref, {
    title: 'Guía de respiración',
    typeClass: 2,
    duration: 15,
    descriptionPrivate: 'Lee la guía con calma.',
    downloadPdf: 1,
  });
  const inPerson = await lesson(module1Ref, {
    title: 'Encuentro presencial',
    typeClass: 7,
    duration: 120,
    descriptionPrivate: 'Trae ropa cómoda.',
    address: 'Av. Corrientes 1234, CABA',
    ...live(inPersonStart),
  });
  const video = await lesson(module2Ref, {
    title: 'Respiración diafragmática',
    typeClass: 1,
    duration: 12,
    descriptionPrivate: 'Mira el video dos veces.',
  });
  const online = await lesson(module2Ref, {
    title: 'Práctica en vivo',
    typeClass: 6,
    duration: 60,
    descriptionPrivate: 'Conéctate cinco minutos antes.',
    useMyVideoCall: 1,
    ...live(onlineStart),
  });
  const quizLesson = await lesson(module2Ref, {
    title: 'Cuestionario final',
    typeClass: 3,
    descriptionPrivate: 'Responde las tres preguntas.',
    quizRef,
  });

  const pdfUpload = await uploadLessonFile(t, proToken, pdf, 'pdf', {
    name: 'guia.pdf',
    type: 'application/pdf',
    bytes: tinyPdf,
  });
  if (pdfUpload.statusCode !== 200) throw new Error(`pdf upload failed: ${JSON.stringify(pdfUpload.body)}`);
  const videoUpload = await uploadLessonFile(t, proToken, video, 'video', {
    name: 'clase.webm',
    type: 'video/webm',
    bytes: tinyWebm,
  });
  if (videoUpload.statusCode !== 200)
    throw new Error(`video upload failed: ${JSON.stringify(videoUpload.body)}`);

  return {
    workshopRef,
    title,
    module1Ref,
    module2Ref,
    lessons: { pdf, inPerson, video, online, quiz: quizLesson },
    lessonRefs: [pdf, inPerson, video, online, quizLesson],
    quizRef,
    questions,
    inPersonStart,
    onlineStart,
  };
}

let eventSeq = 0;

/** A signed sandbox webhook about one payment, as the provider would send it now. */
export async function paymentWebhook(
  t: TestApp,
  paymentRef: string,
  type: 'payment.approved' | 'payment.declined' | 'payment.refunded' = 'payment.approved',
) {
  const row = await t.deps.db
    .selectFrom('payments')
    .select(['provider', 'provider_payment_id'])
    .where('ref', '=', paymentRef)
    .executeTakeFirstOrThrow();
  eventSeq += 1;
  const raw = JSON.stringify({
    id: `evt_course_${eventSeq}_${newRef()}`,
    type,
    data: { paymentId: row.provider_payment_id, paymentRef },
  });
  const provider = row.provider.replace(/^sandbox-/, '');
  const seconds = Math.floor(t.clock.now.getTime() / 1000);
  const res = await t.app.inject({
    method: 'POST',
    url: `/webhooks/payments/${provider}`,
    headers: {
      'content-type': 'application/json',
      [sandboxSignatureHeader]: signSandboxPayload(t.config.payments.sandboxSecret, raw, seconds),
    },
    payload: raw,
  });
  if (res.statusCode !== 200) throw new Error(`webhook refused: ${res.body}`);
  return res.json() as { result: string };
}

/** Starts the course's quiz as `token` and answers its first two questions right: its pass mark. */
export async function passQuiz(t: TestApp, c: CourseRefs, token: string) {
  const started = await ok(t, 'start-quiz', { lessonId: c.lessons.quiz }, token);
  for (const q of c.questions.slice(0, 2)) {
    await ok(
      t,
      'answer-quiz',
      { attemptRef: started.attemptRef, questionId: q.ref, optionId: q.right },
      token,
    );
  }
}

/** The card purchase of a module, approved by the provider's webhook. */
export async function buyModuleByCard(t: TestApp, buyerToken: string, moduleRef: string) {
  const temp = await ok(t, 'save-temp-sales-modules', { moduleId: moduleRef }, buyerToken);
  const started = await ok(t, 'start-module-payment', { tempBook: temp.bookRef }, buyerToken);
  await paymentWebhook(t, started.paymentRef, 'payment.approved');
  return { purchaseRef: temp.bookRef as string, paymentRef: started.paymentRef as string };
}

/** A transfer purchase the professional then marks as collected; answers the enrolment's ref. */
export async function buyModuleByTransfer(
  t: TestApp,
  buyerToken: string,
  proToken: string,
  moduleRef: string,
) {
  const temp = await ok(t, 'save-temp-sales-modules', { moduleId: moduleRef }, buyerToken);
  const done = await ok(t, 'save-sales-modules', { tempBook: temp.bookRef, mode: 'transfer' }, buyerToken);
  await ok(t, 'mark-pay-workshop', { ref: done.enrolmentRef }, proToken);
  return { purchaseRef: temp.bookRef as string, enrolmentRef: done.enrolmentRef as string };
}
