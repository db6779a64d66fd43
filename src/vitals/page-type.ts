/**
 * The kind of page a beacon of field data comes from (beacon.ts), so the figures can be read by
 * kind: the home page, a technology, a list of the catalogue (a category, /products, /portfolio),
 * a catalogue item, the contact pages, search, and every other page (company and legal pages, the
 * not-found and offline pages). The layout names it on each page (src/layouts/BaseLayout.astro);
 * `npm run vitals` sorts the lab figures of bench/results.md the same way.
 */
import { routes } from '../model/routes.ts';
import type { PageType } from './beacon.ts';

export { pageTypes, type PageType } from './beacon.ts';

/**
 * The kind of the page at `pathname` (as the layout knows it: a built file's path, "/about",
 * "/products/pigments/binders.html"), given the technologies' slugs (their pages sit at the root).
 */
export function pageTypeOf(pathname: string, technologySlugs: readonly string[]): PageType {
  const path =
    pathname
      .replace(/\.html$/, '')
      .replace(/\/index$/, '/')
      .replace(/(.)\/$/, '$1') || routes.home;
  const parts = path.split('/').filter(Boolean);
  const [first = '', second, third] = parts;
  if (path === routes.home) return 'home';
  if (path === routes.technologies || (parts.length === 1 && technologySlugs.includes(first))) return 'technology';
  if (path === routes.contact || path.startsWith(`${routes.contact}/`)) return 'contact';
  if (path === routes.search || path.startsWith(`${routes.search}/`)) return 'search';
  if (path === routes.portfolio || path === routes.products) return 'category';
  if (`/${first}` === routes.products && second !== undefined && second !== '404') {
    // /products/<category>, its list pages /products/<category>/page/<n>, or an item.
    if (parts.length === 2 || (parts.length === 4 && third === 'page')) return 'category';
    if (parts.length === 3 && third !== '404') return 'item';
  }
  return 'other';
}
