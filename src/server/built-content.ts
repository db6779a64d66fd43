/**
 * What the functions know of the content: one JSON file the build writes from src/content before
 * anything is bundled (./integration.ts), which every function that needs content imports through
 * the package import `#built-content` (package.json), so the file travels inside its bundle: the
 * contact function (bundled by Netlify after the build command) names the item a message is about,
 * and the pages rendered on demand (bundled by the adapter during the build) search. No function
 * reads Markdown or asks the site for a file
 * (docs/decisions/0091-functions-read-the-content-from-their-bundle.md).
 *
 * Each reader imports only its part by name (`import { itemLabels } from '#built-content'`), so a
 * bundle carries that part alone: the contact function never carries the search index.
 */
import { catalogueItem, splitItemId } from '../model/catalogue-item';
import { searchIndexOf, type SearchIndex } from '../search/catalogue-search';
import { searchEntriesOf, type SearchContent } from '../search/search-entries';

/** Where the build writes it, under the project's root: .netlify/ is the build's and git ignores it. */
export const builtContentFile = '.netlify/built-content.json';

export interface BuiltContent {
  /**
   * Every catalogue item's label, its name and codes ("Lavender Oil (EOA-LAV-30)", as in the
   * e-mail subject), by its id "<category>/<item>": the `about` of `/contact?topic=…&about=…`.
   */
  itemLabels: Record<string, string>;
  /** Everything the site's search finds (src/search/catalogue-search.ts, `searchIndexOf`). */
  searchIndex: SearchIndex;
}

/** Every item's label by its id, through the item model every page reads (src/model/catalogue-item.ts). */
export function itemLabelsOf(items: SearchContent['items'], categories: SearchContent['categories'] = []) {
  const defaults = new Map(categories.map((category) => [category.id, category.data]));
  const labels: Record<string, string> = {};
  for (const entry of items) {
    const item = catalogueItem(entry, defaults.get(splitItemId(entry.id).category));
    if (item.name) labels[item.id] = item.label;
  }
  return labels;
}

/** The functions' content, made from the content as the site reads it (the item model, the search's entries). */
export const builtContentOf = (content: SearchContent): BuiltContent => ({
  itemLabels: itemLabelsOf(content.items, content.categories),
  searchIndex: searchIndexOf(searchEntriesOf(content)),
});
