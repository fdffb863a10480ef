/**
 * The readable part of a service or course link (service/{ref}/{title}): lower case, no accents,
 * dashes; "Sesión de Yoga" → "sesion-de-yoga".
 */
export function titleSlug(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}
