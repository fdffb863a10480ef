import { courseMissingText, ownerMustBuyBadge, periodExpiredText } from '@agendo/contract';
import { defineTexts } from '../../i18n/use-texts.ts';

// The spec's own strings come from the contract (verbatim, one copy); the rest are ours.
/**
 * The course page's own texts, apart from the rest of the courses feature's (courses-texts.ts
 * merges both): a module is bundled whole, so the page's first load carries only these (issue 13).
 */
export const coursePageTexts = defineTexts(
  {
    loading: 'Cargando el curso…',
    // spec 000 §8, 001 §8
    notFound: courseMissingText,
    by: 'Dictado por {name}',
    modules: 'Contenido del curso',
    lessonsCount: '{n} clases',
    progress: 'Tu progreso: {done} de {total} clases ({percent} %)',
    start: 'Empezar',
    continue: 'Continuar',
    locked: 'Bloqueado',
    pendingPayment: 'Pago pendiente: el profesional lo confirmará',
    ownerBadge: ownerMustBuyBadge,
    ownerView: 'Estás viendo tu propio curso.',
    edit: 'Editar curso',
    preview: 'Vista previa',
    periodExpired: periodExpiredText,
    periodExpiredText: 'Tu período de acceso terminó. Vuelve a contratar para seguir aprendiendo.',
    recontract: 'Volver a contratar',
    paused: 'La publicación se encuentra pausada',
    community: 'Unirme a la comunidad',
    certificateOn: 'Incluye certificado al completar el curso',
    limitText: 'Acceso por {days} días desde la contratación',
    noModules: 'Este curso todavía no tiene módulos.',
    done: 'Realizada',
    searchCourses: 'Buscar cursos',
  },
  {
    loading: 'Loading the course…',
    notFound: 'Course not found.',
    by: 'By {name}',
    modules: 'Course content',
    lessonsCount: '{n} lessons',
    progress: 'Your progress: {done} of {total} lessons ({percent} %)',
    start: 'Start',
    continue: 'Continue',
    locked: 'Locked',
    pendingPayment: 'Payment pending: the professional will confirm it',
    ownerBadge: 'Users must buy this module',
    ownerView: 'You are viewing your own course.',
    edit: 'Edit course',
    preview: 'Preview',
    periodExpired: 'PERIOD EXPIRED',
    periodExpiredText: 'Your access period ended. Buy again to keep learning.',
    recontract: 'Buy again',
    paused: 'This publication is paused',
    community: 'Join the community',
    certificateOn: 'Includes a certificate when you complete the course',
    limitText: 'Access for {days} days from purchase',
    noModules: 'This course has no modules yet.',
    done: 'Done',
    searchCourses: 'Find courses',
  },
);
