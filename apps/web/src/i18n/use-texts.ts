import type { Language } from '@agendo/contract';
import { useCallback } from 'react';
import { useLang } from './use-t.ts';

/**
 * A feature's own dictionary: Spanish first (spec strings verbatim), English with the same
 * keys. Keeping each feature's text next to it avoids one ever-growing shared file.
 */
export function defineTexts<const E extends Record<string, string>>(
  es: E,
  en: { [K in keyof E]: string },
): Record<Language, { [K in keyof E]: string }> {
  return { es, en };
}

/**
 * A feature's dictionary made of parts: a module is bundled whole, so a page that imports only its
 * own part does not carry the rest of the feature's texts on its first load (issue 13).
 */
export function mergeTexts<A extends Record<string, string>, B extends Record<string, string>>(
  a: Record<Language, A>,
  b: Record<Language, B>,
): Record<Language, A & B> {
  return { es: { ...a.es, ...b.es }, en: { ...a.en, ...b.en } };
}

type Vars = Record<string, string | number>;

export function useTexts<K extends string>(texts: Record<Language, Record<K, string>>) {
  const lang = useLang();
  return useCallback(
    (key: K, vars?: Vars) => {
      const text = texts[lang][key];
      return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(vars[name] ?? m)) : text;
    },
    [lang, texts],
  );
}
