import { z } from 'zod';
import { ok } from './action.ts';
import { publicationLimits } from './constants/catalogue.ts';
import { recordFileLimits } from './constants/clinical.ts';
import { contactImageLimits } from './constants/contacts.ts';
import { courseLimits } from './constants/courses.ts';
import { certificateLimits, profileImageKinds, profileImageLimits } from './constants/profile.ts';
import { imitationRoutes } from './imitation-routes.ts';
import { Lang, langOnly, ref, route, text } from './route-def.ts';
import {
  avatarUploadErrors,
  chatAttachmentErrors,
  contactImageErrors,
  fileNotFound,
  profileImageErrors,
  recordFileUploadErrors,
  userCertificateErrors,
} from './route-errors.ts';
import { AvatarUploadResult, avatarLimits } from './shapes/accounts.ts';
import { PublicationImageUploadResult, publicationImageErrors } from './shapes/catalogue.ts';
import { ChatMessage, chatAttachmentMaxBytes, chatMessageMaxLength } from './shapes/chat.ts';
import { RecordFileUploadResult } from './shapes/clinical.ts';
import { lessonFileErrors, workshopCoverErrors } from './shapes/courses.ts';

export { imitationRoutes } from './imitation-routes.ts';
export type { MultipartSpec, RouteAnswer, RouteDef, RouteOnly } from './route-def.ts';
export * from './route-errors.ts';

const imageForm = (maxBytes: number) => ({
  files: ['image'],
  maxBytes,
  maxFiles: 1,
  codes: { notMultipart: 'E400', tooLarge: 'E413', tooMany: 'E400', unreadable: 'E400' },
});
const refAndImage = z.object({ ref: ref('E7'), userLang: Lang });

const recordUpload = {
  method: 'POST',
  policy: 'professional:contactsClinic',
  fields: z.object({ consId: text, ref: text, userLang: Lang }),
  multipart: {
    files: ['images[]', 'images'],
    maxBytes: recordFileLimits.maxBytes,
    maxFiles: recordFileLimits.maxFiles,
    codes: { notMultipart: 'E5', tooLarge: 'E3', tooMany: 'E2', unreadable: 'E7' },
  },
  answer: 'json',
  output: RecordFileUploadResult,
  errors: recordFileUploadErrors,
} as const;

/**
 * Every HTTP entry of the server that is not an action, with its access policy, its inputs and
 * its answer: one table answers "who may call this" (ARCHITECTURE §3). The server refuses to start
 * when a route it registers is missing here, or one listed here is not registered.
 */
/** A private file's bytes: missing, or not the caller's, answers the same 404. */
const privateFile = { answer: 'file', errors: { E404: fileNotFound }, refusedAs: 'E404' } as const;
/** A spreadsheet an export wrote, fetched by its file name. */
const exportFile = {
  params: z.object({ name: z.string().max(200) }),
  answer: 'file',
  errors: { E404: { es: 'Archivo no encontrado.', en: 'File not found.', status: 404 } },
} as const;
const unknownProvider = {
  es: 'No trabajamos con ese proveedor de pagos.',
  en: 'Unknown payment provider.',
  status: 404,
};

