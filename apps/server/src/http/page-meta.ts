import { escapeHtml } from '../lib/html.ts';
import type { PageHead } from './spa.ts';

/**
 * What a link preview shows of a public page (Open Graph). A crawler that shares a link runs no
 * JavaScript, so the card it shows comes from the HTML we send.
 */
export interface PageMeta {
  /** og:type: 'profile' for a professional, 'website' for a service or a course. */
  type: 'profile' | 'website';
  title: string;
  description: string;
  /** Absolute URLs: a crawler reads them without our origin. */
  image: string;
  url: string;
}

/**
 * One slice's public pages: the meta of `pathname`, or null when it is not one of them. Generic
 * in what it is given (the app's deps), so this file stays below the slices.
 */
export type PageMetaResolver<Deps> = (deps: Deps, pathname: string) => Promise<PageMeta | null>;

/** `/{country}/{lang}/{one of pages}/{ref}…` with its parts, or null. */
export function publicPagePath(pathname: string, pages: readonly string[]) {
  const match = /^\/(ar|us|mx|cl|br|uy|pe|co|ec|la)\/(es|en)\/([A-Za-z-]+)\/([A-Za-z0-9_-]{8,64})(\/|$)/.exec(
    pathname,
  );
  if (!match || !pages.includes(match[3] ?? '')) return null;
  return {
    country: match[1] as string,
    lang: match[2] as 'es' | 'en',
    page: match[3] as string,
    ref: match[4] as string,
  };
}

const descriptionMax = 200;

/** A card wants words only: sanitised HTML (a bio, a description) loses its tags and entities. */
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

/** At most 200 characters, cut at a word. */
function shorten(text: string): string {
  if (text.length <= descriptionMax) return text;
  const cut = text.slice(0, descriptionMax - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), descriptionMax / 2))}…`;
}

/**
 * A public page's card: `text` (HTML or plain) as its description, `fallback` when it has none,
 * the app's icon when it has no picture, our paths made absolute with PUBLIC_URL.
 */
export function publicCard(
  publicUrl: string,
  card: {
    type: PageMeta['type'];
    title: string;
    text: string;
    fallback: string;
    image: string | null;
    path: string;
  },
): PageMeta {
  const absolute = (p: string) => (/^https?:\/\//.test(p) ? p : `${publicUrl}${p}`);
  return {
    type: card.type,
    title: `${card.title} · Agendo`,
    description: shorten(plainText(card.text) || card.fallback),
    image: absolute(card.image ?? '/icon-512.png'),
    url: absolute(card.path),
  };
}

/** The SPA's head rewriter from every slice's resolver: the first that knows the path wins. */
export function pageHeadFrom<Deps>(deps: Deps, resolvers: readonly PageMetaResolver<Deps>[]): PageHead {
  return async (pathname) => {
    for (const resolve of resolvers) {
      const meta = await resolve(deps, pathname);
      if (meta) return (html) => withPageMeta(html, meta);
    }
    return null;
  };
}

/** The built index.html with this page's title, description and Open Graph tags in its head. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<meta property="og:type" content="${meta.type}" />`,
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
