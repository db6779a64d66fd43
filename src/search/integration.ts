/**
 * Site search without JavaScript: /search with a query or filters (?q=…, or any key of
 * `searchFilters`: a shared link, the top bar's form) is answered by /search rendered on demand
 * (src/pages/search/results.astro, in the function @astrojs/netlify builds), with the matching
 * items and pages above the A-Z list. A plain /search stays a static file. One rule per key, made
 * from `searchFilters`, so a filter added there is answered with no other edit; the target has no
 * query of its own, so the whole query goes with it. The islands fetch the same answer as JSON
 * from /search/answer.json, rendered on demand too.
 */
import { routes, type QueryRewrite } from '../model/routes';
import { queryRewrites } from '../../tools/build/query-rewrites';
import { searchFilters } from './search';

export const searchRewrites: readonly QueryRewrite[] = ['q', ...searchFilters.map(({ key }) => key)].map((key) => ({
  from: routes.search,
  query: { [key]: `:${key}` },
  to: routes.searchResults,
}));

export const searchRewritesFile = () =>
  queryRewrites(
    'search-rewrites',
    'Search with a query or filters, rendered on demand (src/search/integration.ts)',
    searchRewrites,
  );
