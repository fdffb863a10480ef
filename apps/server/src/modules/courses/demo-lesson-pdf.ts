import { openPdfDocument } from '../../lib/pdf-document.ts';

const title = 'Guía práctica: respiración consciente';
const brand = '#0b7a86';
const ink = '#1f2933';
const muted = '#52606d';
const brandLight = '#e6f7f8';

interface Section {
  heading: string;
  paragraphs: string[];
  steps?: string[];
  closing?: string;
  /** A filled-in example table: the header row first. */
  example?: string[][];
  extra?: { heading: string; text: string };
}

const sections: Section[] = [
  {
    heading: 'Respiración diafragmática',
    paragraphs: [
      'El diafragma es el músculo principal de la respiración. Cuando estamos tensos solemos respirar con la parte alta del pecho, de forma corta y rápida; al llevar el aire hacia el abdomen, la respiración se vuelve más lenta y profunda, y el cuerpo recibe la señal de que puede bajar la guardia.',
      'Practica al principio acostado boca arriba o sentado con la espalda apoyada. Afloja los hombros, la mandíbula y el entrecejo antes de empezar. No se trata de llenar los pulmones al máximo, sino de respirar con calma y sin esfuerzo.',
    ],
    steps: [
      'Coloca una mano sobre el pecho y la otra sobre el abdomen, justo debajo de las costillas.',
      'Inhala por la nariz durante unos cuatro segundos y deja que se eleve la mano del abdomen; la del pecho apenas se mueve.',
      'Exhala despacio por la boca, con los labios entreabiertos, mientras el abdomen vuelve a su lugar.',
      'Repite durante cinco minutos. Si te distraes, vuelve a sentir el movimiento de tus manos.',
    ],
    closing:
      'Al comienzo puede parecer poco natural: es normal. Con práctica diaria, el patrón diafragmático aparece solo en situaciones de calma y te resultará más fácil recurrir a él cuando notes tensión.',
    extra: {
      heading: 'Cuándo practicarla',
      text: 'Elige dos momentos fijos del día, por ejemplo al despertar y antes de acostarte, para que se vuelva una rutina. Más adelante podrás usarla en situaciones cotidianas: en una fila, antes de una reunión o cuando notes que respiras rápido. Unas pocas respiraciones lentas ya marcan una diferencia.',
    },
  },
  {
    heading: 'La técnica 4-7-8',
    paragraphs: [
      'La técnica 4-7-8 alarga la exhalación respecto de la inhalación. Una exhalación larga favorece la respuesta de relajación del sistema nervioso, por eso es útil antes de dormir o en un momento de ansiedad.',
      'Siéntate con la espalda recta y apoya la punta de la lengua detrás de los dientes superiores. Mantenla allí durante todo el ejercicio.',
    ],
    steps: [
      'Exhala por completo por la boca, dejando salir el aire con un leve sonido.',
      'Cierra la boca e inhala en silencio por la nariz mientras cuentas mentalmente hasta 4.',
      'Retén el aire mientras cuentas hasta 7.',
      'Exhala por la boca contando hasta 8.',
      'Ese es un ciclo. Haz cuatro ciclos seguidos, dos veces al día.',
    ],
    closing:
      'Lo importante es la proporción entre los tiempos, no la duración exacta: si te cuesta retener el aire, cuenta más rápido. Si sientes mareo, detente y vuelve a tu respiración habitual. Con las semanas podrás sumar ciclos, sin pasar de ocho.',
    extra: {
      heading: 'Cuándo usarla',
      text: 'Funciona especialmente bien al acostarte, si te cuesta conciliar el sueño, o cuando te despiertas de noche y la mente empieza a dar vueltas. También puedes usarla antes de una situación que te genere nervios. Practícala primero en momentos tranquilos: así, cuando la necesites, tu cuerpo ya conocerá el camino.',
    },
  },
  {
    heading: 'Registro diario',
    paragraphs: [
      'Anotar cada práctica te ayuda a sostener el hábito y a descubrir qué te funciona mejor. Basta con un cuaderno o una nota en el teléfono; dedícale un minuto al terminar el ejercicio.',
      'Registra cada día la fecha y la hora, qué técnica practicaste y durante cuánto tiempo, qué tan tenso te sentías antes y después, en una escala del 1 al 10, y cualquier observación: dónde notaste tensión, qué te distrajo, cómo dormiste esa noche.',
      'Al final de la semana, relee tus notas. Busca patrones: quizá la respiración diafragmática te sirve más por la mañana y la 4-7-8 por la noche, o descubres que los días en que practicas duermes mejor. Comparte lo que observes en la próxima sesión.',
    ],
    example: [
      ['Día y hora', 'Técnica', 'Tiempo', 'Antes', 'Después', 'Observaciones'],
      ['Lunes 8:00', 'Diafragmática', '5 min', '6', '4', 'Tensión en los hombros al empezar.'],
      ['Lunes 23:00', '4-7-8', '4 ciclos', '7', '3', 'Me dormí enseguida.'],
      ['Martes 8:15', 'Diafragmática', '5 min', '5', '3', 'Me distraje; volví a sentir las manos.'],
      ['Martes 22:30', '4-7-8', '4 ciclos', '6', '4', 'Un leve mareo en el segundo ciclo.'],
    ],
    closing:
      'Esta guía acompaña tu proceso y no reemplaza la consulta con un profesional de la salud. Si tienes una afección respiratoria o cardíaca, consulta antes de practicar retenciones de aire.',
  },
];

