import { describe, expect, it } from 'vitest';
import { searchCatalogue, searchIndexOf, searchWords, type SearchEntry } from '../../src/search/catalogue-search';
import { noFilters, type SelectedFilters } from '../../src/search/search';

const entry = (name: string, codes: string[], category: string, industry: string[], text = ''): SearchEntry => ({
  record: {
    url: `/products/x/${name.toLowerCase().replace(/\W+/g, '-')}`,
    name,
    category,
    codes,
    summary: text,
    filters: { category: [category], industry, method: ['Pad'], substrate: ['Cotton'] },
  },
  text,
});

const entries = [
  entry('Lavender Oil', ['EOA-LAV-30'], 'Essential Oil Actives', ['Aromatherapy'], 'Soft floral aroma'),
  entry('Lavender Calm', ['AF-208'], 'Aroma Finishes', ['Apparel'], 'A calming lavender fragrance'),
  entry('Tea Tree Oil', ['EOA-TTO-30'], 'Essential Oil Actives', ['Aromatherapy', 'Cosmetics'], 'Fresh oil'),
  entry('Binders', ['PA-BIN-100'], 'Printing Auxiliaries', ['Apparel'], 'Soft hand, oil-free'),
  entry('Crème Print', [], 'Speciality Prints', ['Apparel'], 'Creamy'),
];
const index = searchIndexOf(entries);
const state = (query: string, selected: Partial<SelectedFilters> = {}) => ({
  query,
  selected: { ...noFilters(), ...selected },
});
const names = (query: string, selected?: Partial<SelectedFilters>) =>
  searchCatalogue(index, state(query, selected)).results.map((r) => r.name);

describe('/search without JavaScript', () => {
  it('finds items whose words start with every word of the query, accents and case aside', () => {
    expect(names('laven')).toEqual(['Lavender Calm', 'Lavender Oil']);
    expect(names('LAVENDER oil')).toEqual(['Lavender Oil']);
    expect(names('creme')).toEqual(['Crème Print']);
    expect(names('nothing like it')).toEqual([]);
  });

  it('ranks a word in the name above one in the text, more mentions higher, and an exact code first, however it is typed', () => {
    // Tea Tree Oil names "oil" in its name and its text, Lavender Oil in its name, Binders in its text.
    expect(names('oil')).toEqual(['Tea Tree Oil', 'Lavender Oil', 'Binders']);
    expect(names('eoa tto 30')[0]).toBe('Tea Tree Oil');
    expect(names('af_208')).toEqual(['Lavender Calm']);
  });

  it('filters by the chosen values: any of a group, every group', () => {
    expect(names('oil', { category: ['Essential Oil Actives', 'Printing Auxiliaries'] })).toEqual([
      'Tea Tree Oil',
      'Lavender Oil',
      'Binders',
    ]);
    expect(names('oil', { category: ['Essential Oil Actives'], industry: ['Cosmetics'] })).toEqual(['Tea Tree Oil']);
    expect(names('', { industry: ['Apparel'] })).toEqual(['Binders', 'Crème Print', 'Lavender Calm']);
  });

  it('counts every value facet by facet, and keeps the values with no result at 0', () => {
    const { counts } = searchCatalogue(index, state('oil', { category: ['Essential Oil Actives'] }));
    // Categories: counted without the category choice; industries: within it.
    expect(counts.category).toEqual({
      'Essential Oil Actives': 2,
      'Aroma Finishes': 0,
      'Printing Auxiliaries': 1,
      'Speciality Prints': 0,
    });
    expect(counts.industry).toEqual({ Aromatherapy: 2, Apparel: 0, Cosmetics: 1 });
    // A value with a count gives that many results when chosen too.
    for (const [value, count] of Object.entries(counts.industry!)) {
      expect(names('oil', { category: ['Essential Oil Actives'], industry: [value] })).toHaveLength(count);
    }
  });

  it('splits words as Pagefind does', () => {
    expect(searchWords('EOA-LAV-30, Crème brûlée')).toEqual(['eoa', 'lav', '30', 'creme', 'brulee']);
  });
});
