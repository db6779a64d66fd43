/**
 * What the site's search reads from the content, made once per build (every call of `astro dev`):
 * the index of everything it finds, the A-Z list of every item and the words of the search field.
 * The build writes the index to /search/index.json, which the pages rendered on demand read
 * (./served-index.ts).
 */
import { alphabeticalParts } from './alphabetical-list';
import { searchRecord } from './search-record';
import { searchIndexOf, type SearchIndex } from './catalogue-search';
import { searchEntriesOf } from './search-entries';
import { catalogueItem } from '../model/catalogue-item';
import { allProducts, categories, categoryOf, certifications, companyPage, technologies } from '../model/content';

/**
 * The words of the search field (src/search/SiteSearch.tsx), from /search's file. Its
 * "nothing matches" words are those for a page without the A-Z list, which it links to instead.
 */
export async function searchFieldWords() {
  const page = await companyPage('search');
  const { loading, noneInBar, atoZ, count, countOne, seeAll, offline, offlinePages, failed } = page.results;
  return { ...page.field, loading, none: noneInBar, count, countOne, seeAll, atoZ, offline, offlinePages, failed };
}

/**
 * The index of everything the site's search finds (src/search/catalogue-search.ts), made from the
 * collections once per build: every catalogue item, then the technology and product category
 * pages, labelled by their kind. The build writes it to /search/index.json, which the pages
 * rendered on demand read (src/search/served-index.ts).
 */
let indexOnce: Promise<SearchIndex> | undefined;
export const searchIndex = () => (import.meta.env.DEV ? makeSearchIndex() : (indexOnce ??= makeSearchIndex()));
async function makeSearchIndex(): Promise<SearchIndex> {
  const { results } = await companyPage('search');
  return searchIndexOf(
    searchEntriesOf({
      items: await allProducts(),
      categories: await categories(),
      technologies: await technologies(),
      certifications: (await certifications()).map(({ data }) => data),
      certificationPages: await Promise.all(
        (['home', 'about'] as const).map(async (page) => {
          const { title, description } = await companyPage(page);
          return { page, title, summary: description };
        }),
      ),
      labels: { technology: results.technologyLabel, category: results.categoryLabel, page: results.pageLabel },
    }),
  );
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
