import { z } from 'zod';
import { type ErrorCatalogue, ok } from './action.ts';
import { publicationLimits } from './constants/catalogue.ts';
import { recordFileLimits, uploadMessages } from './constants/clinical.ts';
import { contactImageLimits } from './constants/contacts.ts';
import { courseLimits } from './constants/courses.ts';
import { certificateLimits, profileImageKinds, profileImageLimits } from './constants/profile.ts';
import type { Policy } from './policy.ts';
import { AvatarUploadResult, avatarLimits } from './shapes/accounts.ts';
import { PublicationImageUploadResult, publicationImageErrors } from './shapes/catalogue.ts';
import { ChatMessage, chatAttachmentMaxBytes, chatMessageMaxLength } from './shapes/chat.ts';
import { RecordFileUploadResult } from './shapes/clinical.ts';
import { lessonFileErrors, workshopCoverErrors } from './shapes/courses.ts';

/**
 * What a route answers: JSON checked against `output`; a file or feed (bytes with their own
 * type); a redirect; an HTML page; or files served by the static plugin (`static`, whose path is
 * the folder mounted); or a WebSocket upgrade.
 */
export type RouteAnswer = 'json' | 'file' | 'redirect' | 'html' | 'static' | 'websocket';

/**
 * A multipart body: the file fields it reads (at most `maxBytes` each, `maxFiles` in all) and the
 * codes of its own catalogue for a body that is not a form, a file too large, too many files, or
 * a form that cannot be read.
 */
export interface MultipartSpec {
  files: readonly string[];
  maxBytes: number;
  maxFiles: number;
  codes: { notMultipart: string; tooLarge: string; tooMany: string; unreadable: string };
}

export interface RouteDef<
  N extends string = string,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  F extends z.ZodType = z.ZodType,
  Pol extends Policy = Policy,
  O extends z.ZodType | null = z.ZodType | null,
> {
  name: N;
  /** PUT, DELETE and REPORT (RFC 4791) only for the provider imitations' APIs. */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'REPORT';
  /** Fastify's syntax (`/record-files/:ref/:variant`); `aliases` answer exactly the same. */
  path: string;
  aliases: readonly string[];
  policy: Pol;
  params: P;
  query: Q;
  /** The multipart form's text fields (empty for routes without a form). */
  fields: F;
  multipart: MultipartSpec | null;
  answer: RouteAnswer;
  output: O;
  errors: ErrorCatalogue;
  /**
   * A private file route answers a refused policy as this code (404) instead of 401/403, so a
   * link tells nothing to whoever may not open it. The policy itself is the same as everywhere.
   */
  refusedAs?: string;
  /** Registered outside production only (the development mailbox). */
  devOnly?: boolean;
}

const none = z.object({});
const RefText = /^[A-Za-z0-9_-]{8,64}$/;
/** A record's ref in a form or a path; a malformed one answers like an unknown one (`code`). */
const ref = (code: string) => z.string().regex(RefText, code);
/** A form field the handler checks itself (an unknown contact is audited before it is refused). */
const text = z.string().default('');
/** The caller's language for error messages, in the query or the form (as in the JSON envelope). */
const Lang = z.enum(['es', 'en']).optional();
const langOnly = z.object({ userLang: Lang, lang: Lang });

function route<
  const N extends string,
  const Pol extends Policy,
  P extends z.ZodType = typeof none,
  Q extends z.ZodType = typeof langOnly,
  F extends z.ZodType = typeof none,
  O extends z.ZodType | null = null,
>(
  name: N,
  def: {
    method: RouteDef['method'];
    path: string;
    aliases?: readonly string[];
    policy: Pol;
    params?: P;
    query?: Q;
    fields?: F;
    multipart?: MultipartSpec;
    answer: RouteAnswer;
    output?: O;
    errors?: ErrorCatalogue;
    refusedAs?: string;
    devOnly?: boolean;
  },
): RouteDef<N, P, Q, F, Pol, O> {
  return {
    name,
    method: def.method,
    path: def.path,
    aliases: def.aliases ?? [],
    policy: def.policy,
    params: (def.params ?? none) as P,
    query: (def.query ?? langOnly) as Q,
    fields: (def.fields ?? none) as F,
    multipart: def.multipart ?? null,
    answer: def.answer,
    output: (def.output ?? null) as O,
    errors: def.errors ?? {},
    ...(def.refusedAs ? { refusedAs: def.refusedAs } : {}),
    ...(def.devOnly ? { devOnly: true } : {}),
  };
}

const imageForm = (maxBytes: number) => ({
  files: ['image'],
  maxBytes,
  maxFiles: 1,
  codes: { notMultipart: 'E400', tooLarge: 'E413', tooMany: 'E400', unreadable: 'E400' },
});
const refAndImage = z.object({ ref: ref('E7'), userLang: Lang });

