/**
 * What the site's search pages read from the collections, made once per build (every call of
 * `astro dev`): the A-Z list of every item and the words of the search field. The index of
 * everything the search finds is made from the content before the build (src/server/built-content.ts)
 * and read by every search (./served-index.ts).
 */
import { alphabeticalParts } from './alphabetical-list';
import { searchRecord } from './search-record';
import { catalogueItem } from '../model/catalogue-item';
import { allProducts, categories, categoryOf, companyPage } from '../model/content';

/**
 * The words of the search field (src/search/SiteSearch.tsx), from /search's file. Its
 * "nothing matches" words are those for a page without the A-Z list, which it links to instead.
 */
export async function searchFieldWords() {
  const page = await companyPage('search');
  const { loading, noneInBar, atoZ, count, countOne, seeAll, offline, offlinePages, failed } = page.results;
  return { ...page.field, loading, none: noneInBar, count, countOne, seeAll, atoZ, offline, offlinePages, failed };
}

/** The parts of /search's A-Z list of every catalogue item (src/search/alphabetical-list.ts), made once per build. */
let atoZOnce: ReturnType<typeof makeCatalogueAtoZ> | undefined;
export const catalogueAtoZ = () => (import.meta.env.DEV ? makeCatalogueAtoZ() : (atoZOnce ??= makeCatalogueAtoZ()));
async function makeCatalogueAtoZ() {
  const byId = new Map((await categories()).map((category) => [category.id, category]));
  const records = (await allProducts()).map((item) => {
    const category = byId.get(categoryOf(item));
    const model = catalogueItem(item, category?.data);
    return searchRecord(model, category?.data.title ?? model.category);
  });
  return alphabeticalParts(records);
}
