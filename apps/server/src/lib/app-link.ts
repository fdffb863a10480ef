import { routeCountryForCountryId } from '@agendo/contract';
import type { AppConfig } from '../config.ts';

/** Absolute link to an SPA route under the user's own /{country}/{lang}/ prefix. */
export function appLink(
  config: AppConfig,
  user: { country_id: number; lang: string },
  route: string,
): string {
  const lang = user.lang === 'en' ? 'en' : 'es';
  return `${config.publicUrl}/${routeCountryForCountryId(user.country_id)}/${lang}/${route}`;
}
