import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { actions, type InputOf, type ParsedInputOf } from '@agendo/contract';
import { DateTime } from 'luxon';
import type { AppDeps } from '../deps.ts';
import { loadSharp } from '../lib/heavy-libraries.ts';
import { serverRoot } from '../lib/server-root.ts';
import { accountByEmail } from '../modules/accounts/accounts.service.ts';
import { createTempSale, finalizeModuleSale } from '../modules/courses/course-purchase.service.ts';
import {
  findLessonByRef,
  findWorkshopByRef,
  listWorkshopsOfUser,
  updateLesson,
  updateWorkshop,
} from '../modules/courses/courses.repository.ts';
import { renderDemoLessonPdf } from '../modules/courses/demo-lesson-pdf.ts';
import { markLessonDone } from '../modules/courses/learning.service.ts';
import { storeLessonFile } from '../modules/courses/lesson-media.ts';
import {
  saveLesson,
  saveModule,
  saveQuiz,
  saveQuizQuestion,
  saveWorkshop,
} from '../modules/courses/workshop-editor.service.ts';
import { coverArt } from './seed-catalogue.ts';

export const demoCourseTitle = 'Respiración consciente para la ansiedad';

/** Inputs go through the contract's schemas, exactly like the editors' calls. */
function parsed<A extends keyof typeof actions>(action: A, input: InputOf<A>): ParsedInputOf<A> {
  return actions[action].input.parse(input) as ParsedInputOf<A>;
}

/** A simple diagram for the image question, drawn at seed time (nothing to download). */
async function lungsArt(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
    <rect width="640" height="360" fill="#eef7f6"/>
    <ellipse cx="250" cy="170" rx="85" ry="120" fill="#9fd3cc"/>
    <ellipse cx="390" cy="170" rx="85" ry="120" fill="#9fd3cc"/>
    <rect x="312" y="40" width="16" height="120" rx="8" fill="#5f9ea0"/>
    <path d="M150 300 Q320 230 490 300" stroke="#2b6f6a" stroke-width="14" fill="none" stroke-linecap="round"/>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 85 }).toBuffer();
}

/**
 * The demo course (issue 6): a free module and a paid one, every lesson type (video, PDF, quiz
 * of the four question types, live online happening now, in person yesterday) and students:
 * the demo client part-way through the free module, a second student with a transfer to collect.
 * Idempotent: a course with the demo title marks the whole set as done.
 */
