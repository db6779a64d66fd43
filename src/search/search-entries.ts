/**
 * Everything the site's search finds, made from the content as the pages read it: every catalogue
 * item (its model, src/model/catalogue-item.ts, and the words of its page), then the technology
 * and product category pages (every word of their files), and the pages that show the
 * certifications (home, About), labelled by their kind: every word the site uses is found. A pure function: the site calls it with
 * Astro's collections (src/model/content.ts), the tests with the content files read from disk.
 */
import { catalogueItem, splitItemId, type CategoryDefaults, type ItemEntry } from '../model/catalogue-item';
import { categoryPath, routes, technologyPath } from '../model/routes';
import { pageEntry, searchEntry, type SearchEntry } from './catalogue-search';
import { searchRecord } from './search-record';

export interface SearchContent {
  /** Each item with the Markdown body of its file. */
  items: readonly (ItemEntry & { body?: string | undefined })[];
  categories: readonly {
    id: string;
    data: CategoryDefaults & {
      title: string;
      shortDescription: string;
      searchDescription: string;
      hero: { intro: string };
    };
    body?: string | undefined;
  }[];
  technologies: readonly {
    id: string;
    data: { title: string; shortDescription: string; description: string; searchDescription: string };
    body?: string | undefined;
  }[];
  /** The certifications the home and About pages show (src/content/certifications/certifications.json). */
  certifications?: readonly { name: string; description: string }[];
  /** The pages that show the certifications, with their title and description. */
  certificationPages?: readonly { page: 'home' | 'about'; title: string; summary: string }[];
  /** What a result that is a page is called (src/content/pages/search.md): "Technology", "Product category", "Page". */
  labels: { technology: string; category: string; page: string };
}

/**
 * Every word an editor wrote in a page's fields (headings, badges, blocks, facts), and its Markdown
 * body: a word the page shows finds it. Addresses and file names are not words of the page.
 */
export function wordsOfPage(data: unknown, body = ''): string {
  const words: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (!/^(\.{0,2}\/|https?:|mailto:|tel:)/.test(value)) words.push(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    // A picture as Astro gives it (its address, size and format) says nothing a visitor reads.
    else if (value && typeof value === 'object' && !('src' in value && 'format' in value))
      Object.values(value).forEach(walk);
  };
  walk(data);
  return [...words, body].join(' ');
}

export function searchEntriesOf({
  items,
  categories,
  technologies,
  certifications = [],
  certificationPages = [],
  labels,
}: SearchContent): SearchEntry[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return [
    ...items.map((item) => {
      const category = byId.get(splitItemId(item.id).category);
      const model = catalogueItem(item, category?.data);
      return searchEntry(model, searchRecord(model, category?.data.title ?? model.category), item.body ?? '');
    }),
    ...technologies.map(({ id, data, body }) =>
      pageEntry({
        url: technologyPath(id),
        title: data.title,
        kind: labels.technology,
        summary: data.shortDescription,
        text: wordsOfPage({ ...data, title: undefined }, body),
      }),
    ),
    ...categories.map(({ id, data, body }) =>
      pageEntry({
        url: categoryPath(id),
        title: data.title,
        kind: labels.category,
        summary: data.shortDescription,
        text: wordsOfPage({ ...data, title: undefined }, body),
      }),
    ),
    ...(certifications.length === 0
      ? []
      : certificationPages.map(({ page, title, summary }) =>
          pageEntry({
            url: routes[page],
            title,
            kind: labels.page,
            summary,
            text: certifications.map(({ name, description }) => `${name} ${description}`).join(' '),
          }),
        )),
  ];
}
