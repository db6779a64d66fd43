/**
 * The search index the pages rendered on demand search (/search/answer.json and /search with a
 * query): the one the build wrote to /search/index.json from the collections. A server that starts
 * cold reads that file, one request to the site's own static files, instead of reading the whole
 * catalogue back from the collections and its text word by word; at 10,000 items that was most of
 * a second before the first answer (docs/decisions/0051-search-index-made-at-build.md).
 *
 * Should the file not come (a deploy whose files need a password the function does not have),
 * the server makes the same index from its collections, as `astro dev` always does: slower to
 * start, the same answers.
 */
import { searchIndex } from '../model/content';
import { routes } from '../model/routes';
import type { SearchIndex } from './catalogue-search';

let servedOnce: Promise<SearchIndex> | undefined;

export function servedSearchIndex(site: URL): Promise<SearchIndex> {
  if (import.meta.env.DEV) return searchIndex();
  return (servedOnce ??= builtIndex(site).catch((error: unknown) => {
    console.error(`${routes.searchIndex}: could not be read (${String(error)}); searching the collections instead`);
    return searchIndex();
  }));
}

async function builtIndex(site: URL): Promise<SearchIndex> {
  const response = await fetch(new URL(routes.searchIndex, site.origin));
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return (await response.json()) as SearchIndex;
}