/** spec 001 §8 Upload: the upload toasts' texts, verbatim, and English ones. */
function recordUploadError(code: string) {
  return { es: uploadMessages.failed(code), en: `There was an error uploading the files (${code})` };
}
export const recordFileUploadErrors = {
  E2: { es: uploadMessages.tooMany, en: 'You can upload up to 7 files' },
  E3: { es: uploadMessages.tooLarge, en: 'Files cannot be larger than 7 MB' },
  E4: recordUploadError('E4'),
  E5: recordUploadError('E5'),
  E6: recordUploadError('E6'),
  E7: recordUploadError('E7'),
} satisfies ErrorCatalogue;

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

const fileNotFound = { es: 'No encontramos el archivo.', en: 'File not found.', status: 404 };

export const avatarUploadErrors = {
  E400: { es: 'Debes elegir una imagen.', en: 'Choose an image.', field: 'image' },
  E413: { es: 'La imagen no puede superar los 5 MB.', en: 'The image cannot exceed 5 MB.', field: 'image' },
  E415: {
    es: 'La imagen debe ser JPG, PNG o WEBP.',
    en: 'The image must be a JPG, PNG or WEBP file.',
    field: 'image',
  },
} satisfies ErrorCatalogue;

export const contactImageErrors = {
  ...avatarUploadErrors,
  E7: { es: 'No pudimos leer la imagen.', en: 'We could not read the image.', field: 'image' },
  E404: { es: 'No encontramos el consultante.', en: 'Contact not found.', status: 404 },
} satisfies ErrorCatalogue;

/** issue 17: the chat attachment's refusals (the web shows them under the composer). */
export const chatAttachmentErrors = {
  E400: { es: 'Debes elegir un archivo.', en: 'Choose a file.', field: 'file' },
  E413: {
    es: 'El archivo no puede superar los 10 MB.',
    en: 'The file cannot exceed 10 MB.',
    field: 'file',
    // A refused file is bad input like any other (the composer shows it under the clip).
    status: 400,
  },
  E415: {
    es: 'El archivo debe ser una imagen JPG, PNG o WEBP, o un PDF.',
    en: 'The file must be a JPG, PNG or WEBP image, or a PDF.',
    field: 'file',
    status: 400,
  },
  E7: { es: 'No pudimos leer la imagen.', en: 'We could not read the image.', field: 'file' },
  E3: {
    es: `El mensaje puede tener hasta ${chatMessageMaxLength} caracteres.`,
    en: `A message can have up to ${chatMessageMaxLength} characters.`,
    field: 'text',
  },
  E404: { es: 'No encontramos la conversación.', en: 'Conversation not found.', status: 404 },
} satisfies ErrorCatalogue;

