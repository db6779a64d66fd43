/**
 * How many pages a category's item list takes, and how each item is shown.
 *
 * Every item has a page of its own with all its fields, so a category page is an index. Up to
 * `fullCardLimit` items it shows the full card of each (the launch catalogue: at most 18 in a
 * category). Past that, full cards would take a page past the byte budget of every page
 * (`htmlAndCssGzipKB` in bench/budgets.json), so the category switches to compact rows (name,
 * code, one line, a tenth of a card) on pages of `perPage` rows: the first at /products/{category},
 * the next at /products/{category}/page/2 and on. Within a page, items keep the category's order
 * and grouping.
 */
import { groupItems, type ItemGroupSpec } from './item-groups';
import { categoryPath } from './routes';
import { cutAtWord } from '../text/text';

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
  return page <= 1 ? categoryPath(category) : `${categoryPath(category)}/page/${page}`;
}

/**
 * The items an item page links to as "more of this category": up to `count` of its neighbours in
 * the category's order, as many before as after where there are (a category of thousands would
 * otherwise put thousands of links on every item page). The whole list is the category page's.
 */
export function nearbyItems<T extends { id: string }>(
  items: readonly T[],
  id: string,
  count = 12,
): { items: T[]; all: number } {
  const at = items.findIndex((item) => item.id === id);
  const others = items.filter((item) => item.id !== id);
  if (others.length <= count || at === -1) return { items: others.slice(0, count), all: others.length };
  const start = Math.min(Math.max(0, at - Math.floor(count / 2)), others.length - count);
  return { items: others.slice(start, start + count), all: others.length };
}

/** The first sentence of a text, cut at a word to at most `max` characters. */
export function oneLine(text: string, max = 140): string {
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();
  return cutAtWord(sentence, max);
}

/**
 * The pages of a category whose items may be grouped: pages run through the groups in order, so
 * each group's items stay together; `totals` is each group's size in the whole category.
 */
export function groupedListings<K extends string, T extends { data: { kind: K } }>(
  items: readonly T[],
  groups: readonly ItemGroupSpec<K>[] | undefined,
  rest: { id: string; heading: string },
): { listings: CategoryListing<T>[]; totals: Map<string, number> } {
  const grouped = groupItems(items, groups, rest);
  const ordered = grouped ? grouped.flatMap((group) => group.items) : items;
  return {
    listings: categoryListings(ordered),
    totals: new Map(grouped?.map((group) => [group.id, group.items.length]) ?? []),
  };
}

/** One line of a category page's item index: an item's name, its first code and its page. */
export interface IndexEntry {
  name: string;
  code: string | undefined;
  href: string;
}

/**
 * The compact list a category page opens with, so that a phone sees every item within its first
 * two screens instead of one card per screen and a half: each item of the page, in the page's
 * order, by name and first code (the one search shows), linked to its own page. A page of rows
 * has none: its rows are that list already, and it may run to `perPage` items.
 */
export function itemIndex(
  listing: CategoryListing<{ name: string; codes: readonly string[]; href: string }>,
): IndexEntry[] {
  if (listing.layout === 'rows') return [];
  return listing.items.map(({ name, codes, href }) => ({ name, code: codes[0], href }));
}
