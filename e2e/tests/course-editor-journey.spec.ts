import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { SPANISH_MONTH_NAMES } from '../../packages/contract/src/constants/dates.ts';
import { demo, expect, signIn, test } from './fixtures.ts';

// Issue 6 acceptance, the editor side: the demo professional builds a course only through the UI
// (a quiz with its questions, a course with an open and a paid module, video, PDF, quiz and live
// lessons with uploaded files), then opens it as the public sees it: as its owner they see the
// content, the 'users must buy' badge and never the cart (spec 002 §6). Desktop and phone.

const here = path.dirname(fileURLToPath(import.meta.url));
const demoVideo = path.resolve(here, '../../apps/server/src/seed/assets/demo-lesson.webm');

/** A one-page PDF with correct xref offsets: the server's file-type check and pdf.js accept it. */
function writeMinimalPdf(file: string) {
  const content = 'BT /F1 18 Tf 40 100 Td (Clase en PDF) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  fs.writeFileSync(file, body);
}

/** A day as Mantine's calendar names it in Spanish ('5 mayo 2026'), in the browser's zone. */
function dayLabel(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${part('day')} ${SPANISH_MONTH_NAMES[part('month') - 1]} ${part('year')}`;
}

/**
 * Adds a question of 5 points to the open quiz: the question, what `kind` enters for its type,
 * then its options (the form starts with two), the first one correct.
 */
async function addQuestion(
  page: Page,
  question: string,
  options: string[],
  kind?: (dialog: Locator) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Agregar pregunta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva pregunta' });
  await dialog.getByRole('textbox', { name: 'Pregunta', exact: true }).fill(question);
  await kind?.(dialog);
  await dialog.getByRole('textbox', { name: 'Puntos', exact: true }).fill('5');
  for (const [n, option] of options.entries()) {
    if (n >= 2) await dialog.getByRole('button', { name: 'Agregar opción' }).click();
    await dialog.getByRole('textbox', { name: `Opción ${n + 1}`, exact: true }).fill(option);
  }
  await dialog.getByLabel('Opción 1 correcta').check();
  await dialog.getByRole('button', { name: 'Crear pregunta' }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Adds a lesson to a module through its 'Nueva clase' dialog: the title, then what `fill` enters
 * for the lesson's type; the dialog closes once the lesson (and any upload) is saved.
 */
async function addLesson(
  page: Page,
  module: Locator,
  moduleTitle: string,
  title: string,
  fill: (dialog: Locator) => Promise<void>,
) {
  await module.getByRole('button', { name: `Agregar clase · ${moduleTitle}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva clase' });
  await dialog.getByLabel('Título de la clase').fill(title);
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Crear clase' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });
}

/** Picks a day and an hour in one of the lesson form's DateTimePickers, as a person would. */
async function pickDateTime(page: Page, dialog: Locator, label: string, day: Date, time: string) {
  await dialog.getByRole('button', { name: label, exact: true }).click();
  // The calendar opens on this month; tomorrow may be in the next one.
  await expect(page.getByRole('button', { name: dayLabel(new Date()), exact: true })).toBeVisible();
  const target = page.getByRole('button', { name: dayLabel(day), exact: true });
  if ((await target.count()) === 0) await page.locator('[data-direction="next"]').first().click();
  await target.click();
  // Choosing the day focuses the hours field; two digits move on to the minutes.
  await page.keyboard.type(time.replace(':', ''));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: label, exact: true })).toHaveText(
    new RegExp(`\\d{2}/\\d{2}/\\d{4} ${time}`),
  );
  // The next picker's calendar must not be confused with this one while it closes.
  await expect(page.getByRole('button', { name: dayLabel(day), exact: true })).toHaveCount(0);
}

/** Toasts stack over the content (and follow to the next page): screenshots wait for them to close. */
async function withoutToasts(page: Page) {
  // Toasts close after 10 s, three at a time (providers.tsx), and never while under the pointer.
  await page.mouse.move(1, (page.viewportSize()?.height ?? 600) - 1);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 40_000 });
}

async function chooseOption(dialog: Locator, label: string, option: string) {
  await dialog.getByRole('textbox', { name: label, exact: true }).click();
  await dialog.page().getByRole('option', { name: option, exact: true }).click();
}

