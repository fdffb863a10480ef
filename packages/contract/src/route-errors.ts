import type { ErrorCatalogue } from './action.ts';
import { uploadMessages } from './constants/clinical.ts';
import { certificateLimits } from './constants/profile.ts';
import { chatErrors } from './shapes/chat.ts';

/** The error catalogues of the route table (routes.ts) that the web app and the tests name too. */

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

/** A private file that is missing or not the caller's: the same 404 either way. */
export const fileNotFound = { es: 'No encontramos el archivo.', en: 'File not found.', status: 404 };

/** An uploaded image (field `image`) too large or of another type: every image route refuses these. */
export const imageFileErrors = {
  E413: { es: 'La imagen no puede superar los 5 MB.', en: 'The image cannot exceed 5 MB.', field: 'image' },
  E415: {
    es: 'La imagen debe ser JPG, PNG o WEBP.',
    en: 'The image must be a JPG, PNG or WEBP file.',
    field: 'image',
  },
} satisfies ErrorCatalogue;

export const avatarUploadErrors = {
  E400: { es: 'Debes elegir una imagen.', en: 'Choose an image.', field: 'image' },
  ...imageFileErrors,
} satisfies ErrorCatalogue;

export const contactImageErrors = {
  ...avatarUploadErrors,
  E7: { es: 'No pudimos leer la imagen.', en: 'We could not read the image.', field: 'image' },
  E404: { es: 'No encontramos el consultante.', en: 'Contact not found.', status: 404 },
} satisfies ErrorCatalogue;

const chooseFile = { es: 'Debes elegir un archivo.', en: 'Choose a file.', field: 'file' };
const fileOver10Mb = {
  es: 'El archivo no puede superar los 10 MB.',
  en: 'The file cannot exceed 10 MB.',
  field: 'file',
};

/** issue 17: the chat attachment's refusals (the web shows them under the composer). */
export const chatAttachmentErrors = {
  E400: chooseFile,
  // A refused file is bad input like any other (the composer shows it under the clip).
  E413: { ...fileOver10Mb, status: 400 },
  E415: {
    es: 'El archivo debe ser una imagen JPG, PNG o WEBP, o un PDF.',
    en: 'The file must be a JPG, PNG or WEBP image, or a PDF.',
    field: 'file',
    status: 400,
  },
  E7: { es: 'No pudimos leer la imagen.', en: 'We could not read the image.', field: 'file' },
  E3: chatErrors.E3,
  E404: chatErrors.E404,
} satisfies ErrorCatalogue;

/** spec 000 §2.2 change-logo-square, change-logo-rectangle, change-sign (issue 18). */
export const profileImageErrors = {
  ...avatarUploadErrors,
  E7: avatarUploadErrors.E415,
  E403: {
    es: 'Solo un profesional puede cambiar estas imágenes.',
    en: 'Only a professional can change these images.',
    status: 403,
  },
  E416: { es: 'No sabemos qué imagen quieres cambiar.', en: 'Unknown image kind.', field: 'kind' },
} satisfies ErrorCatalogue;

/** change-user-certificate: the file and the title the public page shows. */
export const userCertificateErrors = {
  E400: chooseFile,
  E403: {
    es: 'Solo un profesional puede subir un certificado.',
    en: 'Only a professional can upload a certificate.',
    status: 403,
  },
  E413: fileOver10Mb,
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
} satisfies ErrorCatalogue;
