import { isLanguage, type Language } from '@agendo/contract';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { en } from './en.ts';
import { es, type MessageKey, type Messages } from './es.ts';

const dictionaries: Record<Language, Messages> = { es, en };

export function translate(lang: Language, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = dictionaries[lang][key];
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
