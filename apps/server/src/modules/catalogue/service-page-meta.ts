import type { AppDeps } from '../../deps.ts';
import { type PageMeta, publicCard, publicPagePath } from '../../http/page-meta.ts';
import { findLivePublicationByRef } from './catalogue.repository.ts';
import { coverImages } from './catalogue.service.ts';

/**
 * service/{ref}/{title?} and its landing page (issue 34): a shared link shows the service's own
 * title, description and cover. A paused service keeps the app's plain head: it cannot be booked.
 */
export async function servicePageMeta(deps: AppDeps, pathname: string): Promise<PageMeta | null> {
  const at = publicPagePath(pathname, ['service', 'service-landing']);
  if (!at) return null;
  const publication = await findLivePublicationByRef(deps.db, at.ref);
  if (!publication || publication.paused) return null;
  const { title } = publication;
  return publicCard(deps.config.publicUrl, {
    type: 'website',
    title,
    text: publication.description,
    fallback:
      at.lang === 'en' ? `${title} on Agendo: book it online.` : `${title} en Agendo: reserva en línea.`,
    image: (await coverImages(deps.db, [publication.id])).get(publication.id) ?? null,
    path: `/${at.country}/${at.lang}/service/${publication.ref}`,
  });
}
