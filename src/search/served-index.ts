/**
 * The search index the search pages read (/search, /search/answer.json and /search with a query):
 * the one the build wrote from the content into the functions' content (src/server/built-content.ts),
 * part of the bundle of the function that renders them on demand. A server that starts cold has
 * it at once: no request to the site's own files, no index made again from the collections
 * (docs/decisions/0051-search-index-made-at-build.md, 0091-functions-read-the-content-from-their-bundle.md).
 *
 * `astro dev` makes it from the files as they are at each search, so an edit shows at once; that
 * branch is left out of the build.
 */
import { searchIndex } from '#built-content';
import type { SearchIndex } from './catalogue-search';

export async function servedSearchIndex(): Promise<SearchIndex> {
  if (import.meta.env.DEV) {
    const { builtContentFrom } = await import('../server/content-files');
    return builtContentFrom(process.cwd()).searchIndex;
  }
  return searchIndex;
}
