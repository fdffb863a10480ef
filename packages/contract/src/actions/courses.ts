import { z } from 'zod';
import { action, ok } from '../action.ts';
import { courseNotFound, courseLimits as L, lessonTypeIds, lessonTypes } from '../constants/courses.ts';
import { QuizData, QuizQuestion, QuizSummary, WorkshopEditor, WorkshopSummary } from '../shapes/courses.ts';
import { isHttpUrl, maybeText, Ref, TimeZone } from './fields.ts';

/**
 * The workshop, module, lesson and quiz editors (general-workshop, manage-modules, manage-quiz,
 * manage-questions). Owner only: a foreign ref answers like an unknown one.
 */
const courseErrors = {
  E2: { es: 'Debes ingresar el título.', en: 'Enter the title.', field: 'title' },
  E3: {
    es: `El título no puede superar los ${L.titleMax} caracteres.`,
    en: 'The title is too long.',
    field: 'title',
  },
  E4: { es: 'La descripción es demasiado larga.', en: 'The description is too long.', field: 'description' },
  E5: {
    es: 'Debes ofrecer al menos una forma de pago.',
    en: 'Offer at least one payment method.',
    field: 'payCard',
  },
  E6: {
    es: 'Debes ingresar los días de acceso (entre 1 y 3650).',
    en: 'Enter the access days (1 to 3650).',
    field: 'limitTimeDays',
  },
  E7: {
    es: 'El enlace de la comunidad no es válido.',
    en: 'The community link is not valid.',
    field: 'linkComunityWp',
  },
  E8: { es: 'El precio ingresado no es correcto.', en: 'The price is not valid.', field: 'priceLocal' },
  E9: {
    es: 'El precio internacional (USD) no es correcto.',
    en: 'The international price is not valid.',
    field: 'priceInter',
  },
  E10: { es: 'Debes elegir el acceso del módulo.', en: 'Choose the module access.', field: 'moduleFree' },
  E11: { es: 'Debes elegir el tipo de clase.', en: 'Choose the lesson type.', field: 'typeClass' },
  E12: {
    es: 'La duración debe ser entre 0 y 1440 minutos.',
    en: 'Duration 0 to 1440 minutes.',
    field: 'duration',
  },
  E13: { es: 'El enlace del video no es válido.', en: 'The video link is not valid.', field: 'videoLink' },
  E14: { es: 'Debes elegir el cuestionario.', en: 'Choose the quiz.', field: 'quizRef' },
  E15: { es: 'Debes ingresar la fecha y hora de inicio.', en: 'Enter the start.', field: 'startDate' },
  E16: {
    es: 'La fecha de fin debe ser posterior a la de inicio.',
    en: 'The end must be after the start.',
    field: 'endDate',
  },
  E17: { es: 'Debes elegir la zona horaria.', en: 'Choose the time zone.', field: 'timezone' },
  E18: { es: 'Debes ingresar la dirección del evento.', en: 'Enter the address.', field: 'address' },
  E19: {
    es: 'Debes ingresar el enlace de la videollamada o usar la sala de Agendo.',
    en: 'Enter the meeting link or use the Agendo room.',
    field: 'linkVideoCall',
  },
  E20: { es: 'Debes ingresar la pregunta.', en: 'Enter the question.', field: 'question' },
  E21: { es: 'Debes elegir el tipo de pregunta.', en: 'Choose the question type.', field: 'questionType' },
  E22: {
    es: 'Debes ingresar la descripción citada.',
    en: 'Enter the quoted description.',
    field: 'description',
  },
  E23: { es: 'Debes ingresar el enlace de la imagen.', en: 'Enter the image link.', field: 'imgQuizURL' },
  E24: { es: 'Debes ingresar el enlace del video.', en: 'Enter the video link.', field: 'videoFile' },
  E25: { es: 'Los puntos deben ser entre 0 y 1000.', en: 'Points 0 to 1000.', field: 'points' },
  E26: {
    es: 'Debes ingresar entre 2 y 8 opciones de respuesta.',
    en: 'Enter 2 to 8 options.',
    field: 'optionsAnswers',
  },
  E27: {
    es: 'Debes marcar al menos una opción correcta.',
    en: 'Mark at least one correct option.',
    field: 'optionsAnswers',
  },
  E28: {
    es: 'Las opciones no pueden estar vacías.',
    en: 'Options cannot be empty.',
    field: 'optionsAnswers',
  },
  E29: {
    es: 'El puntaje para aprobar debe ser entre 0 y 100000.',
    en: 'Pass mark 0 to 100000.',
    field: 'okPoints',
  },
  E30: { es: 'El tiempo debe ser entre 1 y 600 minutos.', en: 'Time 1 to 600 minutes.', field: 'time' },
  E40: courseNotFound,
  E41: { es: 'No encontramos el módulo.', en: 'Module not found.' },
  E42: { es: 'No encontramos la clase.', en: 'Lesson not found.' },
  E43: { es: 'No encontramos el cuestionario.', en: 'Quiz not found.' },
  E44: { es: 'No encontramos la pregunta.', en: 'Question not found.' },
  E45: {
    es: 'No puedes eliminar un módulo que ya fue contratado.',
    en: 'A module that was bought cannot be deleted.',
  },
  E46: {
    es: 'No puedes eliminar un cuestionario que usa una clase.',
    en: 'A quiz used by a lesson cannot be deleted.',
  },
  E49: {
    es: 'Alcanzaste el máximo de 100 clases por módulo o preguntas por cuestionario.',
    en: 'You reached the limit of 100 lessons per module or questions per quiz.',
  },
  E48: {
    es: 'No puedes eliminar un curso con alumnos inscriptos. Puedes pausarlo.',
    en: 'A course with students cannot be deleted; pause it instead.',
  },
  E47: {
    es: `Un curso puede tener hasta ${L.modulesMax} módulos.`,
    en: 'Too many modules.',
  },
};

