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

/** Catalogue items of one category, in order. */
export async function productsOf(categorySlug: string) {
  return byOrder(await getCollection('products', (item) => categoryOf(item) === categorySlug));
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

/** The parts of /search's A-Z list of every catalogue item (src/lib/alphabetical-list.ts). */
export async function catalogueAtoZ() {
  const titles = new Map((await categories()).map((category) => [category.id, category.data.title]));
  const records = (await getCollection('products')).map((item) => {
    const category = categoryOf(item);
    return searchRecord(item, titles.get(category) ?? category, itemPath(category, item.id.slice(category.length + 1)));
  });
  return alphabeticalParts(records);
}
