import { routeCountryForCountryId } from '@agendo/contract';

/** Whose /{country}/{lang}/ a link opens in: the recipient's, so a mail reads like their app. */
export interface LinkReader {
  country_id: number;
  lang: string | null;
}

/** Absolute link to an SPA route under the reader's own /{country}/{lang}/ prefix (spec 000 §2.1). */
export function appLink(config: { publicUrl: string }, reader: LinkReader, route: string): string {
  const lang = reader.lang === 'en' ? 'en' : 'es';
  return `${config.publicUrl}/${routeCountryForCountryId(reader.country_id)}/${lang}/${route}`;
}
