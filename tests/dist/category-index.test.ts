/**
 * Every category page as built opens with the list of its items (name and code, each linked to
 * its page), before the text about the category and the cards: a nav headed by its own heading,
 * in the order of the cards below it. Expectations come from the content and the item model.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { itemCodes, type ItemData } from '../../src/model/catalogue-item';
import { fill } from '../../src/model/labels';
import { itemPath } from '../../src/model/routes';
import { all, attribute, named, readPage, shownText } from '../support/html';
import { dist, offerings, productsOf, readContent } from '../support/site';

const words = readContent('site/labels.json').catalogue as { itemIndex: string };
const categories = offerings('categories');

describe('category pages', () => {
  it('the catalogue has categories', () => expect(categories.length).toBeGreaterThan(0));

  it.each(categories.map((c) => [c.slug, c] as const))(
    '%s: opens with every item by name and code, each linked to its page',
    (slug, { title }) => {
      const document = readPage(join(dist, 'products', `${slug}.html`));
      const heading = fill(words.itemIndex, { category: title });
      const [nav, ...more] = named('nav', heading, document, document);
      expect(more).toEqual([]);
      expect(all('h2', nav!).map(shownText)).toEqual([heading]);

      // The cards' order is the page's (groups and order fields): the list follows it.
      const cards = all('#products article', document);
      const items = productsOf(slug);
      expect(cards).toHaveLength(items.length);
      const expected = cards.map((card) => {
        const item = items.find((i) => i.id === attribute(card, 'id'))!;
        const code = itemCodes(item.data as ItemData)[0];
        return { href: itemPath(slug, item.id), text: code ? `${item.title} ${code}` : item.title };
      });
      const links = all('li > a', nav!);
      expect(links.map((a) => ({ href: attribute(a, 'href'), text: shownText(a) }))).toEqual(expected);

      // It comes first: before the page's other sections' headings, right after the h1.
      const headings = all('main h1, main h2', document).map(shownText);
      expect(headings.slice(0, 2)).toEqual([headings[0], heading]);
    },
  );
});
