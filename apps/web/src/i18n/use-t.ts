import { isLanguage, type Language } from '@agendo/contract';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { es, type MessageKey, type Messages } from './es.ts';

// Spanish, the language of most visitors, comes with the shell; English is fetched by the
// router before the first English page shows (loadMessages), not by every visitor (issue 13).
const dictionaries: Partial<Record<Language, Messages>> = { es };

export async function loadMessages(lang: string | undefined): Promise<void> {
  if (lang === 'en' && !dictionaries.en) dictionaries.en = (await import('./en.ts')).en;
}

export function translate(lang: Language, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = (dictionaries[lang] ?? es)[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => String(vars[name] ?? match));
}

/** The language comes from the route (`/:country/:lang/…`); Spanish anywhere else. */
export function useLang(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : 'es';
}

export function useT() {
  const lang = useLang();
  return useCallback(
    (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars),
    [lang],
  );
}
