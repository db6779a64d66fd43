/**
 * Everything the site's search finds, made from the content as the pages read it: every catalogue
 * item (its model, src/model/catalogue-item.ts, and the words of its page), then the technology
 * and product category pages, labelled by their kind. A pure function: the site calls it with
 * Astro's collections (src/model/content.ts), the tests with the content files read from disk.
 */
import { catalogueItem, splitItemId, type CategoryDefaults, type ItemEntry } from '../model/catalogue-item';
import { categoryPath, technologyPath } from '../model/routes';
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
  }[];
  technologies: readonly {
    id: string;
    data: { title: string; shortDescription: string; description: string; searchDescription: string };
  }[];
  /** What a result that is a page is called (src/content/pages/search.md): "Technology", "Product category". */
  labels: { technology: string; category: string };
}

export function searchEntriesOf({ items, categories, technologies, labels }: SearchContent): SearchEntry[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return [
    ...items.map((item) => {
      const category = byId.get(splitItemId(item.id).category);
      const model = catalogueItem(item, category?.data);
      return searchEntry(model, searchRecord(model, category?.data.title ?? model.category), item.body ?? '');
    }),
    ...technologies.map(({ id, data }) =>
      pageEntry({
        url: technologyPath(id),
        title: data.title,
        kind: labels.technology,
        summary: data.shortDescription,
        text: `${data.description} ${data.searchDescription}`,
      }),
    ),
    ...categories.map(({ id, data }) =>
      pageEntry({
        url: categoryPath(id),
        title: data.title,
        kind: labels.category,
        summary: data.shortDescription,
        text: `${data.searchDescription} ${data.hero.intro}`,
      }),
    ),
  ];
}
