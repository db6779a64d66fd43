import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  catalogueItem,
  complianceSummary,
  itemCodes,
  itemLabel,
  itemName,
  itemSearchDescription,
  type ItemData,
} from '../../src/model/catalogue-item';
import { searchRecord } from '../../src/search/search-record';
import { parseFrontmatter } from '../../src/text/frontmatter.mjs';
import { descriptionLength } from '../../src/schemas/seo-limits';
import { contactPath } from '../../src/model/routes';

const products = join(process.cwd(), 'src/content/products');
const items = readdirSync(products).flatMap((category) =>
  readdirSync(join(products, category))
    .filter((file) => file.endsWith('.md'))
    .map((file) => ({
      id: `${category}/${file.slice(0, -3)}`,
      data: parseFrontmatter(readFileSync(join(products, category, file), 'utf8')) as ItemData,
    })),
);

/** Only the fields a test is about; the rest of a real item does not change what it checks. */
const partial = (data: Record<string, unknown>) => data as unknown as ItemData;
const model = (data: Record<string, unknown>, id = 'category/item') => catalogueItem({ id, data: partial(data) });

describe('catalogue items', () => {
  it('reads a code from the start of a variant line, and several from a list', () => {
    expect(itemCodes(partial({ kind: 'essential-oil', name: 'Lavender Oil', variant: 'EOA-LAV-30' }))).toEqual([
      'EOA-LAV-30',
    ]);
    expect(itemCodes(partial({ kind: 'aroma', name: 'Lavender Calm', variantName: 'AF-208 Lavender Calm' }))).toEqual([
      'AF-208',
    ]);
    expect(
      itemCodes(
        partial({
          kind: 'speciality-print',
          title: 'Puff',
          variants: ['SP-PUF-101 White puff base', 'SP-PUF-102 Clear', 'no code here'],
        }),
      ),
    ).toEqual(['SP-PUF-101', 'SP-PUF-102']);
    expect(
      itemCodes(
        partial({ kind: 'pigment-category', title: 'Micronized', series: ['PG-M 400 Series: continuous pad-dyeing'] }),
      ),
    ).toEqual(['PG-M 400']);
    expect(
      itemLabel(partial({ kind: 'functional-category', title: 'Antimicrobial', keyProducts: ['Silver chloride'] })),
    ).toBe('Antimicrobial');
    expect(itemLabel(partial({ kind: 'essential-oil', name: 'Lavender Oil', variant: 'EOA-LAV-30' }))).toBe(
      'Lavender Oil (EOA-LAV-30)',
    );
  });

  it('reads one rule for codes everywhere: a code holds a digit and may be followed by a comma', () => {
    // "UV-C lamps" once gave a code on the item page and none in search; "AF-208, x" the reverse.
    const lamps = model({
      kind: 'speciality-finish',
      title: 'UV Finish',
      finishes: ['UV-C lamps', 'AF-208, x'],
      description: 'd',
      industries: ['Apparel'],
      applications: ['a'],
      features: ['f'],
    });
    expect(lamps.codes).toEqual(['AF-208']);
    expect(lamps.label).toBe('UV Finish (AF-208)');
  });

  it('gives every item of the content a name, and a meta description that fits a search result', () => {
    expect(items.length).toBeGreaterThan(0);
    for (const { id, data } of items) {
      expect(itemName(data), id).not.toBe('');
      const description = itemSearchDescription(catalogueItem({ id, data }), 'Category');
      expect(description.length, `${id}: ${description}`).toBeGreaterThanOrEqual(descriptionLength.min);
      expect(description.length, `${id}: ${description}`).toBeLessThanOrEqual(descriptionLength.max);
    }
  });

  it('starts an item page description with the item name, so two items that share a description still differ', () => {
    const rose = {
      kind: 'aroma',
      name: 'Rose Garden',
      variantName: 'AF-201 Rose Garden',
      description:
        'A rounded damask-rose heart lifted by pink peony and settled on a soft white-musk base, encapsulated for up to 20 washes.',
    };
    const copy = { ...rose, name: 'White Musk', variantName: 'AF-210 White Musk' };
    expect(itemSearchDescription(model(rose), 'Aroma Finishes')).toMatch(/^Rose Garden: A rounded damask-rose heart/);
    expect(itemSearchDescription(model(copy), 'Aroma Finishes')).toMatch(/^White Musk: A rounded damask-rose heart/);
    // A description that already begins with the name does not repeat it.
    const named = {
      kind: 'functional-category',
      title: 'Antimicrobial',
      description:
        'Antimicrobial finishes based on silver chloride and zinc pyrithione that hold 99.9% efficacy over 50 washes.',
      features: [],
      keyProducts: [],
    };
    expect(itemSearchDescription(model(named), 'Functional Actives')).toMatch(/^Antimicrobial finishes based/);
  });

  it('gives the items of the content descriptions of their own', () => {
    const descriptions = items.map((item) => itemSearchDescription(catalogueItem(item), 'Category'));
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('lists every list and text field of an item among its facts', () => {
    // The item page's own sections show these (typical properties, packaging and storage); the card does not.
    const skip = new Set([
      'kind',
      'order',
      'slug',
      'name',
      'title',
      'variant',
      'variantName',
      'scentFamily',
      'audience',
      'type',
      'printCategory',
      'description',
      'image',
      'imageAlt',
      'icon',
      'documents',
      'technologies',
      'typicalProperties',
      'packaging',
      'storage',
      'shelfLife',
    ]);
    for (const { id, data } of items) {
      const shown = catalogueItem({ id, data }).facts.flatMap((fact) =>
        Array.isArray(fact.value) ? fact.value : [fact.value],
      );
      for (const [field, value] of Object.entries(data)) {
        if (skip.has(field)) continue;
        // The compliance entries are named on the card in one line, by their schemes and statuses.
        if (field === 'compliance')
          expect(shown, `${id}: ${field}`).toContain(complianceSummary(value as { scheme: string }[]));
        else
          for (const entry of Array.isArray(value) ? value : [value]) expect(shown, `${id}: ${field}`).toContain(entry);
      }
    }
  });
});

describe('the facts of an item', () => {
  it('carry one label per concept in every product kind', () => {
    const labelsOf = (field: string) =>
      new Set(
        items.flatMap(({ id, data }) => {
          const values = (data as Record<string, unknown>)[field];
          if (!Array.isArray(values)) return [];
          return catalogueItem({ id, data })
            .facts.filter((fact) => JSON.stringify(fact.value) === JSON.stringify(values))
            .map((fact) => fact.key);
        }),
      );
    const kinds = (field: string) => new Set(items.filter(({ data }) => field in data).map(({ data }) => data.kind));
    // Industries and application methods are named the same way by every kind that has them.
    expect(kinds('industries').size).toBeGreaterThan(1);
    expect(kinds('applicationMethods').size).toBeGreaterThan(1);
    expect([...labelsOf('industries')]).toEqual(['industries']);
    expect([...labelsOf('applicationMethods')]).toEqual(['applicationMethods']);
    for (const { id, data } of items) {
      for (const old of ['industry', 'methods', 'applicationMethod'])
        expect(data, `${id}: ${old}`).not.toHaveProperty(old);
    }
  });
});

describe("an item's industries, application methods and substrates", () => {
  const category = {
    industries: ['Apparel', 'Home textiles'],
    applicationMethods: ['Pad', 'Spray'],
    substrates: ['Cotton', 'Viscose'],
  };
  const aroma = {
    kind: 'aroma',
    name: 'Test Bloom',
    variantName: 'AF-900 Test Bloom',
    description: 'A test fragrance.',
  };

  it("are the category's where the item names none, and say so", () => {
    const item = catalogueItem({ id: 'aroma-finishes/test-bloom', data: partial(aroma) }, category);
    expect(item.industries).toEqual(category.industries);
    expect(item.applicationMethods).toEqual(category.applicationMethods);
    expect(item.substrates).toEqual(category.substrates);
    expect(item.inherited).toEqual({ industries: true, applicationMethods: true, substrates: true });
    expect(item.facts.filter((fact) => fact.inherited).map((fact) => [fact.key, fact.value])).toEqual([
      ['applicationMethods', category.applicationMethods],
      ['substrates', category.substrates],
      ['industries', category.industries],
    ]);
  });

  it("are the item's own where it names them: an editor's override, list by list", () => {
    const item = catalogueItem(
      {
        id: 'aroma-finishes/test-bloom',
        data: partial({ ...aroma, industries: ['Hospitality'], substrates: ['Silk'] }),
      },
      category,
    );
    expect(item.industries).toEqual(['Hospitality']);
    expect(item.applicationMethods).toEqual(category.applicationMethods);
    expect(item.substrates).toEqual(['Silk']);
    expect(item.inherited).toEqual({ industries: false, applicationMethods: true, substrates: false });
    expect(item.facts.find((fact) => fact.key === 'substrates')).toEqual({ key: 'substrates', value: ['Silk'] });
    expect(item.facts.find((fact) => fact.key === 'industries')).toEqual({ key: 'industries', value: ['Hospitality'] });
  });

  it('are empty, and not inherited, when neither names them', () => {
    const item = catalogueItem({ id: 'aroma-finishes/test-bloom', data: partial(aroma) }, {});
    expect([item.industries, item.applicationMethods, item.substrates, item.inherited]).toEqual([
      [],
      [],
      [],
      { industries: false, applicationMethods: false, substrates: false },
    ]);
    expect(item.facts.map((fact) => fact.key)).not.toContain('industries');
  });

  it('reach the search record, so /search filters by them', () => {
    const record = searchRecord(
      catalogueItem({ id: 'aroma-finishes/test-bloom', data: partial(aroma) }, category),
      'Aroma Finishes',
    );
    expect(record.filters).toEqual({
      category: ['Aroma Finishes'],
      industry: category.industries,
      method: category.applicationMethods,
      substrate: category.substrates,
    });
  });
});

describe('the data buyers look for', () => {
  const base = {
    kind: 'essential-oil',
    name: 'Test Oil',
    variant: 'EOA-TST-10',
    properties: ['A property'],
    benefits: ['A benefit'],
  };

  it('keeps typical properties in the order of the file, each with its unit and test method when it has them', () => {
    const item = model({
      ...base,
      typicalProperties: [
        { name: 'pH (1% solution)', value: '6.0-7.0', testMethod: 'ISO 4316' },
        { name: 'Solids content', value: '35', unit: '%' },
      ],
    });
    expect(item.typicalProperties).toEqual([
      { name: 'pH (1% solution)', value: '6.0-7.0', testMethod: 'ISO 4316' },
      { name: 'Solids content', value: '35', unit: '%' },
    ]);
    expect(model(base).typicalProperties).toEqual([]);
  });

  it('gives packaging, storage and shelf life in that order, only those the file names', () => {
    expect(model({ ...base, shelfLife: '12 months', packaging: '125 kg drums' }).handling).toEqual([
      { key: 'packaging', value: '125 kg drums' },
      { key: 'shelfLife', value: '12 months' },
    ]);
    expect(model(base).handling).toEqual([]);
  });

  it('keeps each compliance entry whole, and names the schemes with their status in one fact', () => {
    const entries = [
      {
        scheme: 'ZDHC MRSL',
        status: 'Level 3',
        certificateNumber: 'ZD-123',
        validUntil: '2027-03-31',
        verifyUrl: 'https://example.org/check?id=ZD-123',
      },
      { scheme: 'GOTS' },
    ];
    const item = model({ ...base, compliance: entries });
    expect(item.compliance).toEqual(entries);
    expect(item.facts.find((fact) => fact.key === 'compliance')).toEqual({
      key: 'compliance',
      value: 'ZDHC MRSL: Level 3 and GOTS',
    });
    // The launch content's one line reads as it did when it was a single text.
    expect(complianceSummary([{ scheme: 'OekoTex Standard 100' }, { scheme: 'ZDHC MRSL 2.0' }])).toBe(
      'OekoTex Standard 100 and ZDHC MRSL 2.0',
    );
    expect(complianceSummary([{ scheme: 'A' }, { scheme: 'B', status: 'Approved' }, { scheme: 'C' }])).toBe(
      'A, B: Approved and C',
    );
    expect(model(base).facts.map((fact) => fact.key)).not.toContain('compliance');
  });

  it('opens the contact form about the safety data sheet too', () => {
    expect(model(base, 'oils/test-oil').contact.safetyDataSheet).toBe(
      contactPath('safety-data-sheet', 'oils/test-oil'),
    );
  });
});
