import { isLanguage, isRouteCountry, type Language, type RouteCountry } from '@agendo/contract';
import { useCallback } from 'react';
import { useParams } from 'react-router';

export interface RoutePrefix {
  country: RouteCountry;
  lang: Language;
}

/** Country and language of a path like `/ar/es/login`; `la`/`es` when the path has none. */
export function prefixOfPath(pathname: string): RoutePrefix {
  const [, country, lang] = pathname.split('/');
  return {
    country: isRouteCountry(country) ? country : 'la',
    lang: isLanguage(lang) ? lang : 'es',
  };
}

/**
 * An upload or file URL carrying the page's language, so the server's route answers its errors
 * in it (routes read `userLang` like the JSON envelope of actions).
 */
export function withUserLang(url: string, pathname: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}userLang=${prefixOfPath(pathname).lang}`;
}

export function usePrefix(): RoutePrefix & { to: (path?: string) => string } {
  const params = useParams();
  const country = isRouteCountry(params.country) ? params.country : 'la';
  const lang = isLanguage(params.lang) ? params.lang : 'es';
  const to = useCallback((path = '') => `/${country}/${lang}/${path.replace(/^\//, '')}`, [country, lang]);
  return { country, lang, to };
}

/** A `?next=` target is followed only when it is a path of this site. */
export function safeNextPath(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
