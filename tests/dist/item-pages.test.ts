/**
 * Every item page as built: headed by the item's name, with its breadcrumb, every field of its
 * file, its compliance lines, its structured data and its canonical address; and its documents,
 * each under the heading of its type, with its size and language, answered as a PDF. Expectations
 * come from the content and the catalogue item model.
 */
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { catalogueItem, complianceLine, itemName, type ItemData } from '../../src/model/catalogue-item';
import {
  all,
  attribute,
  closest,
  isHidden,
  named,
  one,
  readPage,
  region,
  shownText,
  text,
  type Element,
} from '../support/html';
import { dist, offerings, productsOf, readContent } from '../support/site';

const site = inject('site');

const words = readContent('site/labels.json').catalogue as { documents: string; compliance: string };

const items = offerings('categories').flatMap(({ slug: category, data: categoryData }) =>
  productsOf(category).map((product) => ({
    id: `${category}/${product.id}`,
    data: product.data as ItemData & { documents?: { type: string; title: string; language: string }[] },
    categoryData,
  })),
);
/** The elements before `element` under its parent, nearest first. */
const siblingsBefore = (element: Element): Element[] => {
  const before: Element[] = [];
  for (let node = element.prev; node; node = node.prev) if (node.type === 'tag') before.push(node as Element);
  return before;
};
const page = (id: string) => readPage(join(dist, 'products', `${id}.html`));

describe('item pages', () => {
  it('the catalogue has items', () => expect(items.length).toBeGreaterThan(0));

  it.each(items.map((item) => [item.id, item] as const))(
    '%s: headed by its name, with a breadcrumb, every field, its compliance and its structured data',
    (id, item) => {
      const document = page(id);
      expect(all('h1', document).map(shownText)).toEqual([itemName(item.data)]);

      const [breadcrumb, ...more] = named('nav', 'Breadcrumb', document, document);
      expect(more).toEqual([]);
      const crumbs = all('a[href]', breadcrumb!).filter((link) => !isHidden(link));
      expect(crumbs).toHaveLength(3);
      expect(attribute(crumbs[2], 'aria-current')).toBe('page');

      // Each field's (first) value, shown as such in a list of facts.
      const inFacts = all('dl *', document)
        .filter((element) => !isHidden(element))
        .map(shownText);
      for (const fact of catalogueItem(item, item.categoryData).facts) {
        // Compliance has a section of its own, with each scheme's proof.
        if (fact.key === 'compliance') continue;
        const first = Array.isArray(fact.value) ? fact.value[0]! : fact.value;
        expect(inFacts, `${id}: ${fact.key}`).toContain(first);
      }

      const compliance = region(document, words.compliance);
      expect(compliance ? all('li > p:first-child', compliance).map(shownText) : [], `${id}: compliance`).toEqual(
        (item.data.compliance ?? []).map(complianceLine).map((line) => line.replace(': ', ' · ')),
      );

      const jsonLd = all('script[type="application/ld+json"]', document).map((script) => JSON.parse(text(script)));
      expect(jsonLd.map((data) => data['@type'])).toEqual(expect.arrayContaining(['BreadcrumbList', 'Product']));
      const product = jsonLd.find((data) => data['@type'] === 'Product');
      expect(product.name).toBe(itemName(item.data));
      expect(product.brand['@id']).toBe(product.manufacturer['@id']);

      expect(attribute(one('link[rel="canonical"]', document), 'href')).toMatch(new RegExp(`/products/${id}$`));
    },
  );

  const withDocument = items.find((item) => item.data.documents?.length);
  it.skipIf(!withDocument)('documents are listed under their type, with their size and language, and are PDFs', async () => {
    const document = page(withDocument!.id);
    const file = withDocument!.data.documents![0]!;
    const documents = region(document, words.documents);
    const [link] = named('a[href]', file.title, documents!, document);
    expect(link, file.title).toBeDefined();
    const entry = closest(link!, (element) => element.name === 'li')!;
    // Under the heading of its type: the nearest h3 before its list.
    const heading = siblingsBefore(entry.parent as Element).find((element) => element.name === 'h3');
    expect(heading && shownText(heading)).toBe(file.type);
    expect(shownText(entry)).toMatch(/PDF, \d+ (bytes|KB|MB)/);
    expect(attribute(link, 'hreflang')).toBe(file.language);
    const response = await fetch(new URL(attribute(link, 'href')!, site));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