const columnShares = [0.17, 0.17, 0.12, 0.09, 0.11, 0.34];

function exampleTable(doc: PDFKit.PDFDocument, rows: string[][], x: number, width: number) {
  const widths = columnShares.map((share) => share * width);
  const pad = 5;
  let y = doc.y;
  rows.forEach((row, index) => {
    doc.font(index === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    const height =
      Math.max(...row.map((cell, c) => doc.heightOfString(cell, { width: (widths[c] ?? 0) - 2 * pad }))) +
      2 * pad;
    if (index === 0) doc.rect(x, y, width, height).fillColor(brandLight).fill();
    doc
      .lineWidth(0.5)
      .strokeColor('#bcccdc')
      .moveTo(x, y + height)
      .lineTo(x + width, y + height)
      .stroke();
    let cellX = x;
    row.forEach((cell, c) => {
      doc.fillColor(ink).text(cell, cellX + pad, y + pad, { width: (widths[c] ?? 0) - 2 * pad });
      cellX += widths[c] ?? 0;
    });
    y += height;
  });
  doc.x = x;
  doc.y = y;
}

/**
 * The lesson document the demo seed attaches to the relaxation course: built here rather than
 * shipped as a file so the seed needs nothing from outside the repository.
 */
export async function renderDemoLessonPdf(): Promise<Buffer> {
  const { doc, bytes } = await openPdfDocument({
    size: 'A4',
    margins: { top: 72, bottom: 72, left: 72, right: 72 },
    bufferPages: true,
    info: {
      Title: title,
      Author: 'Agendo',
      // A fixed date keeps the seeded file byte-identical from one seed to the next.
      CreationDate: new Date('2026-01-01T00:00:00Z'),
    },
  });
  const { left } = doc.page.margins;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(12).fillColor(brand);
  doc.text('Agendo', left, 250, { width, align: 'center' });
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(28).fillColor(ink);
  doc.text(title, { width, align: 'center' });
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(14).fillColor(muted);
  doc.text('Curso de relajación · Material de lectura', { width, align: 'center' });
  doc.moveDown(2);
  doc.fontSize(12);
  doc.text(
    'Tres ejercicios sencillos para practicar en casa: la respiración diafragmática, la técnica 4-7-8 y un registro diario para seguir tu progreso.',
    { width, align: 'center' },
  );

  for (const section of sections) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(20).fillColor(brand);
    doc.text(section.heading, { width });
    doc.moveDown(0.8);
    doc.font('Helvetica').fontSize(11.5).fillColor(ink);
    for (const paragraph of section.paragraphs) {
      doc.text(paragraph, { width, align: 'justify', lineGap: 3 });
      doc.moveDown(0.8);
    }
    if (section.steps) {
      doc.font('Helvetica-Bold').text('Paso a paso', { width });
      doc.moveDown(0.4);
      doc.font('Helvetica');
      doc.list(section.steps, { width, listType: 'numbered', lineGap: 3, paragraphGap: 4 });
      doc.moveDown(0.8);
    }
    if (section.example) {
      doc.font('Helvetica-Bold').fillColor(ink).text('Ejemplo de registro', left, doc.y, { width });
      doc.moveDown(0.4);
      exampleTable(doc, section.example, left, width);
      doc.moveDown(1);
    }
    if (section.closing) {
      doc.font('Helvetica').fontSize(11.5).fillColor(ink);
      doc.text(section.closing, left, doc.y, { width, align: 'justify', lineGap: 3 });
    }
    if (section.extra) {
      doc.moveDown(1);
      doc
        .font('Helvetica-Bold')
        .fontSize(14)
        .fillColor(brand)
        .text(section.extra.heading, left, doc.y, { width });
      doc.moveDown(0.5);
      doc.font('Helvetica').fontSize(11.5).fillColor(ink);
      doc.text(section.extra.text, left, doc.y, { width, align: 'justify', lineGap: 3 });
    }
  }

  // Footers are written once every page exists, so each can say how many there are.
  const range = doc.bufferedPageRange();
  for (let i = range.start + 1; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(9).fillColor(muted);
    doc.text(`${title} · Página ${i + 1} de ${range.count}`, left, doc.page.height - 48, {
      width,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return bytes;
}
