import { describe, expect, it } from 'vitest';
import {
  categoryListingPath,
  categoryListings,
  fullCardLimit,
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
