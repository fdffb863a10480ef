import { z } from 'zod';

/**
 * The versions of the legal texts in force: the date each was last changed, as the pages show it
 * ('Última actualización'). Registration records acceptance of these; a change here makes the
 * privacy screen ask signed-in people to accept the new version.
 */
export const LEGAL_VERSIONS = { terms: '2026-11-28', privacy: '2026-11-28' } as const;
export const LegalDocumentKind = z.enum(['terms', 'privacy']);

/**
 * Ley 26.529 art. 18: the clinical record is kept for at least ten years from the last entry.
 * A closed account's clinical entries are kept (unreadable to anyone but the law) for this long.
 */
export const CLINICAL_RETENTION_YEARS = 10;

/** The text a person types to confirm closing their account. */
export const DELETION_CONFIRM_WORD = 'ELIMINAR';

export const legalVersionErrors = {
  E52: {
    es: 'Los términos y condiciones cambiaron. Recarga la página para leer la versión vigente.',
    en: 'The terms changed. Reload the page to read the version in force.',
  },
};

export const LegalAcceptance = z.object({
  document: LegalDocumentKind,
  version: z.string(),
  acceptedAt: z.string(),
});
