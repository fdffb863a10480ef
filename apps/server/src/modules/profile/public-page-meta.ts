import type { AppDeps } from '../../deps.ts';
import { escapeHtml } from '../../lib/html.ts';
import { findProfessionalAccount } from './profile.repository.ts';
import { publicProfileOf } from './profile.service.ts';

export interface PageMeta {
  title: string;
  description: string;
  image: string;
  url: string;
}

/**
 * professional/{ref} and getSellerPublish/{ref}/{ref2}/{colorActive?} (spec 000 §2.2). A crawler
 * that shares a link runs no JavaScript, so the card it shows comes from the HTML we send.
 */
const publicPage =
  /^\/(ar|us|mx|cl|br|uy|pe|co|ec|la)\/(es|en)\/(professional|getSellerPublish)\/([A-Za-z0-9_-]{8,64})(\/|$)/;

const descriptionMax = 200;

/** The bio is sanitised HTML; a card wants its words only. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function shorten(text: string): string {
  if (text.length <= descriptionMax) return text;
  const cut = text.slice(0, descriptionMax - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), descriptionMax / 2))}…`;
}

export async function publicPageMeta(deps: AppDeps, pathname: string): Promise<PageMeta | null> {
  const match = publicPage.exec(pathname);
  if (!match) return null;
  const [, country, lang, , ref] = match;
  const account = await findProfessionalAccount(deps.db, ref ?? '');
  if (!account) return null;
  const profile = await publicProfileOf(deps.db, account.id);
  const name = `${account.first_name} ${account.last_name}`.trim();
  const title = profile.businessName ? `${profile.businessName} · ${name}` : name;
  const bio = profile.userBio ? plainText(profile.userBio) : '';
  const description = shorten(
    bio ||
      (lang === 'en'
        ? `${name} on Agendo: book an appointment online.`
        : `${name} en Agendo: reserva tu turno en línea.`),
  );
  const image = profile.logoSquare ?? account.img ?? profile.logoRectangle ?? '/icon-512.png';
  const absolute = (p: string) => (/^https?:\/\//.test(p) ? p : `${deps.config.publicUrl}${p}`);
  return {
    title: `${title} · Agendo`,
    description,
    image: absolute(image),
    url: absolute(`/${country}/${lang}/professional/${account.ref}`),
  };
}

/** The built index.html with this page's title, description and Open Graph tags in its head. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:site_name" content="Agendo" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', `    ${tags}\n  </head>`);
}