/**
 * Every HTTP entry of the server that is not an action, with its access policy, its inputs and
 * its answer: one table answers "who may call this" (ARCHITECTURE §3). The server refuses to start
 * when a route it registers is missing here, or one listed here is not registered.
 */
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
    errors: {
      ...avatarUploadErrors,
      E7: avatarUploadErrors.E415,
      E403: {
        es: 'Solo un profesional puede cambiar estas imágenes.',
        en: 'Only a professional can change these images.',
        status: 403,
      },
      E416: { es: 'No sabemos qué imagen quieres cambiar.', en: 'Unknown image kind.', field: 'kind' },
    },
  }),
  /** The signature's bytes, to its owner only (an <img> cannot send the header; the app fetches). */
  profileSign: route('profile-sign', {
    method: 'GET',
    path: '/profile-files/sign',
    policy: 'professional',
    answer: 'file',
    errors: { E404: fileNotFound },
    refusedAs: 'E404',
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
    errors: {
      E400: { es: 'Debes elegir un archivo.', en: 'Choose a file.', field: 'file' },
      E403: {
        es: 'Solo un profesional puede subir un certificado.',
        en: 'Only a professional can upload a certificate.',
        status: 403,
      },
      E413: {
        es: 'El archivo no puede superar los 10 MB.',
        en: 'The file cannot exceed 10 MB.',
        field: 'file',
      },
      E415: {
        es: 'El certificado debe ser una imagen JPG, PNG o WEBP, o un PDF.',
        en: 'The certificate must be a JPG, PNG or WEBP image, or a PDF.',
        field: 'file',
      },
      E420: {
        es: 'Debes ingresar el título del certificado.',
        en: 'Enter the certificate title.',
        field: 'title',
      },
      E421: {
        es: `El título del certificado debe tener entre ${certificateLimits.titleMin} y ${certificateLimits.titleMax} caracteres.`,
        en: `The certificate title must have ${certificateLimits.titleMin} to ${certificateLimits.titleMax} characters.`,
        field: 'title',
      },
      E422: {
        es: 'El título del certificado no puede contener los signos < y >.',
        en: 'The certificate title cannot contain < or >.',
        field: 'title',
      },
    },
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
    answer: 'file',
    errors: { E404: fileNotFound },
    refusedAs: 'E404',
  }),
  /** A clinical file's bytes, with the Bearer header (an <img> cannot send it; the app fetches). */
  recordFile: route('record-file', {
    method: 'GET',
    path: '/record-files/:ref/:variant',
    policy: 'professional:contactsClinic',
    params: z.object({ ref: ref('E1'), variant: z.enum(['file', 'large'], 'E1') }),
    answer: 'file',
    errors: { E404: fileNotFound },
    refusedAs: 'E404',
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
    answer: 'file',
    errors: { E404: fileNotFound },
    refusedAs: 'E404',
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
    params: z.object({ name: z.string().max(200) }),
    answer: 'file',
    errors: { E404: { es: 'Archivo no encontrado.', en: 'File not found.', status: 404 } },
  }),
  /** The spreadsheet of find-billing-all with export true (spec 001 §6: billingExport). */
  billingExport: route('billing-export', {
    method: 'GET',
    path: '/files/billing-export/:name',
    policy: 'professional:billingExport',
    params: z.object({ name: z.string().max(200) }),
    answer: 'file',
    errors: { E404: { es: 'Archivo no encontrado.', en: 'File not found.', status: 404 } },
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
    errors: {
      E404: { es: 'No trabajamos con ese proveedor de pagos.', en: 'Unknown payment provider.', status: 404 },
    },
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
    errors: {
      E404: { es: 'No trabajamos con ese proveedor de pagos.', en: 'Unknown payment provider.', status: 404 },
    },
  }),
  /** Stripe's notifications about the plan's card (issue 16); the signature is checked by the adapter. */
  planCardWebhook: route('plan-card-webhook', {
    method: 'POST',
    path: '/webhooks/plan-cards/stripe',
    policy: 'public',
    answer: 'json',
    output: ok({ result: z.string() }),
  }),
  /** The plan-card imitation's hosted setup page (Stripe Checkout in setup mode), outside production. */
  sandboxPlanCardPage: route('sandbox-plan-card-page', {
    method: 'GET',
    path: '/sandbox-plan-card/stripe/:session',
    policy: 'public',
    params: z.object({ session: z.string().max(100) }),
    answer: 'html',
  }),
  sandboxPlanCardSubmit: route('sandbox-plan-card-submit', {
    method: 'POST',
    path: '/sandbox-plan-card/stripe/:session',
    policy: 'public',
    params: z.object({ session: z.string().max(100) }),
    answer: 'html',
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
  /** The sandbox provider's hosted checkout (an imitation of a real provider's pages). */
  sandboxReturnScript: route('sandbox-return-script', {
    method: 'GET',
    path: '/sandbox-checkout/return.js',
    policy: 'public',
    answer: 'file',
  }),
  sandboxCheckoutPage: route('sandbox-checkout-page', {
    method: 'GET',
    path: '/sandbox-checkout/:provider/:ref',
    policy: 'public',
    params: z.object({ provider: z.string(), ref: z.string() }),
    answer: 'html',
  }),
  sandboxCheckoutPay: route('sandbox-checkout-pay', {
    method: 'POST',
    path: '/sandbox-checkout/:provider/:ref',
    policy: 'public',
    params: z.object({ provider: z.string(), ref: z.string() }),
    answer: 'html',
  }),
  /** The outbox as a mailbox, for development and tests; never registered in production. */
  devMailbox: route('dev-mailbox', {
    method: 'GET',
    path: '/dev/mailbox',
    policy: 'public',
    query: z.object({ to: z.string().optional() }),
    answer: 'html',
    devOnly: true,
  }),
  devMail: route('dev-mail', {
    method: 'GET',
    path: '/dev/mailbox/:ref',
    policy: 'public',
    params: z.object({ ref: z.string() }),
    answer: 'html',
    devOnly: true,
  }),
  devMailAttachment: route('dev-mail-attachment', {
    method: 'GET',
    path: '/dev/mailbox/:ref/attachments/:index',
    policy: 'public',
    params: z.object({ ref: z.string(), index: z.coerce.number().int().min(0) }),
    answer: 'file',
    devOnly: true,
    errors: { E404: { es: 'No encontramos ese adjunto.', en: 'Attachment not found.', status: 404 } },
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
  /**
   * The offline imitation of Google Calendar, Microsoft Graph, Zoom and CalDAV (issue 18, ADR 018):
   * their APIs as the real adapters call them, an OAuth consent page, and a calendar page to add
   * busy events. Never registered in production.
   */
  ...(Object.fromEntries(
    (['GET', 'POST', 'PUT', 'DELETE', 'REPORT'] as const).map((method) => [
      `providerImitation${method}`,
      route(`provider-imitation-${method.toLowerCase()}`, {
        method,
        path: '/imitation/*',
        policy: 'public',
        params: z.object({ '*': z.string() }),
        query: z.record(z.string(), z.string()),
        answer: method === 'GET' ? 'html' : 'json',
        devOnly: true,
      }),
    ]),
  ) as Record<
    `providerImitation${'GET' | 'POST' | 'PUT' | 'DELETE' | 'REPORT'}`,
    RouteDef<
      string,
      z.ZodObject<{ '*': z.ZodString }>,
      z.ZodRecord<z.ZodString, z.ZodString>,
      typeof none,
      'public',
      null
    >
  >),
};
export type Routes = typeof routes;
export type RouteName = keyof Routes;
