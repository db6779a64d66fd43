/** The item page's data (src/model/item-page.ts): what ProductPage.astro shows, without Astro. */
import { describe, expect, it } from 'vitest';
import type { ItemData, ItemEntry } from '../../src/model/catalogue-item';
import {
  documentGroups,
  documentsInSeveralLanguages,
  itemPageData,
  languageName,
  type ItemPageInput,
  type PageDocument,
} from '../../src/model/item-page';
import { fill, labels } from '../../src/model/labels';
import { categoryPath, contactPath, routes, technologyPath } from '../../src/model/routes';
import topics from '../../src/content/topics.json';

const site = new URL('https://www.example.com');
const print = (n: number): ItemEntry => ({
  id: `prints/print-${n}`,
  data: {
    kind: 'speciality-print',
    order: n,
    slug: `print-${n}`,
    title: `Print ${n}`,
    printCategory: 'Dimensional',
    variants: [`SP-T-${n}01 Clear`, `SP-T-${n}02 Matt`],
    description: 'A raised print.',
    information: 'Cure at 150 °C.',
    applicationMethods: ['Screen print'],
    industries: ['Apparel'],
    image: undefined as never,
    imageAlt: 'A picture',
  } satisfies ItemData,
});
const items = Array.from({ length: 20 }, (_, i) => print(i + 1));
const input = (extra: Partial<ItemPageInput> = {}): ItemPageInput => ({
  item: items[0]!,
  category: { id: 'prints', title: 'Prints & Co' },
  categoryItems: items,
  technologies: [{ id: 'microencapsulation', title: 'Microencapsulation' }],
  documents: [],
  topicIds: topics.map((t) => t.id),
  site,
  image: 'https://www.example.com/a.webp',
  organization: { id: 'https://www.example.com/#organization', name: 'Example Co' },
  ...extra,
});

describe('the data of an item page', () => {
  it('leads from the products page through the category to the item, in words from the content and addresses from routes', () => {
    const page = itemPageData(input());
    expect(page.breadcrumb).toEqual([
      { name: labels.subNav.categories.title, href: routes.products },
      { name: 'Prints & Co', href: categoryPath('prints') },
      { name: 'Print 1', href: `${categoryPath('prints')}/print-1` },
    ]);
    const trail = JSON.parse(JSON.stringify(page.jsonLd.breadcrumb)) as {
      itemListElement: { name: string; item: string }[];
    };
    expect(trail.itemListElement.map((step) => [step.name, step.item])).toEqual(
      page.breadcrumb.map((step) => [step.name, new URL(step.href, site).href]),
    );
    expect(page.pageUrl.href).toBe('https://www.example.com/products/prints/print-1');
  });

  it('opens the contact form about the item, and asks for each data sheet only when there is none', () => {
    const page = itemPageData(input());
    expect(page.actions).toEqual([
      { label: labels.catalogue.requestSample, href: contactPath('samples', 'prints/print-1'), variant: 'primary' },
      {
        label: labels.catalogue.askAboutProduct,
        href: contactPath('product-question', 'prints/print-1'),
        variant: 'secondary',
      },
    ]);
    const dataSheetRequest = {
      name: labels.catalogue.requestDataSheet,
      href: contactPath('technical-data', 'prints/print-1'),
    };
    const safetyRequest = {
      name: labels.catalogue.requestSafetyDataSheet,
      href: contactPath('safety-data-sheet', 'prints/print-1'),
    };
    expect(page.documentRequests).toEqual([dataSheetRequest, safetyRequest]);
    const sheet = {
      type: 'Technical data sheet',
      title: 'TDS',
      language: 'en',
      href: '/documents/prints/tds.pdf',
      bytes: 1000,
    };
    const safety = {
      type: 'Safety data sheet',
      title: 'SDS',
      language: 'de',
      region: 'European Union',
      href: '/documents/prints/sds-eu.pdf',
      bytes: 1000,
    };
    expect(itemPageData(input({ documents: [sheet] })).documentRequests).toEqual([safetyRequest]);
    expect(itemPageData(input({ documents: [safety] })).documentRequests).toEqual([dataSheetRequest]);
    expect(itemPageData(input({ documents: [safety, sheet] })).documentRequests).toEqual([]);
    expect(() => itemPageData(input({ topicIds: ['samples'] }))).toThrow(
      /topics\.json: the item pages need a topic with id "product-question"/,
    );
    expect(() =>
      itemPageData(input({ topicIds: topics.map((t) => t.id).filter((id) => id !== 'safety-data-sheet') })),
    ).toThrow(/a topic with id "safety-data-sheet"/);
  });

  it('links the technologies and up to 12 neighbours, then the whole category', () => {
    const page = itemPageData(input({ item: items[9]! }));
    expect(page.technologies).toEqual([{ name: 'Microencapsulation', href: technologyPath('microencapsulation') }]);
    expect(page.more.heading).toBe(fill(labels.catalogue.more, { category: 'Prints & Co' }));
    expect(page.more.items).toHaveLength(12);
    expect(page.more.items.map((i) => i.name)).not.toContain('Print 10');
    expect(page.more.all).toEqual({
      name: fill(labels.catalogue.allItems, { count: 20, category: 'Prints & Co' }),
      href: categoryPath('prints'),
    });
    const small = itemPageData(input({ categoryItems: items.slice(0, 3) }));
    expect(small.more.items.map((i) => i.href)).toEqual(['/products/prints/print-2', '/products/prints/print-3']);
    expect(small.more.all).toBeUndefined();
  });

  it('describes the item as a Product of the company, and gives search its record', () => {
    const page = itemPageData(input());
    expect(JSON.parse(JSON.stringify(page.jsonLd.product))).toMatchObject({
      '@type': 'Product',
      name: 'Print 1',
      url: 'https://www.example.com/products/prints/print-1',
      category: 'Prints & Co',
      image: 'https://www.example.com/a.webp',
      brand: { '@id': 'https://www.example.com/#organization', name: 'Example Co' },
      isRelatedTo: [{ sku: 'SP-T-101' }, { sku: 'SP-T-102' }],
    });
  });

  it('carries typical properties and compliance into the Product JSON-LD, and lists compliance in its own section, not among the facts', () => {
    const item: ItemEntry = {
      id: 'prints/print-1',
      data: {
        ...(items[0]!.data as Extract<ItemData, { kind: 'speciality-print' }>),
        typicalProperties: [
          { name: 'Viscosity', value: '12000', unit: 'mPa·s', testMethod: 'Brookfield RVT, spindle 6, 20 rpm' },
          { name: 'pH', value: '8.0-9.0' },
        ],
        compliance: [
          {
            scheme: 'ZDHC MRSL',
            status: 'Level 3',
            certificateNumber: 'ZD-1',
            validUntil: '2027-03-31',
            verifyUrl: 'https://example.org/verify/ZD-1',
          },
        ],
      },
    };
    const page = itemPageData(input({ item }));
    expect(page.model.facts.map((fact) => fact.key)).toContain('compliance');
    expect(page.facts.map((fact) => fact.key)).not.toContain('compliance');
    const product = JSON.parse(JSON.stringify(page.jsonLd.product)) as Record<string, unknown>;
    expect(product.additionalProperty).toEqual([
      {
        '@type': 'PropertyValue',
        name: 'Viscosity',
        value: 12000,
        unitText: 'mPa·s',
        measurementTechnique: 'Brookfield RVT, spindle 6, 20 rpm',
      },
      { '@type': 'PropertyValue', name: 'pH', value: '8.0-9.0' },
    ]);
    expect(product.hasCertification).toEqual([
      {
        '@type': 'Certification',
        name: 'ZDHC MRSL, Level 3',
        certificationIdentification: 'ZD-1',
        expires: '2027-03-31',
        url: 'https://example.org/verify/ZD-1',
      },
    ]);
    // Without them, the Product says nothing of either.
    const plain = JSON.parse(JSON.stringify(itemPageData(input()).jsonLd.product)) as Record<string, unknown>;
    expect(plain).not.toHaveProperty('additionalProperty');
    expect(plain).not.toHaveProperty('hasCertification');
  });
});

