/**
 * Which not-found page an address gets: a missing item under an existing category gets that
 * category's (its name, a link to it, the search field); any other missing address under
 * /products the one with the search field and every category; the rest the site's own. Netlify's
 * 404 rules (`notFoundRules` in src/model/routes.ts) serve the first two as built pages; the route
 * rendered on demand for unknown addresses (src/pages/[...missing].astro) asks the same here, so an
 * address gets the same page whichever of the two answers it.
 */
import { routes } from '../model/routes';

export type NotFoundKind = { kind: 'item'; category: string } | { kind: 'category' } | { kind: 'page' };

export function notFoundKind(pathname: string, categorySlugs: readonly string[]): NotFoundKind {
  const prefix = `${routes.products}/`;
  if (!pathname.startsWith(prefix)) return { kind: 'page' };
  const [first = ''] = pathname.slice(prefix.length).split('/');
  let slug: string;
  try {
    slug = decodeURIComponent(first);
  } catch {
    return { kind: 'category' };
  }
  return categorySlugs.includes(slug) ? { kind: 'item', category: slug } : { kind: 'category' };
}