export const routes = {
  /** The action dispatcher: each action declares its own policy in its handler. */
  rpc: route('rpc', { method: 'POST', path: '/index.php', policy: 'public', answer: 'json' }),
  /**
   * The real-time channel (issue 17): a WebSocket upgrade whose session token comes as a
   * subprotocol (realtime/channel.ts), refused before the upgrade without a live session. Any
   * session, team sessions too ('participant'): what each socket hears is decided per event.
   */
  realtime: route('realtime', { method: 'GET', path: '/ws', policy: 'participant', answer: 'websocket' }),
  healthz: route('healthz', {
    method: 'GET',
    path: '/healthz',
    policy: 'public',
    answer: 'json',
    output: ok({}),
  }),
  /** Public uploads (avatars, service images, course covers): re-encoded copies only. */
  publicFiles: route('public-files', { method: 'GET', path: '/files/', policy: 'public', answer: 'static' }),
  /** The built web app's files (its pages are the not-found handler's history fallback). */
  webApp: route('web-app', { method: 'GET', path: '/', policy: 'public', answer: 'static' }),

  uploadAvatar: route('upload-avatar', {
    method: 'POST',
    path: '/upload/avatar',
    policy: 'signed-in',
    fields: langOnly,
    multipart: imageForm(avatarLimits.maxBytes),
    answer: 'json',
    output: AvatarUploadResult,
    errors: avatarUploadErrors,
  }),
  /**
   * spec 000 §2.2 change-logo-square, change-logo-rectangle, change-sign (issue 18): re-encoded
   * copies only; the logos land in the public folder, the signature in the private one.
   */
  uploadProfileImage: route('upload-profile-image', {
    method: 'POST',
    path: '/upload/profile-image',
    policy: 'professional',
    fields: z.object({ kind: z.enum(profileImageKinds, 'E416'), userLang: Lang }),
    multipart: imageForm(profileImageLimits.maxBytes),
    answer: 'json',
    output: ok({ kind: z.enum(profileImageKinds), img: z.string() }),
    errors: profileImageErrors,
  }),
  /** The signature's bytes, to its owner only (an <img> cannot send the header; the app fetches). */
  profileSign: route('profile-sign', {
    method: 'GET',
    path: '/profile-files/sign',
    policy: 'professional',
    ...privateFile,
  }),
  /** change-user-certificate: an image (re-encoded) or a PDF, with the title the page shows. */
  uploadUserCertificate: route('upload-user-certificate', {
    method: 'POST',
    path: '/upload/user-certificate',
    policy: 'professional',
    fields: z.object({
      title: z
        .string({ error: 'E420' })
        .trim()
        .min(1, 'E420')
        .min(certificateLimits.titleMin, 'E421')
        .max(certificateLimits.titleMax, 'E421')
        .regex(/^[^<>]*$/, 'E422'),
      userLang: Lang,
    }),
    multipart: {
      files: ['file'],
      maxBytes: certificateLimits.maxBytes,
      maxFiles: 1,
      codes: { notMultipart: 'E400', tooLarge: 'E413', tooMany: 'E400', unreadable: 'E400' },
    },
    answer: 'json',
    output: ok({
      certificate: z.object({ link: z.string(), kind: z.enum(['image', 'pdf']), title: z.string() }),
    }),
    errors: userCertificateErrors,
  }),
  uploadPublicationImage: route('upload-publication-image', {
    method: 'POST',
    path: '/upload/publication-image',
    policy: 'professional',
    fields: refAndImage,
    multipart: imageForm(publicationLimits.maxImageBytes),
    answer: 'json',
    output: PublicationImageUploadResult,
    errors: { E400: avatarUploadErrors.E400, ...publicationImageErrors },
  }),
  uploadWorkshopCover: route('upload-workshop-cover', {
    method: 'POST',
    path: '/upload/workshop-cover',
    policy: 'professional',
    fields: refAndImage,
    multipart: imageForm(publicationLimits.maxImageBytes),
    answer: 'json',
    output: ok({ cover: z.string() }),
    errors: { E400: avatarUploadErrors.E400, ...workshopCoverErrors },
  }),
  uploadLessonFile: route('upload-lesson-file', {
    method: 'POST',
    path: '/upload/lesson-file',
    policy: 'professional',
    fields: z.object({ ref: ref('E7'), kind: z.enum(['pdf', 'video'], 'E7'), userLang: Lang }),
    multipart: {
      files: ['file'],
      maxBytes: courseLimits.lessonVideoMaxBytes,
      maxFiles: 1,
      codes: { notMultipart: 'E400', tooLarge: 'E413', tooMany: 'E400', unreadable: 'E400' },
    },
    answer: 'json',
    output: ok({ fileName: z.string() }),
    errors: {
      E400: { es: 'Debes elegir un archivo.', en: 'Choose a file.', field: 'file' },
      ...lessonFileErrors,
    },
  }),
  /**
   * spec 001 §7 File upload: multipart field images[] with the contact's ref in `consId`. The
   * spec's paths are kept (treatments share the consents path) and also answer under /upload/.
   */
  uploadStudiesFiles: route('upload-studies-files', {
    ...recordUpload,
    path: '/upload-studies-files',
    aliases: [
      '/upload-studies-files.php',
      '/upload/upload-studies-files',
      '/upload/upload-studies-files.php',
    ],
  }),
  uploadConsentFiles: route('upload-consent-files', {
    ...recordUpload,
    path: '/upload-consent-files.php',
    aliases: ['/upload/upload-consent-files.php'],
  }),
  uploadVaccinesFiles: route('upload-vaccines-files', {
    ...recordUpload,
    path: '/upload-vaccines-files.php',
    aliases: ['/upload/upload-vaccines-files.php'],
  }),
  /**
   * issue 17: a chat message with an image (jpeg/png/webp, re-encoded) or a PDF, and an optional
   * text. Either party of the conversation (or a team session with contactsChat on the
   * professional's side); anyone else gets the conversation's 404.
   */
  uploadChatAttachment: route('upload-chat-attachment', {
    method: 'POST',
    path: '/upload/chat-attachment',
    policy: 'participant',
    fields: z.object({
      ref: ref('E404'),
      text: z.string().trim().max(chatMessageMaxLength, 'E3').default(''),
      userLang: Lang,
    }),
    multipart: {
      files: ['file'],
      maxBytes: chatAttachmentMaxBytes,
      maxFiles: 1,
      codes: { notMultipart: 'E400', tooLarge: 'E413', tooMany: 'E400', unreadable: 'E400' },
    },
    answer: 'json',
    output: ok({ message: ChatMessage }),
    errors: chatAttachmentErrors,
  }),
  /** A chat attachment's bytes, with the Bearer header, to the conversation's parties only. */
  chatFile: route('chat-file', {
    method: 'GET',
    path: '/chat-files/:ref',
    policy: 'participant',
    params: z.object({ ref: ref('E404') }),
    ...privateFile,
  }),
  /** A clinical file's bytes, with the Bearer header (an <img> cannot send it; the app fetches). */
  recordFile: route('record-file', {
    method: 'GET',
    path: '/record-files/:ref/:variant',
    policy: 'professional:contactsClinic',
    params: z.object({ ref: ref('E1'), variant: z.enum(['file', 'large'], 'E1') }),
    ...privateFile,
  }),
  /**
   * spec 001 §4 billLink 'Ver Factura' (issue 15): an issued invoice's PDF, only to the account
   * that issued it (a team member with 'invoice'); anyone else gets the same 404 as no invoice.
   */
  invoicePdf: route('invoice-pdf', {
    method: 'GET',
    path: '/invoice-files/:ref',
    policy: 'professional:invoice',
    params: z.object({ ref: ref('E1') }),
    ...privateFile,
  }),
  /** spec 001 §2.2 userImg: the contact's picture (personal data, private to its owner). */
  uploadContactImage: route('upload-contact-image', {
    method: 'POST',
    path: '/upload/contact-image',
    policy: 'professional:contactsInfo',
    fields: z.object({ ref: text, userLang: Lang }),
    multipart: imageForm(contactImageLimits.maxBytes),
    answer: 'json',
    output: ok({ userImg: z.string() }),
    errors: contactImageErrors,
  }),
  contactImage: route('contact-image', {
    method: 'GET',
    path: '/files/contact-image/:contactRef',
    policy: 'professional:contactsInfo',
    params: z.object({ contactRef: ref('E1') }),
    answer: 'file',
    errors: { E404: contactImageErrors.E404 },
    refusedAs: 'E404',
  }),
  /** The spreadsheet of download-excel-contacts, to its owner only. */
  contactsExport: route('contacts-export', {
    method: 'GET',
    path: '/files/contacts-export/:name',
    policy: 'professional:contactsInfo',
    ...exportFile,
  }),
  /** The spreadsheet of find-billing-all with export true (spec 001 §6: billingExport). */
  billingExport: route('billing-export', {
    method: 'GET',
    path: '/files/billing-export/:name',
    policy: 'professional:billingExport',
    ...exportFile,
  }),
  /** The signed, short-lived link of find-lesson-data-workshop: the signature is the credential. */
  lessonFile: route('lesson-file', {
    method: 'GET',
    path: '/lesson-files/:ref/:kind',
    policy: 'public',
    params: z.object({ ref: ref('E1'), kind: z.enum(['pdf', 'video'], 'E1') }),
    query: z.object({
      exp: z.string().optional(),
      sig: z.string().optional(),
      download: z.string().optional(),
      userLang: Lang,
      lang: Lang,
    }),
    answer: 'file',
    errors: {
      E403: {
        es: 'El enlace de la clase venció. Vuelve a abrir la clase.',
        en: 'The lesson link has expired. Open the lesson again.',
      },
      E404: fileNotFound,
    },
  }),
  /** The private ICS feed: calendar apps cannot send a header, so the secret file name is the key. */
  calendarFeed: route('calendar-feed', {
    method: 'GET',
    path: '/calendar/:file',
    policy: 'public',
    params: z.object({ file: z.string().max(200) }),
    answer: 'file',
    errors: { E404: { es: 'No encontrado', en: 'Not found', status: 404 } },
  }),
  /** Short links of mails and messages; only paths of this site are targets. */
  shortLink: route('short-link', {
    method: 'GET',
    path: '/go/:ref',
    policy: 'public',
    params: z.object({ ref: z.string() }),
    answer: 'redirect',
  }),
  /** Payment providers' notifications: each provider's signature is checked by its adapter. */
  paymentWebhook: route('payment-webhook', {
    method: 'POST',
    path: '/webhooks/payments/:provider',
    policy: 'public',
    params: z.object({ provider: z.string() }),
    answer: 'json',
    output: ok({ result: z.string() }),
    errors: { E404: unknownProvider },
  }),
  /**
   * Notifications for a professional's own gateway account (their keys): `account` is the public
   * ref of the keys the checkout was made with, and the adapter over those keys checks them.
   */
  paymentAccountWebhook: route('payment-account-webhook', {
    method: 'POST',
    path: '/webhooks/payments/:provider/:account',
    policy: 'public',
    params: z.object({ provider: z.string(), account: z.string().max(64) }),
    answer: 'json',
    output: ok({ result: z.string() }),
    errors: { E404: unknownProvider },
  }),
  /** Stripe's notifications about the plan's card (issue 16); the signature is checked by the adapter. */
  planCardWebhook: route('plan-card-webhook', {
    method: 'POST',
    path: '/webhooks/plan-cards/stripe',
    policy: 'public',
    answer: 'json',
    output: ok({ result: z.string() }),
  }),
  /** The provider's return step (PayPal captures the approved order here), then the app's page. */
  paymentReturn: route('payment-return', {
    method: 'GET',
    path: '/payments/return/:provider/:ref',
    policy: 'public',
    params: z.object({ provider: z.string(), ref: z.string() }),
    answer: 'redirect',
    errors: { E404: { es: 'No encontramos ese pago.', en: 'Payment not found.', status: 404 } },
  }),
  /**
   * Issue 18: the OAuth provider (Google, Microsoft, Zoom, or their imitation) sends the browser
   * back here with `code` and `state`; the state, single use, names whose link this is.
   */
  calendarLinkCallback: route('calendar-link-callback', {
    method: 'GET',
    path: '/calendar-link/callback/:provider',
    policy: 'public',
    params: z.object({ provider: z.enum(['google', 'outlook', 'zoom']) }),
    query: z.object({
      code: z.string().max(2000).optional(),
      state: z.string().max(200).optional(),
      error: z.string().max(200).optional(),
    }),
    answer: 'redirect',
  }),
  ...imitationRoutes,
};
export type Routes = typeof routes;
export type RouteName = keyof Routes;
