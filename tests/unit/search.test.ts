import { describe, expect, it } from 'vitest';
import { catalogueItem, codeAtStart, itemCodes, summaryLength, type ItemData } from '../../src/model/catalogue-item';
import { searchRecord } from '../../src/search/search-record';
import {
  chosenGroups,
  noFilters,
  normaliseCode,
  rankByCode,
  searchFilters,
  searchParamsOf,
  searchStateFromParams,
} from '../../src/search/search';

type Data = ItemData;
const picture = { image: undefined as never, imageAlt: 'A picture' };

const oil: Data = {
  kind: 'essential-oil',
  order: 1,
  slug: 'test-oil',
  name: 'Test Oil',
  variant: 'EOA-TST-30',
  properties: ['Steam-distilled'],
  benefits: ['Calming aroma, for bed linen'],
  ...picture,
};
const print: Data = {
  kind: 'speciality-print',
  order: 2,
  slug: 'test-print',
  title: 'Test Print',
  printCategory: 'Dimensional',
  variants: ['SP-TST-1601 Clear base', 'SP-TST-1602 Matt base', 'Custom shades on request'],
  description: 'A raised print.',
  information: 'Cure at 150 °C.',
  applicationMethods: ['Screen print'],
  industries: ['Sportswear', 'Footwear'],
  ...picture,
};
const pigment: Data = {
  kind: 'pigment-category',
  order: 3,
  slug: 'test-pigments',
  title: 'Test Pigments',
  description: 'Pigments <for> "testing" & more.',
  series: ['PG-T 100 Series: yellows', 'PG-T 200 Series: blues'],
  advantages: ['Strong'],
  industries: ['Paper'],
  applicationMethods: ['Pad', 'Coating'],
  ...picture,
};
const aroma: Data = {
  kind: 'aroma',
  order: 4,
  slug: 'test-bloom',
  name: 'Test Bloom',
  variantName: 'AF-299 Test Bloom',
  scentFamily: 'Floral',
  audience: 'Women',
  description: 'Flowers.',
  ...picture,
};

describe('product codes', () => {
  it('are read from the start of a field, in the forms the catalogue writes them', () => {
    expect(codeAtStart('EOA-LAV-30')).toBe('EOA-LAV-30');
    expect(codeAtStart('AF-208 Lavender Calm')).toBe('AF-208');
    expect(codeAtStart('SP-SIL-1601 Clear silicone base')).toBe('SP-SIL-1601');
    expect(codeAtStart('PG-C 100 Series: yellows')).toBe('PG-C 100');
    expect(codeAtStart('FA-AMB-110 Silver chloride')).toBe('FA-AMB-110');
    // A code may be followed by a comma.
    expect(codeAtStart('AF-208, x')).toBe('AF-208');
  });

  it('are not made up from ordinary words', () => {
    // A code holds at least one digit.
    expect(codeAtStart('UV-C lamps')).toBeUndefined();
    expect(codeAtStart('Custom shades on request')).toBeUndefined();
    expect(codeAtStart('Anti-slip grip')).toBeUndefined();
    expect(codeAtStart('')).toBeUndefined();
  });

  it('of an item are every code its fields name, in order, each once', () => {
    expect(itemCodes(oil)).toEqual(['EOA-TST-30']);
    expect(itemCodes(print)).toEqual(['SP-TST-1601', 'SP-TST-1602']);
    expect(itemCodes(pigment)).toEqual(['PG-T 100', 'PG-T 200']);
    expect(itemCodes(aroma)).toEqual(['AF-299']);
  });
});