test('the professional builds a course with every kind of lesson and sees it as the public does', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const quizTitle = `Repaso de respiración ${stamp}`;
  const courseTitle = `Mindfulness para principiantes ${stamp}`;
  const pdfFile = testInfo.outputPath('clase.pdf');
  writeMinimalPdf(pdfFile);
  await signIn(page, demo.professional);

  // 1. A quiz with two questions.
  await page.goto('/ar/es/my-workshops');
  await page.getByRole('link', { name: 'Mis cuestionarios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mis cuestionarios' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo cuestionario' }).first().click();
  const quizDialog = page.getByRole('dialog', { name: 'Nuevo cuestionario' });
  await quizDialog.getByLabel('Título del cuestionario').fill(quizTitle);
  await quizDialog.getByLabel('Puntaje para aprobar').fill('10');
  await quizDialog.getByLabel('Tiempo (minutos)').fill('3');
  await quizDialog.getByRole('button', { name: 'Crear cuestionario' }).click();
  await expect(page).toHaveURL(/\/ar\/es\/manage-questions\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: quizTitle })).toBeVisible();

  await addQuestion(page, '¿Qué músculo mueve la respiración?', [
    'El diafragma',
    'El bíceps',
    'El cuádriceps',
  ]);
  await addQuestion(
    page,
    '¿Qué técnica describe el texto?',
    ['Respiración 4-7-8', 'Respiración cuadrada'],
    async (dialog) => {
      await chooseOption(dialog, 'Tipo de pregunta', 'Con descripción citada');
      await dialog
        .getByLabel('Descripción citada')
        .fill('Inhala en 4 tiempos, retén el aire 7 y exhala lentamente en 8.');
    },
  );

  const first = page.getByRole('article', { name: '¿Qué músculo mueve la respiración?' });
  await expect(first.getByRole('listitem')).toHaveCount(3);
  await expect(first.getByRole('listitem').filter({ hasText: '(Correcta)' })).toHaveCount(1);
  await expect(first.getByRole('listitem').filter({ hasText: '(Correcta)' })).toContainText('El diafragma');
  const second = page.getByRole('article', { name: '¿Qué técnica describe el texto?' });
  await expect(second.getByText('Con descripción citada')).toBeVisible();
  await expect(
    second.getByText('Inhala en 4 tiempos, retén el aire 7 y exhala lentamente en 8.'),
  ).toBeVisible();
  await expect(second.getByRole('listitem').filter({ hasText: '(Correcta)' })).toHaveCount(1);
  await expect(second.getByRole('listitem').filter({ hasText: '(Correcta)' })).toContainText(
    'Respiración 4-7-8',
  );
  await expect(page.getByRole('region', { name: 'Ajustes' }).getByText('10', { exact: true })).toHaveCount(2);

  // 2. A new course with an open and a paid module.
  await page.goto('/ar/es/my-workshops');
  await page.getByRole('link', { name: 'Nuevo curso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nuevo curso' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(courseTitle);
  await page
    .getByRole('textbox', { name: 'Descripción', exact: true })
    .fill('Un curso breve para aprender a respirar con calma y atención.');
  await page.getByRole('button', { name: 'Crear curso' }).click();
  await expect(page).toHaveURL(/\/ar\/es\/manage-modules\/[\w-]+$/);
  const courseRef = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();

  await page.getByRole('button', { name: 'Agregar módulo' }).click();
  let moduleDialog = page.getByRole('dialog', { name: 'Nuevo módulo' });
  await moduleDialog.getByLabel('Título del módulo').fill('Primeros pasos');
  await moduleDialog.getByLabel('Abierto (gratis para todos)').check();
  await moduleDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(moduleDialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Agregar módulo' }).click();
  moduleDialog = page.getByRole('dialog', { name: 'Nuevo módulo' });
  await moduleDialog.getByLabel('Título del módulo').fill('Práctica guiada');
  await moduleDialog.getByLabel('Pago (se contrata desde la clase o el curso)').check();
  await moduleDialog.getByLabel(/^Valor del módulo/).fill('12000');
  await moduleDialog.getByLabel('Precio internacional (USD)').fill('15');
  await moduleDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(moduleDialog).toHaveCount(0);

  const module1 = page.getByRole('region', { name: 'Primeros pasos' });
  const module2 = page.getByRole('region', { name: 'Práctica guiada' });
  await expect(module1.getByText('Abierto', { exact: true })).toBeVisible();
  await expect(module2.getByText('Pago', { exact: true })).toBeVisible();
  await expect(module2.getByText(/12\.000/)).toBeVisible();

  // Module 1: an uploaded video and a downloadable PDF.
  await addLesson(page, module1, 'Primeros pasos', 'Bienvenida en video', async (dialog) => {
    await dialog.locator('input[type="file"]').setInputFiles(demoVideo);
    await expect(dialog.getByText('demo-lesson.webm')).toBeVisible();
  });
  await addLesson(page, module1, 'Primeros pasos', 'Guía de ejercicios', async (dialog) => {
    await chooseOption(dialog, 'Tipo de clase', 'Documento PDF');
    await dialog.locator('input[type="file"]').setInputFiles(pdfFile);
    await dialog.getByLabel('Permitir descargar').check();
  });

  // Module 2: the quiz and a live online lesson tomorrow in the Agendo room.
  await addLesson(page, module2, 'Práctica guiada', 'Evaluación de repaso', async (dialog) => {
    await chooseOption(dialog, 'Tipo de clase', 'Cuestionario');
    await chooseOption(dialog, 'Cuestionario', quizTitle);
  });
  await addLesson(page, module2, 'Práctica guiada', 'Encuentro en vivo', async (dialog) => {
    await chooseOption(dialog, 'Tipo de clase', 'Vivo Online');
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await pickDateTime(page, dialog, 'Inicio', tomorrow, '10:00');
    await pickDateTime(page, dialog, 'Fin', tomorrow, '11:00');
    await expect(dialog.getByLabel('Usar la sala de Agendo')).toBeChecked();
  });

  const lessons1 = module1.getByRole('list', { name: 'Clases de Primeros pasos' }).getByRole('listitem');
  await expect(lessons1).toHaveCount(2);
  await expect(lessons1.nth(0)).toContainText('Bienvenida en video');
  await expect(lessons1.nth(0)).toContainText('Video · demo-lesson.webm');
  await expect(lessons1.nth(1)).toContainText('Guía de ejercicios');
  await expect(lessons1.nth(1)).toContainText('Documento PDF · clase.pdf');
  const lessons2 = module2.getByRole('list', { name: 'Clases de Práctica guiada' }).getByRole('listitem');
  await expect(lessons2).toHaveCount(2);
  await expect(lessons2.nth(0)).toContainText('Evaluación de repaso');
  await expect(lessons2.nth(0)).toContainText('Cuestionario');
  await expect(lessons2.nth(1)).toContainText('Encuentro en vivo');
  await expect(lessons2.nth(1)).toContainText(/Vivo Online · \d{2}\/\d{2}\/\d{4} 10:00/);
  await withoutToasts(page);
  await page.screenshot({ path: testInfo.outputPath('manage-modules.png'), fullPage: true });

  // 3. The public page as its owner: every lesson, the badge on the paid module, no cart.
  await page.getByRole('link', { name: 'Ver como alumno' }).click();
  await expect(page).toHaveURL(new RegExp(`/ar/es/course/${courseRef}$`));
  await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
  await expect(page.getByText('Estás viendo tu propio curso.')).toBeVisible();
  const publicModules = page.getByTestId('course-module');
  await expect(publicModules).toHaveCount(2);
  await expect(publicModules.nth(0)).toContainText('1. Primeros pasos');
  await expect(publicModules.nth(0).getByRole('link')).toHaveText([
    'Bienvenida en video',
    'Guía de ejercicios',
  ]);
  await expect(publicModules.nth(0).getByText('Los usuarios deben contratar este módulo')).toHaveCount(0);
  await expect(publicModules.nth(1)).toContainText('2. Práctica guiada');
  await expect(publicModules.nth(1).getByRole('link')).toHaveText([
    'Evaluación de repaso',
    'Encuentro en vivo',
  ]);
  await expect(publicModules.nth(1).getByText('Los usuarios deben contratar este módulo')).toBeVisible();
  await expect(page.getByTestId('module-cart')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Contratar' })).toHaveCount(0);
  await withoutToasts(page);
  await page.screenshot({ path: testInfo.outputPath('course.png'), fullPage: true });

  await page.getByRole('link', { name: 'Guía de ejercicios', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guía de ejercicios' })).toBeVisible();
  await expect(page.getByText('Página 1 de 1')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Descargar' })).toBeVisible();

  await page.goto(`/ar/es/course/${courseRef}`);
  await page.getByRole('link', { name: 'Bienvenida en video', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenida en video' })).toBeVisible();
  await expect(page.getByTestId('lesson-video')).toBeVisible();
});