export async function seedCourses(deps: AppDeps): Promise<void> {
  const pro = await accountByEmail(deps.db, 'profesional@agendo.test');
  const client = await accountByEmail(deps.db, 'consultante@agendo.test');
  const student = await accountByEmail(deps.db, 'alumna@agendo.test');
  if (!pro || !client) return;
  const existing = await listWorkshopsOfUser(deps.db, pro.id);
  if (existing.some((w) => w.title === demoCourseTitle)) return;

  const quizRef = await saveQuiz(
    deps,
    pro.id,
    parsed('save-quiz', { title: 'Evaluación final de respiración', okPoints: 30, time: 2 }),
  );
  const quizImage = await deps.storage.put('quiz', `${quizRef}-pulmones.webp`, await lungsArt());
  const video = await readFile(path.join(serverRoot, 'src/seed/assets/demo-lesson.webm'));
  // Our own copy: the demo works offline (a YouTube link would need the network).
  const quizVideo = await deps.storage.put('quiz', `${quizRef}-practica.webm`, video);
  // One question of each of the four types, 10 points each; the first answer is the right one.
  const questions: (Omit<InputOf<'save-quiz-question'>, 'quizRef' | 'points' | 'optionsAnswers'> & {
    answers: string[];
  })[] = [
    {
      question: '¿Qué músculo trabaja principalmente en la respiración diafragmática?',
      questionType: 1,
      answers: ['El diafragma', 'Los trapecios', 'Los bíceps'],
    },
    {
      question: '¿Qué técnica describe la cita?',
      questionType: 2,
      description:
        'Inhala por la nariz contando 4, retén el aire contando 7 y exhala por la boca contando 8.',
      answers: ['Respiración 4-7-8', 'Respiración cuadrada', 'Respiración alterna'],
    },
    {
      question: 'En la imagen, ¿qué se expande al inhalar profundo?',
      questionType: 3,
      imgQuizURL: quizImage,
      answers: ['Los pulmones y el abdomen', 'Solo los hombros'],
    },
    {
      question: 'Mira el video: ¿cuántas veces por día conviene practicar?',
      questionType: 4,
      videoFile: quizVideo,
      answers: ['Dos o tres veces', 'Solo una vez por semana'],
    },
  ];
  for (const { answers, ...question } of questions) {
    const optionsAnswers = answers.map((answer, i) => ({ answer, correct: i === 0 }));
    const input = { ...question, quizRef, points: 10, optionsAnswers };
    await saveQuizQuestion(deps, pro.id, parsed('save-quiz-question', input));
  }

  const workshopRef = await saveWorkshop(
    deps,
    pro.id,
    parsed('save-workshop', {
      title: demoCourseTitle,
      description:
        'Un curso práctico para aprender a usar la respiración como herramienta frente a la ansiedad. Incluye videos, guías en PDF, una evaluación final y encuentros en vivo.',
      payCard: 1,
      payCash: 1,
      certificate: 1,
      linkComunityWp: 'https://chat.whatsapp.com/agendo-demo-respiracion',
    }),
  );
  const workshop = await findWorkshopByRef(deps.db, workshopRef);
  if (!workshop) return;
  const cover = await deps.storage.put('workshops', `${workshopRef}-cover.webp`, await coverArt(7));
  await updateWorkshop(deps.db, workshop.id, { cover });

  const freeModule = await saveModule(
    deps,
    pro.id,
    parsed('save-module', {
      workshopRef,
      title: 'Introducción',
      description: 'Qué es la respiración consciente y cómo vas a practicar.',
      priceLocal: 0,
      priceInter: 0,
      moduleFree: 0,
    }),
  );
  const paidModule = await saveModule(
    deps,
    pro.id,
    parsed('save-module', {
      workshopRef,
      title: 'Práctica guiada',
      description: 'Técnicas paso a paso, la evaluación y los encuentros en vivo.',
      priceLocal: 15000,
      priceInter: 20,
      moduleFree: 1,
    }),
  );

  const pdf = await renderDemoLessonPdf();
  const lesson = async (input: InputOf<'save-lesson'>) =>
    saveLesson(deps, pro.id, parsed('save-lesson', input));
  const attach = async (ref: string, kind: 'pdf' | 'video', name: string) => {
    const row = await findLessonByRef(deps.db, ref);
    if (!row) return;
    const key = await storeLessonFile(
      deps,
      workshopRef,
      ref,
      kind === 'pdf' ? pdf : video,
      kind === 'pdf' ? 'pdf' : 'webm',
    );
    await updateLesson(
      deps.db,
      row.id,
      kind === 'pdf' ? { pdf_key: key, pdf_name: name } : { video_key: key, video_name: name },
    );
  };

  const welcome = await lesson({
    moduleRef: freeModule,
    title: 'Bienvenida al curso',
    typeClass: 1,
    duration: 5,
    descriptionPrivate: 'Te cuento cómo está organizado el curso y qué vas a lograr.',
  });
  await attach(welcome, 'video', 'bienvenida.webm');
  const guide = await lesson({
    moduleRef: freeModule,
    title: 'Guía práctica de respiración',
    typeClass: 2,
    duration: 15,
    descriptionPrivate: 'Lee la guía con calma; puedes descargarla para practicar sin conexión.',
    downloadPdf: 1,
  });
  await attach(guide, 'pdf', 'guia-respiracion-consciente.pdf');

  const technique = await lesson({
    moduleRef: paidModule,
    title: 'Técnica 4-7-8 en video',
    typeClass: 1,
    duration: 10,
    descriptionPrivate: 'Practica junto al video. Repite el ciclo cuatro veces.',
  });
  await attach(technique, 'video', 'tecnica-4-7-8.webm');
  const diary = await lesson({
    moduleRef: paidModule,
    title: 'Tu registro diario',
    typeClass: 2,
    duration: 10,
    descriptionPrivate: 'Usa la tabla del documento para anotar tus prácticas durante dos semanas.',
    downloadPdf: 0,
  });
  await attach(diary, 'pdf', 'registro-diario.pdf');
  await lesson({
    moduleRef: paidModule,
    title: 'Evaluación final',
    typeClass: 3,
    duration: 2,
    quizRef,
  });
  const now = DateTime.fromJSDate(deps.now());
  // The online meeting is happening now (its room is open); the in-person workshop was yesterday.
  await lesson({
    moduleRef: paidModule,
    title: 'Encuentro en vivo: dudas y práctica',
    typeClass: 6,
    duration: 90,
    startDate: now.minus({ minutes: 20 }).toUTC().toISO() as string,
    endDate: now.plus({ hours: 3 }).toUTC().toISO() as string,
    timezone: pro.time_zone,
    useMyVideoCall: 1,
  });
  await lesson({
    moduleRef: paidModule,
    title: 'Taller presencial en Palermo',
    typeClass: 7,
    duration: 120,
    startDate: now.minus({ days: 1 }).set({ hour: 18, minute: 0 }).toUTC().toISO() as string,
    endDate: now.minus({ days: 1 }).set({ hour: 20, minute: 0 }).toUTC().toISO() as string,
    timezone: pro.time_zone,
    address: 'Av. Santa Fe 3450, Palermo, CABA',
  });

  // The demo client has started: the welcome video is done, the guide is next.
  await markLessonDone(deps, client.id, welcome);
  if (student) {
    // A second student chose to pay the paid module by transfer: IMPAGO until it is collected.
    const temp = await createTempSale(deps, student.id, paidModule);
    await finalizeModuleSale(deps, student.id, { tempBook: temp.bookRef, mode: 'transfer' });
    await markLessonDone(deps, student.id, welcome);
    await markLessonDone(deps, student.id, guide);
  }
}
