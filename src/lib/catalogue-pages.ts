/**
 * How many pages a category's item list takes, and how each item is shown.
 *
 * Every item has a page of its own with all its fields, so a category page is an index. Up to
 * `fullCardLimit` items it shows the full card of each (the launch catalogue: at most 18 in a
 * category). Past that, a full card costs about 1.3 KB of gzip and a page would outgrow the byte
 * budget of every page (30 KB HTML + CSS), so the category switches to compact rows (name, code,
 * one line, about 0.15 KB each) on pages of `perPage` rows: the first at /products/{category},
 * the next at /products/{category}/page/2 and on. Within a page, items keep the category's order
 * and grouping.
 */
export const fullCardLimit = 20;
export const perPage = 48;

export interface CategoryListing<T> {
  layout: 'cards' | 'rows';
  /** 1-based number of this page and how many there are. */
  page: number;
  pages: number;
  items: T[];
}

/** The pages of a category's (already ordered) items. Always at least one page, maybe empty. */
export function categoryListings<T>(items: readonly T[], limits = { fullCardLimit, perPage }): CategoryListing<T>[] {
  if (items.length <= limits.fullCardLimit) return [{ layout: 'cards', page: 1, pages: 1, items: [...items] }];
  const pages = Math.ceil(items.length / limits.perPage);
  return Array.from({ length: pages }, (_, i) => ({
    layout: 'rows' as const,
    page: i + 1,
    pages,
    items: items.slice(i * limits.perPage, (i + 1) * limits.perPage),
  }));
}

/** The address of page `page` of a category's list: page 1 is the category page itself. */
export function categoryListingPath(category: string, page: number): string {
  return page <= 1 ? `/products/${category}` : `/products/${category}/page/${page}`;
}
