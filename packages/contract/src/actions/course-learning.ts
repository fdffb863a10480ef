import { z } from 'zod';
import { action, ok } from '../action.ts';
import { courseNotFound } from '../constants/courses.ts';
import {
  CertificateCheck,
  ContactWorkshop,
  CourseView,
  Enrolment,
  LessonData,
  LiveDate,
  ModuleProgress,
  PublicWorkshop,
  QuizData,
  QuizQuestion,
  QuizResult,
} from '../shapes/courses.ts';
import { numeric, OptionalRef, Ref, TimeZone } from './fields.ts';

/** Taking a course: the course page, lessons, live dates, quizzes, progress and certificates. */
const learningErrors = {
  E40: courseNotFound,
  E42: { es: 'No encontramos la clase.', en: 'Lesson not found.' },
  E43: { es: 'No encontramos el cuestionario.', en: 'Quiz not found.' },
  E48: {
    es: 'Podrás acceder al contenido una vez realices el pago.',
    en: 'You can open the content once you pay.',
  },
  E50: { es: 'Debes eleggir una opción.', en: 'Choose an option.', field: 'optionId' },
  E51: {
    es: 'Ha Finalizado el tiempo que tenías para realizarlo.',
    en: 'Your time for this quiz is over.',
  },
  E52: { es: 'Este intento ya finalizó.', en: 'This attempt has ended.' },
  E53: {
    es: 'Completa todas las clases del curso para obtener el certificado.',
    en: 'Complete every lesson to get the certificate.',
  },
  E54: { es: 'Este curso no entrega certificado.', en: 'This course gives no certificate.' },
  E55: { es: 'No encontramos el certificado.', en: 'Certificate not found.' },
  E56: {
    es: 'El código no corresponde a un alumno de este evento.',
    en: 'The code is not a student of this event.',
  },
  E57: {
    es: 'El cuestionario se responde desde su clase.',
    en: 'The quiz is answered from its lesson.',
  },
  E58: {
    es: 'Solo puedes marcar como realizado un evento en vivo desde su inicio.',
    en: 'A live event can be marked done once it started.',
  },
};

export const getCourse = action('get-course', {
  input: z.object({ ref: Ref }),
  output: ok({ course: CourseView }),
  errors: learningErrors,
});

/** spec 002 §7: couserRef (sic), moduleId, lessonId, bookingId. */
export const findLessonDataWorkshop = action('find-lesson-data-workshop', {
  input: z.object({
    couserRef: OptionalRef,
    moduleId: OptionalRef,
    lessonId: Ref,
    bookingId: OptionalRef,
  }),
  output: ok({ lesson: LessonData }),
  errors: learningErrors,
});

export const findLiveDate = action('find-live-date', {
  input: z.object({
    lessonId: Ref,
    mode: numeric(z.union([z.literal(1), z.literal(2)], { error: 'E1' })).default(2),
    timezone: TimeZone.optional(),
  }),
  output: ok({ dates: z.array(LiveDate) }),
  errors: learningErrors,
});

export const markLessonDone = action('mark-lesson-done', {
  input: z.object({ lessonId: Ref }),
  output: ok({
    lessonId: z.string(),
    moduleId: z.string(),
    completed: z.number().int(),
    total: z.number().int(),
  }),
  errors: learningErrors,
});

export const listUserModulesWorkshop = action('list-user-modules-workshop', {
  input: z.object({ ref: Ref, bookingId: OptionalRef }),
  output: ok({ modules: z.array(ModuleProgress), completed: z.number().int(), total: z.number().int() }),
  errors: learningErrors,
});

/** Owners read any of their quizzes; students read one through the quiz lesson they may open. */
export const findQuizData = action('find-quiz-data', {
  input: z.object({ ref: Ref, lessonId: OptionalRef }),
  output: ok({ quiz: QuizData, passed: z.boolean() }),
  errors: learningErrors,
});

/** Students receive the options without the `correct` flags: answers are graded on the server. */
export const findAllQuizQuestionData = action('find-all-quiz-question-data', {
  input: z.object({ quizRef: Ref, lessonId: OptionalRef }),
  output: ok({ questions: z.array(QuizQuestion) }),
  errors: learningErrors,
});

/** The countdown starts on the server: the deadline is the start plus the quiz time. */
export const startQuiz = action('start-quiz', {
  input: z.object({ lessonId: Ref }),
  output: ok({
    attemptRef: z.string(),
    deadline: z.string(),
    serverNow: z.string(),
    secondsLeft: z.number().int(),
  }),
  errors: learningErrors,
});

export const answerQuiz = action('answer-quiz', {
  input: z.object({
    attemptRef: Ref,
    questionId: Ref,
    optionId: z.string({ error: 'E50' }).min(1, 'E50').pipe(Ref),
  }),
  output: ok({ outcome: z.enum(['running', 'passed', 'failed']) }),
  errors: learningErrors,
});

/** Ends the attempt (all answered, passed, or the time ran out) and answers the finish screen. */
export const finishQuiz = action('finish-quiz', {
  input: z.object({ attemptRef: Ref }),
  output: ok({ result: QuizResult }),
  errors: learningErrors,
});

/** my-courses (mode 2, the student's) and courses (mode 1, the professional's students). */
export const findBookingsWorkshops = action('find-bookings-workshops', {
  input: z.object({
    mode: numeric(z.union([z.literal(1), z.literal(2)], { error: 'E1' })),
    ref: OptionalRef,
  }),
  output: ok({ enrolments: z.array(Enrolment) }),
  errors: learningErrors,
});

/** The professional collected a cash or transfer payment: 'El taller cambio al estado de abonado.' */
export const markPayWorkshop = action('mark-pay-workshop', {
  input: z.object({ ref: Ref }),
  output: ok({ enrolment: Enrolment }),
  errors: learningErrors,
});

export const saveCertificateStudent = action('save-certificate-student', {
  input: z.object({ bookingId: Ref }),
  output: ok({ certificateRef: z.string() }),
  errors: learningErrors,
});

/** The certificate PDF of the student (or their professional), base64. */
export const certificate = action('certificate', {
  input: z.object({ ref: Ref }),
  output: ok({ fileName: z.string(), pdf: z.string() }),
  errors: learningErrors,
});

/** certificate/{ref}: the public verification page a certificate's QR opens. */
export const findCertificate = action('find-certificate', {
  input: z.object({ ref: Ref }),
  output: ok({ certificate: CertificateCheck }),
  errors: learningErrors,
});

/** qr-reader-live-date/{lessonId}/{userId}: the professional records a student's entry. */
export const saveLiveAttendance = action('save-live-attendance', {
  input: z.object({ lessonId: Ref, userId: Ref }),
  output: ok({
    studentName: z.string(),
    lessonTitle: z.string(),
    courseTitle: z.string(),
    alreadyRecorded: z.boolean(),
  }),
  errors: learningErrors,
});

/** professional/{ref}: the professional's published courses (not paused), for visitors too. */
export const findProfessionalWorkshops = action('find-professional-workshops', {
  input: z.object({ ref: Ref }),
  output: ok({ workshops: z.array(PublicWorkshop) }),
  errors: learningErrors,
});

/** The records side (clients/{ref}): the contact's courses with this professional. */
export const findContactWorkshops = action('find-contact-workshops', {
  input: z.object({ ref: Ref }),
  output: ok({ workshops: z.array(ContactWorkshop) }),
  errors: learningErrors,
});
