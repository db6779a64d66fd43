import { describe, expect, it } from 'vitest';
import { alphabeticalParts, byName, perPart, searchListPath } from '../../src/search/alphabetical-list';

const item = (name: string, url = `/products/x/${name.toLowerCase().replace(/\W+/g, '-')}`) => ({ name, url });

describe('alphabeticalParts', () => {
  it('keeps a list of up to perPart items on one page, sorted A-Z whatever the case and accents', () => {
    const parts = alphabeticalParts([item('zinc'), item('Émeraude'), item('apple'), item('Banana')]);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.items.map((i) => i.name)).toEqual(['apple', 'Banana', 'Émeraude', 'zinc']);
    expect(parts[0]).toMatchObject({ part: 1, parts: 1, first: 'apple', last: 'zinc' });
    expect(alphabeticalParts(Array.from({ length: perPart }, (_, i) => item(`Item ${i}`)))).toHaveLength(1);
  });

  it('splits a longer list into parts in A-Z order, named by their first and last items', () => {
    const names = Array.from({ length: 7 }, (_, i) => `Item ${7 - i}`);
    const parts = alphabeticalParts(
      names.map((n) => item(n)),
      3,
    );
    expect(parts.map((p) => [p.part, p.parts, p.items.length, p.first, p.last])).toEqual([
      [1, 3, 3, 'Item 1', 'Item 3'],
      [2, 3, 3, 'Item 4', 'Item 6'],
      [3, 3, 1, 'Item 7', 'Item 7'],
    ]);
    expect(parts.flatMap((p) => p.items.map((i) => i.name))).toEqual(names.toReversed());
  });

  it('orders numbers within names as numbers, and equal names by address', () => {
    expect([item('Red 10'), item('Red 9'), item('Red 9', '/a')].sort(byName).map((i) => `${i.name} ${i.url}`)).toEqual([
      'Red 9 /a',
      'Red 9 /products/x/red-9',
      'Red 10 /products/x/red-10',
    ]);
  });

  it('gives an empty catalogue one empty part, and refuses a part size below 1', () => {
    expect(alphabeticalParts([])).toEqual([{ part: 1, parts: 1, items: [], first: '', last: '' }]);
    expect(() => alphabeticalParts([item('a')], 0)).toThrow(/at least 1/);
  });
});

describe('searchListPath', () => {
  it('puts the first part on /search and the others under /search/page/', () => {
    expect(searchListPath(1)).toBe('/search');
    expect(searchListPath(2)).toBe('/search/page/2');
  });
});