describe('the documents of an item page', () => {
  const doc = (type: string, language: string, region?: string): PageDocument => ({
    type,
    title: `${type} ${language} ${region ?? ''}`.trim(),
    language,
    ...(region ? { region } : {}),
    href: `/documents/prints/${type.toLowerCase().replaceAll(' ', '-')}-${language}.pdf`,
    bytes: 1234,
  });

  it('groups them by type, in the order of the types, whatever order the file lists them in', () => {
    const groups = documentGroups([
      doc('Brochure', 'en'),
      doc('Safety data sheet', 'en', 'India'),
      doc('Technical data sheet', 'en'),
      doc('Safety data sheet', 'de', 'European Union'),
    ]);
    expect(groups.map((g) => g.type)).toEqual(['Technical data sheet', 'Safety data sheet', 'Brochure']);
    expect(groups.map((g) => g.documents.length)).toEqual([1, 2, 1]);
    expect(documentGroups([])).toEqual([]);
  });

  it("puts those in the page's language first, then the others as the file lists them, and says which groups hold several languages", () => {
    const [safety] = documentGroups([
      doc('Safety data sheet', 'de', 'European Union'),
      doc('Safety data sheet', 'th', 'Thailand'),
      doc('Safety data sheet', 'en', 'India'),
      doc('Safety data sheet', 'en-GB', 'United Kingdom'),
    ]);
    expect(safety!.documents.map((d) => d.language)).toEqual(['en', 'en-GB', 'de', 'th']);
    expect(safety!.byLanguage).toBe(true);
    // Another page language, another first.
    expect(
      documentGroups([doc('Brochure', 'en'), doc('Brochure', 'th')], 'th')[0]!.documents.map((d) => d.language),
    ).toEqual(['th', 'en']);
    // One language, however many regions: nothing to reorder.
    expect(
      documentGroups([doc('Safety data sheet', 'en', 'India'), doc('Safety data sheet', 'en-GB', 'United Kingdom')])[0]!
        .byLanguage,
    ).toBe(false);
    // The page carries the script (and its policy the script's hash) only then.
    expect(
      documentsInSeveralLanguages([
        doc('Safety data sheet', 'en', 'India'),
        doc('Safety data sheet', 'en-GB', 'United Kingdom'),
        doc('Brochure', 'de'),
      ]),
    ).toBe(false);
    expect(
      documentsInSeveralLanguages([
        doc('Safety data sheet', 'en', 'India'),
        doc('Safety data sheet', 'de', 'European Union'),
      ]),
    ).toBe(true);
    expect(documentsInSeveralLanguages([])).toBe(false);
  });

  it('names each language in the words of the page, and keeps the region', () => {
    const [group] = documentGroups([doc('Safety data sheet', 'de', 'European Union')]);
    expect(group!.documents[0]).toMatchObject({ language: 'de', languageName: 'German', region: 'European Union' });
    expect(languageName('en-GB')).toBe('British English');
    expect(languageName('th')).toBe('Thai');
  });
});