const Flag01 = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'E1' })
  .transform((value): 0 | 1 => (value === true || value === 1 ? 1 : 0));

function text(max: number, code: string) {
  return maybeText(max, code).transform((value) => value ?? '');
}

/** An http(s) link, or (question media) a path of our own public files, where uploads land. */
function optionalLink(code: string, ownFiles = false) {
  return z
    .string({ error: code })
    .trim()
    .max(L.linkMax, code)
    .nullable()
    .optional()
    .transform((value) => (value ? value : null))
    .refine(
      (value) => value === null || isHttpUrl(value) || (ownFiles && /^\/files\/[\w./-]+$/.test(value)),
      code,
    );
}

const Title = (max: number) => z.string({ error: 'E2' }).trim().min(1, 'E2').max(max, 'E3');

function money(code: string) {
  return z.number({ error: code }).min(0, code).max(L.priceMax, code);
}

export const findMyWorkshops = action('find-my-workshops', {
  input: z.object({}),
  output: ok({ workshops: z.array(WorkshopSummary) }),
  errors: courseErrors,
});

export const getWorkshop = action('get-workshop', {
  input: z.object({ ref: Ref }),
  output: ok({ workshop: WorkshopEditor }),
  errors: courseErrors,
});

export const saveWorkshop = action('save-workshop', {
  input: z
    .object({
      ref: Ref.optional(),
      title: Title(L.titleMax),
      description: text(L.descriptionMax, 'E4'),
      payCash: Flag01.default(0),
      payCard: Flag01.default(1),
      hidePrice: Flag01.default(0),
      noPrice: Flag01.default(0),
      limitTime: Flag01.default(0),
      limitTimeDays: z.number({ error: 'E6' }).int('E6').nullable().optional().default(null),
      certificate: Flag01.default(1),
      linkComunityWp: optionalLink('E7'),
      /**
       * Left out, a new workshop starts live and a saved one keeps its state: an editor that only
       * changes other fields never un-pauses it (a workshop paused by the free plan stays paused).
       */
      paused: Flag01.optional(),
    })
    .superRefine((w, ctx) => {
      const priced = w.hidePrice === 0 && w.noPrice === 0;
      if (priced && w.payCash === 0 && w.payCard === 0)
        ctx.addIssue({ code: 'custom', message: 'E5', path: ['payCard'] });
      if (
        w.limitTime === 1 &&
        (w.limitTimeDays === null || w.limitTimeDays < 1 || w.limitTimeDays > L.limitTimeDaysMax)
      )
        ctx.addIssue({ code: 'custom', message: 'E6', path: ['limitTimeDays'] });
    }),
  output: ok({ ref: z.string() }),
  errors: {
    ...courseErrors,
    // Spec 002 §4: workshops come with plan 3 and are lost (here: paused) on the free plan.
    E90: {
      es: 'El plan gratuito no incluye talleres. Cambia de plan para publicarlos.',
      en: 'The free plan does not include workshops. Change your plan to publish them.',
    },
  },
});

/** The editor's deletes: the ref of what goes, nothing back. */
const deleteByRef = { input: z.object({ ref: Ref }), output: ok({}), errors: courseErrors };

export const deleteWorkshop = action('delete-workshop', deleteByRef);

export const saveModule = action('save-module', {
  input: z.object({
    workshopRef: Ref,
    ref: Ref.optional(),
    title: Title(L.moduleTitleMax),
    description: text(L.descriptionMax, 'E4'),
    priceLocal: money('E8'),
    priceInter: money('E9'),
    moduleFree: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'E10' }),
  }),
  output: ok({ ref: z.string() }),
  errors: courseErrors,
});

const Move = z.object({ ref: Ref, direction: z.enum(['up', 'down'], { error: 'E1' }) });

export const moveModule = action('move-module', { input: Move, output: ok({}), errors: courseErrors });
export const deleteModule = action('delete-module', deleteByRef);

