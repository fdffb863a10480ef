import { lazy } from './lazy.ts';

/**
 * The big libraries, imported on first use rather than at start (issue 13: together they were
 * most of the 5–12 s to the first answer and ~100 MiB of the resident memory). Each call site
 * awaits its loader where it needs the library; after the first call it is a resolved promise.
 */
export const loadSharp = lazy(async () => (await import('sharp')).default);
export const loadPdfDocument = lazy(async () => (await import('pdfkit')).default);
export const loadQrCode = lazy(async () => (await import('qrcode')).default);
export const loadExcel = lazy(async () => (await import('exceljs')).default);
export const loadFileTypeFromBuffer = lazy(async () => (await import('file-type')).fileTypeFromBuffer);
export const loadFileTypeFromFile = lazy(async () => (await import('file-type')).fileTypeFromFile);
