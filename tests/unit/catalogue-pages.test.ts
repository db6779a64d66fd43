import { describe, expect, it } from 'vitest';
import {
  categoryListingPath,
  categoryListings,
  fullCardLimit,
  itemIndex,
  nearbyItems,
  oneLine,
  perPage,
} from '../../src/model/catalogue-pages';

const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('category listings', () => {
  it('shows full cards on one page up to the limit, an empty category included', () => {
    expect(categoryListings([])).toEqual([{ layout: 'cards', page: 1, pages: 1, items: [] }]);
    const [only, ...rest] = categoryListings(numbers(fullCardLimit));
    expect(rest).toHaveLength(0);
    expect(only).toMatchObject({ layout: 'cards', page: 1, pages: 1 });
    expect(only!.items).toEqual(numbers(fullCardLimit));
  });

  it('past the limit, lists compact rows over pages of perPage, in order, none lost or repeated', () => {
    for (const count of [fullCardLimit + 1, perPage, perPage + 1, 10 * perPage - 1, 1430]) {
      const listings = categoryListings(numbers(count));
      expect(listings.every((l) => l.layout === 'rows')).toBe(true);
      expect(listings).toHaveLength(Math.ceil(count / perPage));
      expect(listings.map((l) => l.page)).toEqual(numbers(listings.length));
      expect(
        listings.every((l) => l.pages === listings.length && l.items.length <= perPage && l.items.length > 0),
      ).toBe(true);
      expect(listings.flatMap((l) => l.items)).toEqual(numbers(count));
    }
  });

  it('takes other limits', () => {
    const listings = categoryListings(numbers(5), { fullCardLimit: 2, perPage: 2 });
    expect(listings.map((l) => l.items)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('puts page 1 at the category address and the others under /page/', () => {
    expect(categoryListingPath('pigments', 1)).toBe('/products/pigments');
    expect(categoryListingPath('pigments', 3)).toBe('/products/pigments/page/3');
  });
});

describe('nearby items', () => {
  const items = numbers(100).map((n) => ({ id: `c/${n}` }));
  const ids = (list: { id: string }[]) => list.map((i) => Number(i.id.slice(2)));

  it('lists every other item of a small category', () => {
    expect(ids(nearbyItems(items.slice(0, 5), 'c/3').items)).toEqual([1, 2, 4, 5]);
    expect(nearbyItems(items.slice(0, 5), 'c/3').all).toBe(4);
  });

  it('lists the neighbours of an item in a large category, never the item itself', () => {
    expect(ids(nearbyItems(items, 'c/50', 4).items)).toEqual([48, 49, 51, 52]);
    expect(ids(nearbyItems(items, 'c/1', 4).items)).toEqual([2, 3, 4, 5]);
    expect(ids(nearbyItems(items, 'c/100', 4).items)).toEqual([96, 97, 98, 99]);
    expect(nearbyItems(items, 'c/50', 4).all).toBe(99);
  });
});

describe('one line of a description', () => {
  it('keeps the first sentence when it is short', () => {
    expect(oneLine('Soft hand. Durable to 30 washes.')).toBe('Soft hand.');
    expect(oneLine('No full stop at all')).toBe('No full stop at all');
  });

  it('cuts a long sentence at a word, with an ellipsis, within the limit', () => {
    const line = oneLine('word '.repeat(60), 40);
    expect(line.length).toBeLessThanOrEqual(40);
    expect(line.endsWith('word…')).toBe(true);
  });
});

describe("a category page's item index", () => {
  const item = (n: number, codes: string[] = [`C-${n}0`, `C-${n}1`]) => ({
    name: `Item ${n}`,
    codes,
    href: `/products/c/item-${n}`,
  });

  it('lists every item of a page of cards, in order, by name and first code, linked to its page', () => {
    const [listing] = categoryListings([item(1), item(2, []), item(3)]);
    expect(itemIndex(listing!)).toEqual([
      { name: 'Item 1', code: 'C-10', href: '/products/c/item-1' },
      { name: 'Item 2', code: undefined, href: '/products/c/item-2' },
      { name: 'Item 3', code: 'C-30', href: '/products/c/item-3' },
    ]);
  });

  it('follows the collection: one more item is one more entry, up to the limit of full cards', () => {
    const items = numbers(fullCardLimit).map((n) => item(n));
    expect(itemIndex(categoryListings(items)[0]!)).toHaveLength(fullCardLimit);
    expect(itemIndex(categoryListings(items.slice(1))[0]!)).toHaveLength(fullCardLimit - 1);
  });

  it('is left out of pages of rows, which are that list already', () => {
    const listings = categoryListings(numbers(fullCardLimit + 1).map((n) => item(n)));
    expect(listings.map(itemIndex)).toEqual(listings.map(() => []));
  });
});
