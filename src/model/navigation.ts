/**
 * Navigation is derived from the technology and category collections, so adding one Markdown
 * file adds its menu entry, its footer link and its card everywhere.
 */
import type { CollectionEntry } from 'astro:content';
import { labels } from './labels';
import { categoryPath, routes, technologyPath } from './routes';

type Offering = CollectionEntry<'technologies'> | CollectionEntry<'categories'>;

/** The fields of a technology or category entry that navigation needs. */
export type OfferingSummary = Pick<Offering, 'id'> & {
  data: Pick<Offering['data'], 'title' | 'order' | 'shortDescription' | 'icon'>;
};

export interface NavItem {
  name: string;
  href: string;
  description: string;
  icon: string;
}

export const technologyHref = technologyPath;
export const categoryHref = categoryPath;

export function byOrder<T extends { id: string; data: { order: number } }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

function toNavItems(entries: readonly OfferingSummary[], href: (slug: string) => string): NavItem[] {
  return byOrder(entries).map((entry) => ({
    name: entry.data.title,
    href: href(entry.id),
    description: entry.data.shortDescription,
    icon: entry.data.icon,
  }));
}

export const technologyNavItems = (entries: readonly OfferingSummary[]) => toNavItems(entries, technologyHref);
export const categoryNavItems = (entries: readonly OfferingSummary[]) => toNavItems(entries, categoryHref);

/** Pages of the company that are not technologies or categories, in footer order. */
export const resourceLinks: readonly { name: string; href: string }[] = [
  { name: labels.footer.about, href: routes.about },
  { name: labels.footer.careers, href: routes.careers },
  { name: labels.footer.portfolio, href: routes.portfolio },
  { name: labels.footer.contact, href: routes.contact },
  { name: labels.footer.search, href: routes.search },
];

export const legalLinks: readonly { name: string; href: string }[] = [
  { name: labels.footer.privacyPolicy, href: routes.privacyPolicy },
  { name: labels.footer.termsOfService, href: routes.termsOfService },
];

/**
 * Whether a navigation link points at the current page (or, for section roots such as
 * /products, at one of its children), for `aria-current`.
 */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.replace(/\.html$/, '').replace(/\/+$/, '') || '/';
  return path === href;
}
