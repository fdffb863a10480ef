import type { AppDeps } from '../../deps.ts';
import { type PageMeta, publicCard, publicPagePath } from '../../http/page-meta.ts';
import { findProfessionalAccount } from './profile.repository.ts';
import { publicProfileOf } from './profile.service.ts';

/** professional/{ref} and getSellerPublish/{ref}/{ref2}/{colorActive?} (spec 000 §2.2). */
export async function professionalPageMeta(deps: AppDeps, pathname: string): Promise<PageMeta | null> {
  const at = publicPagePath(pathname, ['professional', 'getSellerPublish']);
  if (!at) return null;
  const account = await findProfessionalAccount(deps.db, at.ref);
  if (!account) return null;
  const profile = await publicProfileOf(deps.db, account.id);
  const name = `${account.first_name} ${account.last_name}`.trim();
  return publicCard(deps.config.publicUrl, {
    type: 'profile',
    title: profile.businessName ? `${profile.businessName} · ${name}` : name,
    text: profile.userBio ?? '',
    fallback:
      at.lang === 'en'
        ? `${name} on Agendo: book an appointment online.`
        : `${name} en Agendo: reserva tu turno en línea.`,
    image: profile.logoSquare ?? account.img ?? profile.logoRectangle,
    path: `/${at.country}/${at.lang}/professional/${account.ref}`,
  });
}
