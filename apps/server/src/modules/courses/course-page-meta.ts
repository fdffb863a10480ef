import type { AppDeps } from '../../deps.ts';
import { type PageMeta, publicCard, publicPagePath } from '../../http/page-meta.ts';
import { findWorkshopByRef } from './courses.repository.ts';

/**
 * course/{ref}/{title?} (issue 34): a shared link shows the course's own title, description and
 * cover. A paused course keeps the app's plain head: nobody can enrol in it.
 */
export async function coursePageMeta(deps: AppDeps, pathname: string): Promise<PageMeta | null> {
  const at = publicPagePath(pathname, ['course']);
  if (!at) return null;
  const workshop = await findWorkshopByRef(deps.db, at.ref);
  if (!workshop || workshop.paused) return null;
  const { title } = workshop;
  return publicCard(deps.config.publicUrl, {
    type: 'website',
    title,
    text: workshop.description,
    fallback:
      at.lang === 'en' ? `${title}: an online course on Agendo.` : `${title}: un curso en línea en Agendo.`,
    image: workshop.cover,
    path: `/${at.country}/${at.lang}/course/${workshop.ref}`,
  });
}
