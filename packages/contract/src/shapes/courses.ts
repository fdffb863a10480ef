import { z } from 'zod';
import { imageFileErrors } from '../route-errors.ts';
import { callPlace } from './bookings.ts';

const Flag = z.union([z.literal(0), z.literal(1)]);
const ModuleFreeValue = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const LessonTypeValue = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(6), z.literal(7)]);

/** What the editor, a course card and the course page all start with. */
const courseHeading = {
  ref: z.string(),
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
};

/** A lesson as the editor and the course page list it. */
const lessonHeading = {
  ref: z.string(),
  title: z.string(),
  typeClass: LessonTypeValue,
  duration: z.number().int(),
};

/** The live part of a lesson of type 6 or 7 (spec 002 §3 "Live date entry"). Instants are UTC. */
export const LiveFields = z.object({
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  timezone: z.string().nullable(),
  useMyVideoCall: Flag,
  platformVideoCall: z.number().int().nullable(),
  ...callPlace,
  address: z.string().nullable(),
});
export type LiveFields = z.infer<typeof LiveFields>;

export const LessonEditor = z.object({
  ...lessonHeading,
  descriptionPrivate: z.string(),
  videoLink: z.string().nullable(),
  videoFileName: z.string().nullable(),
  pdfFileName: z.string().nullable(),
  downloadPdf: Flag,
  quizRef: z.string().nullable(),
  live: LiveFields,
});
export type LessonEditor = z.infer<typeof LessonEditor>;

export const ModuleEditor = z.object({
  ref: z.string(),
  title: z.string(),
  description: z.string(),
  priceLocal: z.number(),
  priceInter: z.number(),
  moduleFree: ModuleFreeValue,
  lessons: z.array(LessonEditor),
});
export type ModuleEditor = z.infer<typeof ModuleEditor>;

export const WorkshopEditor = z.object({
  ...courseHeading,
  currency: z.string(),
  payCash: Flag,
  payCard: Flag,
  hidePrice: Flag,
  noPrice: Flag,
  limitTime: Flag,
  limitTimeDays: z.number().int().nullable(),
  certificate: Flag,
  linkComunityWp: z.string().nullable(),
  paused: Flag,
  modules: z.array(ModuleEditor),
});
export type WorkshopEditor = z.infer<typeof WorkshopEditor>;

/** A course card on the professional's public page. */
export const PublicWorkshop = z.object({
  ...courseHeading,
  modules: z.number().int(),
  lessons: z.number().int(),
  certificate: Flag,
});
export type PublicWorkshop = z.infer<typeof PublicWorkshop>;

export const WorkshopSummary = z.object({
  ref: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  paused: Flag,
  modules: z.number().int(),
  lessons: z.number().int(),
  students: z.number().int(),
  updatedAt: z.string(),
});
export type WorkshopSummary = z.infer<typeof WorkshopSummary>;

export const QuizOption = z.object({
  id: z.string(),
  answer: z.string(),
  /** Only the quiz's owner receives it; a student's answers are graded on the server. */
  correct: z.boolean().optional(),
});