describe('the search record of an item', () => {
  it('holds its name, category, codes, a line of text and its filters', () => {
    expect(
      searchRecord(catalogueItem({ id: 'speciality-prints/test-print', data: print }), 'Speciality Prints'),
    ).toEqual({
      url: '/products/speciality-prints/test-print',
      name: 'Test Print',
      category: 'Speciality Prints',
      codes: ['SP-TST-1601', 'SP-TST-1602'],
      summary: 'A raised print.',
      filters: {
        category: ['Speciality Prints'],
        industry: ['Sportswear', 'Footwear'],
        method: ['Screen print'],
        substrate: [],
      },
    });
    const record = searchRecord(
      catalogueItem({ id: 'essential-oil-actives/test-oil', data: oil }),
      'Essential Oil Actives',
    );
    expect(record.summary).toBe('Calming aroma, for bed linen');
    expect(record.filters).toEqual({ category: ['Essential Oil Actives'], industry: [], method: [], substrate: [] });
  });

  it('cuts a long text at a word, within the length', () => {
    const long = 'word '.repeat(60).trim();
    const { summary } = searchRecord(
      catalogueItem({ id: 'aroma-finishes/test-bloom', data: { ...aroma, description: long } }),
      'Aroma Finishes',
    );
    expect(long.length).toBeGreaterThan(summaryLength);
    expect(summary.length).toBeLessThanOrEqual(summaryLength);
    expect(summary).toMatch(/^word( word)*…$/);
  });
});

describe('ranking by code', () => {
  const result = (name: string, code?: string) => ({ name, codes: code === undefined ? [] : code.split(', ') });
  const results = [
    result('Category page'),
    result('Near miss', 'EOA-LAV-300'),
    result('Several', 'SP-TST-1601, SP-TST-1602'),
    result('Exact', 'EOA-LAV-30'),
  ];

  it('puts the item whose code is exactly the query first, and keeps the rest in order', () => {
    expect(rankByCode(results, 'EOA-LAV-30').map((r) => r.name)).toEqual([
      'Exact',
      'Category page',
      'Near miss',
      'Several',
    ]);
  });

  it("matches any of an item's codes, whatever the case, spaces or hyphens", () => {
    expect(rankByCode(results, ' sp tst 1602 ').map((r) => r.name)[0]).toBe('Several');
    expect(rankByCode(results, 'eoa_lav-30').map((r) => r.name)[0]).toBe('Exact');
    expect(normaliseCode('pg-c  100')).toBe('PG-C-100');
  });

  it('leaves the order alone for a query that is no code of any result', () => {
    expect(rankByCode(results, 'lavender').map((r) => r.name)).toEqual(results.map((r) => r.name));
    expect(rankByCode(results, '').map((r) => r.name)).toEqual(results.map((r) => r.name));
  });
});

describe('the search in the address', () => {
  it('reads the query and each chosen value, one parameter per value', () => {
    const state = searchStateFromParams(
      new URLSearchParams(
        'q=+oil+&category=Essential+Oil+Actives&industry=Apparel&industry=Home+textiles&industry=Apparel&substrate=Silk&other=x',
      ),
    );
    expect(state).toEqual({
      query: 'oil',
      selected: {
        ...noFilters(),
        category: ['Essential Oil Actives'],
        industry: ['Apparel', 'Home textiles'],
        substrate: ['Silk'],
      },
    });
  });

  it('writes what it reads', () => {
    const state = {
      query: 'lavender oil',
      selected: { ...noFilters(), category: ['Aroma Finishes'], method: ['Pad', 'Spray'], substrate: ['Cotton'] },
    };
    const params = searchParamsOf(state);
    expect(params.toString()).toBe('q=lavender+oil&category=Aroma+Finishes&method=Pad&method=Spray&substrate=Cotton');
    expect(searchStateFromParams(params)).toEqual(state);
    expect(searchParamsOf({ query: '  ', selected: noFilters() }).toString()).toBe('');
  });
});

describe('the filter groups', () => {
  it('are the keys of searchFilters, whatever they are', () => {
    expect(Object.keys(noFilters())).toEqual(searchFilters.map(({ key }) => key));
    expect(chosenGroups({ ...noFilters(), category: ['Essential Oil Actives'], industry: ['Apparel'] })).toEqual([
      'category',
      'industry',
    ]);
  });
});
