/**
 * Content queries shared by pages: every list comes out in its editor-set `order`.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { alphabeticalParts } from './alphabetical-list';
import { byOrder, itemPath } from './navigation';
import { searchRecord } from './search';

export const technologies = async () => byOrder(await getCollection('technologies'));
export const categories = async () => byOrder(await getCollection('categories'));
export const certifications = async () => byOrder(await getCollection('certifications'));

/**
 * The slug of the category a catalogue item belongs to: the folder its file is in
 * (src/content/products/<category>/<item>.md), the first part of its id.
 */
export const categoryOf = (item: Pick<CollectionEntry<'products'>, 'id'>) => item.id.slice(0, item.id.indexOf('/'));

/**
 * Every catalogue item. Astro's getCollection resolves each entry's picture again on every call,
 * and an item page asks for its category's items (to link its neighbours): in a build, that made
 * the cost of each item grow with the size of the catalogue. A build reads the collection once;
 * `astro dev` (and /admin's preview) asks every time, so an edit shows at once.
 */
let productsOnce: ReturnType<typeof getCollection<'products'>> | undefined;
export const allProducts = () => (import.meta.env.DEV ? getCollection('products') : (productsOnce ??= getCollection('products')));

const categoryItemsOnce = new Map<string, CollectionEntry<'products'>[]>();
/** Catalogue items of one category, in order. */
export async function productsOf(categorySlug: string): Promise<CollectionEntry<'products'>[]> {
  const cached = import.meta.env.DEV ? undefined : categoryItemsOnce.get(categorySlug);
  if (cached) return cached;
  const items = byOrder((await allProducts()).filter((item) => categoryOf(item) === categorySlug));
  if (!import.meta.env.DEV) categoryItemsOnce.set(categorySlug, items);
  return items;
}

type AnyPage = CollectionEntry<'pages'>['data'];
/** The pages src/content/pages may describe (the `page` field of its schema). */
export type PageName = AnyPage['page'];
/** The data of page P; overview pages share one variant whose `page` is a union. */
export type PageData<P extends PageName> = AnyPage extends infer D ? (D extends { page: infer K } ? (P extends K ? D : never) : never) : never;

export async function companyPage<P extends PageName>(page: P) {
  const entries = await getCollection('pages');
  const entry = entries.find((e) => e.data.page === page);
  if (!entry) throw new Error(`src/content/pages: no file with "page: ${page}"`);
  return entry.data as PageData<P>;
}

/** The parts of /search's A-Z list of every catalogue item (src/lib/alphabetical-list.ts), made once per build. */
let atoZOnce: ReturnType<typeof makeCatalogueAtoZ> | undefined;
export const catalogueAtoZ = () => (import.meta.env.DEV ? makeCatalogueAtoZ() : (atoZOnce ??= makeCatalogueAtoZ()));
async function makeCatalogueAtoZ() {
  const titles = new Map((await categories()).map((category) => [category.id, category.data.title]));
  const records = (await allProducts()).map((item) => {
    const category = categoryOf(item);
    return searchRecord(item, titles.get(category) ?? category, itemPath(category, item.id.slice(category.length + 1)));
  });
  return alphabeticalParts(records);
}
