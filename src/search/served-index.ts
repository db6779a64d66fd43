/**
 * The search index the pages rendered on demand search (/search/answer.json and /search with a
 * query): the one the build wrote to /search/index.json from the collections. A server that starts
 * cold reads that file, one request to this deploy's own static files, instead of reading the whole
 * catalogue back from the collections and its text word by word; at 10,000 items that was most of
 * a second before the first answer (docs/decisions/0051-search-index-made-at-build.md).
 *
 * The file is asked of the deploy's own address as configured (src/server/own-address.ts:
 * `DEPLOY_URL` first, which `npm start`'s server sets to itself), never of the address a request
 * names: a request with another Host cannot make the server search another site's index
 * (docs/decisions/0069-the-site-reads-its-own-address.md). Should the file not come, or no
 * address be configured (a deploy whose files need a password the function does not have), the
 * server makes the same index from its collections, as `astro dev` always does: slower to start,
 * the same answers.
 */
import { searchIndex } from './site-index';
import { routes } from '../model/routes';
import { ownOrigins } from '../server/own-address';
import type { SearchIndex } from './catalogue-search';

let servedOnce: Promise<SearchIndex> | undefined;

export function servedSearchIndex(): Promise<SearchIndex> {
  if (import.meta.env.DEV) return searchIndex();
  return (servedOnce ??= builtIndex().catch((error: unknown) => {
    console.error(`${routes.searchIndex}: could not be read (${String(error)}); searching the collections instead`);
    return searchIndex();
  }));
}

async function builtIndex(): Promise<SearchIndex> {
  const [site] = ownOrigins();
  if (!site) throw new Error('no address of this deploy is configured (DEPLOY_URL, URL, SITE_URL)');
  const response = await fetch(new URL(routes.searchIndex, site));
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return (await response.json()) as SearchIndex;
}
