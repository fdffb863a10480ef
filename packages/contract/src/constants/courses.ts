/**
 * Lesson types (spec 002 §3 typeClass; §9 "Live types 6 and 7"). The spec names only the live
 * codes; video, PDF and quiz take the free codes 1–3.
 */
export const lessonTypes = { video: 1, pdf: 2, quiz: 3, liveOnline: 6, liveInPerson: 7 } as const;
export type LessonType = (typeof lessonTypes)[keyof typeof lessonTypes];
export const lessonTypeIds: readonly number[] = Object.values(lessonTypes);
export const lessonTypeNames: Record<LessonType, string> = {
  1: 'Video',
  2: 'Documento PDF',
  3: 'Cuestionario',
  6: 'Vivo Online',
  7: 'Vivo Presencial',
};
export function isLiveLesson(type: number): boolean {
  return type === lessonTypes.liveOnline || type === lessonTypes.liveInPerson;
}

/**
 * spec 002 §3 moduleFree, as the professional sets it on a module and as a viewer receives it:
 * 0 open (free module), 1 sold (the viewer may buy it), 2 sold only from the course page
 * (the lesson viewer shows the pay-first message without a cart).
 */
export const moduleFreeValues = [0, 1, 2] as const;
export type ModuleFree = (typeof moduleFreeValues)[number];

/** spec 002 §4 live mode: 1 the seller, 2 a buyer. */
export const liveModes = { seller: 1, buyer: 2 } as const;

/** Question types (spec 000 §3): 1 plain, 2 quoted description, 3 image, 4 video. */
export const questionTypes = [1, 2, 3, 4] as const;
export type QuestionType = (typeof questionTypes)[number];

export const courseLimits = {
  titleMax: 120,
  descriptionMax: 5000,
  moduleTitleMax: 120,
  lessonTitleMax: 150,
  lessonDescriptionMax: 10_000,
  questionMax: 500,
  questionDescriptionMax: 2000,
  answerMax: 300,
  optionsMin: 2,
  optionsMax: 8,
  questionsMax: 100,
  pointsMax: 1000,
  quizMinutesMax: 600,
  limitTimeDaysMax: 3650,
  modulesMax: 50,
  lessonsPerModuleMax: 100,
  priceMax: 99_999_999,
  lessonPdfMaxBytes: 30 * 1024 * 1024,
  lessonVideoMaxBytes: 500 * 1024 * 1024,
  linkMax: 500,
} as const;

/**
 * A live lesson opens its room this many minutes before the start and until its end
 * (canEnter, spec 002 §2), like an appointment's room.
 */
export const liveRoomOpensMinutesBefore = 10;

/**
 * Answers arriving this long after the quiz deadline still count: the request may leave the
 * browser just before zero. Later ones are refused and the attempt ends failed.
 */
export const quizGraceSeconds = 5;

/** spec 002 §4 result routes of save-sales-modules, plus the card ones. */
export const moduleResultRoutes = [
  'manual-success',
  'free-success',
  'free-success-course',
  'transfer-success-course-module',
  'card-success-course',
  'card-refound',
] as const;
export type ModuleResultRoute = (typeof moduleResultRoutes)[number];

/** A course ref that is unknown or not the caller's (E40 of the course actions). */
export const courseNotFound = { es: 'No encontramos el curso/taller.', en: 'Course not found.' };
