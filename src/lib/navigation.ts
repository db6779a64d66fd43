/**
 * Navigation is derived from the technology and category collections, so adding one Markdown
 * file adds its menu entry, its footer link and its card everywhere.
 */

/** The fields of a technology or category entry that navigation needs. */
export interface OfferingSummary {
  id: string;
  data: { title: string; order: number; shortDescription: string; icon: string };
}

export interface NavItem {
  name: string;
  href: string;
  description: string;
  icon: string;
}

export const technologyHref = (slug: string) => `/${slug}`;
export const categoryHref = (slug: string) => `/products/${slug}`;
export const portfolioHref = (slug: string) => `/portfolio/${slug}`;
/** The page of one catalogue item: its category's slug (its folder) and its file name. */
export const itemPath = (category: string, item: string) => `/products/${category}/${item}`;
/** The item's card on its category page, which links to the same item without its own page. */
export const itemAnchor = (category: string, item: string) => `/products/${category}#${item}`;

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
  { name: 'About Us', href: '/about' },
  { name: 'Careers', href: '/careers' },
  { name: 'Portfolio', href: '/portfolio' },
  { name: 'Contact', href: '/contact' },
  { name: 'Product Search A-Z', href: '/search' },
];

export const legalLinks: readonly { name: string; href: string }[] = [
  { name: 'Privacy Policy', href: '/privacy-policy' },
  { name: 'Terms of Service', href: '/terms-of-service' },
];

/**
 * Whether a navigation link points at the current page (or, for section roots such as
 * /products, at one of its children), for `aria-current`.
 */
export function isCurrent(href: string, pathname: string): boolean {
  const path = pathname.replace(/\.html$/, '').replace(/\/+$/, '') || '/';
  return path === href;
}
