/** The item page's data (src/lib/item-page.ts): what ProductPage.astro shows, without Astro. */
import { describe, expect, it } from 'vitest';
import type { ItemData, ItemEntry } from '../../src/lib/catalogue-item';
import { itemPageData, type ItemPageInput } from '../../src/lib/item-page';
import { fill, labels } from '../../src/lib/labels';
import { categoryPath, contactPath, routes, technologyPath } from '../../src/lib/routes';
import topics from '../../src/content/topics.json';

const site = new URL('https://www.example.com');
const print = (n: number): ItemEntry => ({
  id: `prints/print-${n}`,
  data: {
    kind: 'speciality-print',
    order: n,
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
    const trail = JSON.parse(JSON.stringify(page.jsonLd.breadcrumb)) as { itemListElement: { name: string; item: string }[] };
    expect(trail.itemListElement.map((step) => [step.name, step.item])).toEqual(page.breadcrumb.map((step) => [step.name, new URL(step.href, site).href]));
    expect(page.pageUrl.href).toBe('https://www.example.com/products/prints/print-1');
  });

  it('opens the contact form about the item, and asks for the data sheet only when there is none', () => {
    const page = itemPageData(input());
    expect(page.actions).toEqual([
      { label: labels.catalogue.requestSample, href: contactPath('samples', 'prints/print-1'), variant: 'primary' },
      { label: labels.catalogue.askAboutProduct, href: contactPath('product-question', 'prints/print-1'), variant: 'secondary' },
    ]);
    expect(page.dataSheetRequest).toEqual({ name: labels.catalogue.requestDataSheet, href: contactPath('technical-data', 'prints/print-1') });
    const sheet = { type: 'Technical data sheet', title: 'TDS', language: 'en', href: '/documents/prints/tds.pdf', bytes: 1000 };
    expect(itemPageData(input({ documents: [sheet] })).dataSheetRequest).toBeUndefined();
    expect(() => itemPageData(input({ topicIds: ['samples'] }))).toThrow(/topics\.json: the item pages need a topic with id "product-question"/);
  });

  it('links the technologies and up to 12 neighbours, then the whole category', () => {
    const page = itemPageData(input({ item: items[9]! }));
    expect(page.technologies).toEqual([{ name: 'Microencapsulation', href: technologyPath('microencapsulation') }]);
    expect(page.more.heading).toBe(fill(labels.catalogue.more, { category: 'Prints & Co' }));
    expect(page.more.items).toHaveLength(12);
    expect(page.more.items.map((i) => i.name)).not.toContain('Print 10');
    expect(page.more.all).toEqual({ name: fill(labels.catalogue.allItems, { count: 20, category: 'Prints & Co' }), href: categoryPath('prints') });
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
    expect(page.searchHtml).toContain('<span data-pagefind-meta="category">Prints &amp; Co</span>');
    expect(page.searchHtml).toContain('<span data-pagefind-meta="code">SP-T-101, SP-T-102</span>');
  });
});