export const saveLesson = action('save-lesson', {
  input: z
    .object({
      moduleRef: Ref,
      ref: Ref.optional(),
      title: Title(L.lessonTitleMax),
      typeClass: z
        .number({ error: 'E11' })
        .int('E11')
        .refine((t) => lessonTypeIds.includes(t), 'E11')
        .transform((t) => t as 1 | 2 | 3 | 6 | 7),
      duration: z.number({ error: 'E12' }).int('E12').min(0, 'E12').max(1440, 'E12').default(0),
      descriptionPrivate: text(L.lessonDescriptionMax, 'E4'),
      videoLink: optionalLink('E13'),
      downloadPdf: Flag01.default(0),
      quizRef: Ref.nullable().optional().default(null),
      startDate: z.iso.datetime({ offset: true, error: 'E15' }).nullable().optional().default(null),
      endDate: z.iso.datetime({ offset: true, error: 'E16' }).nullable().optional().default(null),
      timezone: TimeZone.nullable().optional().default(null),
      useMyVideoCall: Flag01.default(1),
      platformVideoCall: z.number().int().min(1).max(5).nullable().optional().default(null),
      linkVideoCall: optionalLink('E19'),
      passVideoCall: text(100, 'E19'),
      roomIdLink: text(100, 'E19'),
      address: text(300, 'E18'),
    })
    .superRefine((l, ctx) => {
      const issue = (message: string, path: string) =>
        ctx.addIssue({ code: 'custom', message, path: [path] });
      if (l.typeClass === lessonTypes.quiz && !l.quizRef) issue('E14', 'quizRef');
      if (l.typeClass === lessonTypes.liveOnline || l.typeClass === lessonTypes.liveInPerson) {
        if (!l.startDate) issue('E15', 'startDate');
        if (!l.endDate || (l.startDate && Date.parse(l.endDate) <= Date.parse(l.startDate)))
          issue('E16', 'endDate');
        if (!l.timezone) issue('E17', 'timezone');
        if (l.typeClass === lessonTypes.liveInPerson && !l.address) issue('E18', 'address');
        if (l.typeClass === lessonTypes.liveOnline && l.useMyVideoCall === 0 && !l.linkVideoCall)
          issue('E19', 'linkVideoCall');
      }
    }),
  output: ok({ ref: z.string() }),
  errors: courseErrors,
});

export const moveLesson = action('move-lesson', { input: Move, output: ok({}), errors: courseErrors });
export const deleteLesson = action('delete-lesson', deleteByRef);

export const findMyQuizzes = action('find-my-quizzes', {
  input: z.object({}),
  output: ok({ quizzes: z.array(QuizSummary) }),
  errors: courseErrors,
});

export const getQuiz = action('get-quiz', {
  input: z.object({ ref: Ref }),
  output: ok({ quiz: QuizData, questions: z.array(QuizQuestion) }),
  errors: courseErrors,
});

export const saveQuiz = action('save-quiz', {
  input: z.object({
    ref: Ref.optional(),
    title: Title(L.titleMax),
    okPoints: z.number({ error: 'E29' }).int('E29').min(0, 'E29').max(100_000, 'E29'),
    time: z.number({ error: 'E30' }).int('E30').min(1, 'E30').max(L.quizMinutesMax, 'E30'),
  }),
  output: ok({ ref: z.string() }),
  errors: courseErrors,
});

export const deleteQuiz = action('delete-quiz', deleteByRef);

export const saveQuizQuestion = action('save-quiz-question', {
  input: z
    .object({
      quizRef: Ref,
      ref: Ref.optional(),
      question: z.string({ error: 'E20' }).trim().min(1, 'E20').max(L.questionMax, 'E20'),
      questionType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'E21' }),
      description: text(L.questionDescriptionMax, 'E22'),
      imgQuizURL: optionalLink('E23', true),
      videoFile: optionalLink('E24', true),
      points: z.number({ error: 'E25' }).int('E25').min(0, 'E25').max(L.pointsMax, 'E25'),
      optionsAnswers: z
        .array(
          z.object({
            answer: z.string({ error: 'E28' }).trim().min(1, 'E28').max(L.answerMax, 'E28'),
            correct: z.boolean({ error: 'E27' }),
          }),
          { error: 'E26' },
        )
        .min(L.optionsMin, 'E26')
        .max(L.optionsMax, 'E26')
        .refine((options) => options.some((o) => o.correct), 'E27'),
    })
    .superRefine((q, ctx) => {
      if (q.questionType === 2 && !q.description)
        ctx.addIssue({ code: 'custom', message: 'E22', path: ['description'] });
      if (q.questionType === 3 && !q.imgQuizURL)
        ctx.addIssue({ code: 'custom', message: 'E23', path: ['imgQuizURL'] });
      if (q.questionType === 4 && !q.videoFile)
        ctx.addIssue({ code: 'custom', message: 'E24', path: ['videoFile'] });
    }),
  output: ok({ ref: z.string() }),
  errors: courseErrors,
});

export const deleteQuizQuestion = action('delete-quiz-question', deleteByRef);
