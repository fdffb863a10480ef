/** spec 000 §2.2 and §3: the language flags of a publication and of the search filters. */
export const languageKeys = ['langEs', 'langEn', 'langPo', 'langFr', 'langIt', 'langAl'] as const;
export type LanguageKey = (typeof languageKeys)[number];
export const languageNames: Record<LanguageKey, { es: string; en: string }> = {
  langEs: { es: 'Español', en: 'Spanish' },
  langEn: { es: 'Inglés', en: 'English' },
  langPo: { es: 'Portugués', en: 'Portuguese' },
  langFr: { es: 'Francés', en: 'French' },
  langIt: { es: 'Italiano', en: 'Italian' },
  langAl: { es: 'Alemán', en: 'German' },
};
