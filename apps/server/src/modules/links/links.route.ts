import { routeCountryForCountryId, routes } from '@agendo/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerRoute } from '../../http-routes.ts';
import { findProfessionalByNickname } from '../profile/profile.service.ts';
import { findShortLink } from './links.repository.ts';

/** Only paths of this site are valid targets, so a short link can never become an open redirect. */
function isSafeTarget(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//') && !target.includes('\\');
}

export function registerShortLinks(app: FastifyInstance, deps: AppDeps) {
  registerRoute(app, deps, routes.shortLink, async ({ params }, { reply }) => {
    const ref = params.ref;
    const link = /^[A-Za-z0-9_-]{1,64}$/.test(ref) ? await findShortLink(deps.db, ref) : undefined;
    if (link && isSafeTarget(link.target)) return reply.redirect(link.target, 302);
    // Issue 18: /go/{nickname} is the professional's short link to their public page.
    const owner = /^[A-Za-z0-9._-]{1,30}$/.test(ref)
      ? await findProfessionalByNickname(deps.db, ref.toLowerCase())
      : undefined;
    if (owner) {
      const lang = owner.lang === 'en' ? 'en' : 'es';
      return reply.redirect(
        `/${routeCountryForCountryId(owner.country_id)}/${lang}/professional/${owner.ref}`,
        302,
      );
    }
    return reply.redirect('/la/es/404', 302);
  });
}