/** spec 000 §3 "Question". */
export const QuizQuestion = z.object({
  id: z.string(),
  question: z.string(),
  questionType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  description: z.string().nullable(),
  imgQuizURL: z.string().nullable(),
  videoFile: z.string().nullable(),
  points: z.number().int(),
  optionsAnswers: z.array(QuizOption),
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;

/** spec 002 §3 "Quiz": okPoints, duration (questions), time (minutes). */
export const QuizData = z.object({
  ref: z.string(),
  title: z.string(),
  okPoints: z.number().int(),
  duration: z.number().int(),
  time: z.number().int(),
});
export type QuizData = z.infer<typeof QuizData>;

export const QuizSummary = QuizData.extend({ questions: z.number().int(), lessons: z.number().int() });
export type QuizSummary = z.infer<typeof QuizSummary>;

export const CourseLesson = z.object({
  ...lessonHeading,
  complete: z.boolean(),
});
export type CourseLesson = z.infer<typeof CourseLesson>;

export const CourseModule = z.object({
  ref: z.string(),
  title: z.string(),
  description: z.string(),
  /** What this viewer gets (rules/module-access.ts). */
  moduleFree: ModuleFreeValue,
  /** The owner looks at a module clients must buy. */
  ownerBadge: z.boolean(),
  purchase: z.enum(['none', 'pending', 'paid']),
  userPrice: z.number(),
  userCurrency: z.string(),
  lessons: z.array(CourseLesson),
});
export type CourseModule = z.infer<typeof CourseModule>;

/** The public course page (course/{ref}) as one viewer sees it. */
export const CourseView = z.object({
  ...courseHeading,
  admin: z.boolean(),
  paused: Flag,
  profRef: z.string(),
  profName: z.string(),
  profImg: z.string().nullable(),
  hidePrice: Flag,
  noPrice: Flag,
  certificate: Flag,
  limitTime: Flag,
  limitTimeDays: z.number().int().nullable(),
  international: z.boolean(),
  /** The viewer's enrolment (contracting id), when they have one. */
  enrolmentRef: z.string().nullable(),
  enableCourse: z.boolean(),
  linkComunityWp: z.string().nullable(),
  completed: z.number().int(),
  total: z.number().int(),
  modules: z.array(CourseModule),
});
export type CourseView = z.infer<typeof CourseView>;

/** spec 002 §3 "Lesson data" (find-lesson-data-workshop). Content fields are null while locked. */
export const LessonData = z.object({
  ref: z.string(),
  courseRef: z.string(),
  courseTitle: z.string(),
  moduleRef: z.string(),
  moduleTitle: z.string(),
  titleClass: z.string(),
  typeClass: LessonTypeValue,
  duration: z.number().int(),
  descriptionPrivate: z.string().nullable(),
  /** The seller's public ref. */
  userId: z.string(),
  moduleFree: ModuleFreeValue,
  ownerBadge: z.boolean(),
  isOwner: z.boolean(),
  realPriceLocal: z.number(),
  realPriceInter: z.number(),
  userPrice: z.number(),
  userCurrency: z.string(),
  /** A short-lived signed link to the uploaded video, or the external link. */
  video: z.string().nullable(),
  videoIsLink: z.boolean(),
  pdfFile: z.string().nullable(),
  pdfName: z.string().nullable(),
  downloadPdf: Flag,
  quizId: z.string().nullable(),
  complete: z.boolean(),
  /** Previous and next lessons of the course, for the viewer's navigation. */
  prevRef: z.string().nullable(),
  nextRef: z.string().nullable(),
});
export type LessonData = z.infer<typeof LessonData>;

/** spec 002 §3 "Live date entry". */
export const LiveDate = z.object({
  id: z.string(),
  publishTitle: z.string(),
  lessonTitle: z.string(),
  typeClass: z.union([z.literal(6), z.literal(7)]),
  liveDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The zone the dates are shown in, and the event's own zone. */
  timezone: z.string(),
  eventTimezone: z.string(),
  canEnter: z.boolean(),
  useMyVideoCall: Flag,
  platformVideoCall: z.string().nullable(),
  ...callPlace,
  address: z.string().nullable(),
  /** data: URL of the student's entry QR (in-person events). */
  imgQr: z.string().nullable(),
  attended: z.boolean(),
});
export type LiveDate = z.infer<typeof LiveDate>;

/** A workshop contracting (spec 000 §2.6 "Workshop options panel"). */
export const Enrolment = z.object({
  ref: z.string(),
  courseRef: z.string(),
  title: z.string(),
  cover: z.string().nullable(),
  sellerRef: z.string(),
  sellerName: z.string(),
  imgSeller: z.string().nullable(),
  clientName: z.string(),
  imgClient: z.string().nullable(),
  contactEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  enableCourse: z.boolean(),
  badge: z.enum(['price-to-set', 'unpaid', 'paid', 'free', 'free-trial']),
  badgeText: z.string(),
  moduleEntryEnabled: z.boolean(),
  firstModule: z.string().nullable(),
  firstLesson: z.string().nullable(),
  completed: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  certificate: Flag,
  certificateEnabled: z.boolean(),
  certificateRef: z.string().nullable(),
  linkComunityWp: z.string().nullable(),
  unpaidPurchases: z.number().int(),
  amountDue: z.number(),
  currency: z.string(),
});
export type Enrolment = z.infer<typeof Enrolment>;

export const ModuleProgress = z.object({
  ref: z.string(),
  title: z.string(),
  moduleFree: ModuleFreeValue,
  lessons: z.array(
    z.object({ ref: z.string(), title: z.string(), typeClass: LessonTypeValue, complete: z.boolean() }),
  ),
});
export type ModuleProgress = z.infer<typeof ModuleProgress>;

/** The module cart (spec 002 §2 "Module purchase cart screen"). */
export const ModuleCart = z.object({
  courseRef: z.string(),
  moduleRef: z.string(),
  /** 'workshop title - Módulo: module name' (spec 002 §3 Cart). */
  title: z.string(),
  profName: z.string(),
  price: z.number(),
  currency: z.string(),
  profCurrency: z.string(),
  international: z.boolean(),
  hidePrice: Flag,
  noPrice: Flag,
  step: z.enum(['login', 'manual', 'free', 'chooser', 'transfer', 'card', 'none']),
  provider: z.enum(['dlocal', 'stripe', 'mercadopago', 'paypal']).nullable(),
  /** Already bought and open: the cart has nothing to sell. */
  owned: z.boolean(),
  pending: z.boolean(),
});
export type ModuleCart = z.infer<typeof ModuleCart>;

export const CertificateCheck = z.object({
  ref: z.string(),
  studentName: z.string(),
  courseTitle: z.string(),
  courseRef: z.string(),
  professionalName: z.string(),
  issuedAt: z.string(),
});
export type CertificateCheck = z.infer<typeof CertificateCheck>;

/** The quiz finish screen (spec 002 §4). */
export const QuizResult = z.object({
  outcome: z.enum(['passed', 'failed']),
  reason: z.enum(['points', 'answered', 'time']),
  okPoints: z.number().int(),
  points: z.number().int(),
  correct: z.number().int(),
  results: z.array(
    z.object({ questionId: z.string(), question: z.string(), correct: z.boolean().nullable() }),
  ),
});
export type QuizResult = z.infer<typeof QuizResult>;

/** POST /upload/lesson-file answers with these (multipart: ref, kind pdf|video, file). */
export const lessonFileErrors = {
  E7: { es: 'No encontramos la clase.', en: 'Lesson not found.', field: 'ref' },
  E413: {
    es: 'El archivo es demasiado grande (PDF hasta 30 MB, video hasta 500 MB).',
    en: 'The file is too large (PDF up to 30 MB, video up to 500 MB).',
    field: 'file',
  },
  E415: {
    es: 'El archivo debe ser un PDF, o un video MP4, WEBM u OGG.',
    en: 'The file must be a PDF, or an MP4, WEBM or OGG video.',
    field: 'file',
  },
};

/**
 * A contact's course on the records side (spec 001 §2.6): their contracting and the course's
 * live lessons, which open in the professional's view (find-live-date mode 1).
 */
export const ContactWorkshop = z.object({
  enrolment: Enrolment,
  liveLessons: z.array(
    z.object({
      ref: z.string(),
      title: z.string(),
      typeClass: z.union([z.literal(6), z.literal(7)]),
      startDate: z.string().nullable(),
    }),
  ),
});
export type ContactWorkshop = z.infer<typeof ContactWorkshop>;

/** POST /upload/workshop-cover answers with these (multipart: ref, then the file `image`). */
export const workshopCoverErrors = {
  E7: { es: 'No encontramos el curso/taller.', en: 'Course not found.', field: 'ref' },
  ...imageFileErrors,
};
