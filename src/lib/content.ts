/**
 * Content queries shared by pages: every list comes out in its editor-set `order`.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { byOrder } from './navigation';

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

type PageName = 'home' | 'about' | 'careers' | 'technologies' | 'products' | 'portfolio' | 'contact' | 'search';
type AnyPage = Awaited<ReturnType<typeof getCollection<'pages'>>>[number]['data'];
/** The data of page P; overview pages share one variant whose `page` is a union. */
type PageData<P extends PageName> = AnyPage extends infer D ? (D extends { page: infer K } ? (P extends K ? D : never) : never) : never;

export async function companyPage<P extends PageName>(page: P) {
  const entries = await getCollection('pages');
  const entry = entries.find((e) => e.data.page === page);
  if (!entry) throw new Error(`src/content/pages: no file with "page: ${page}"`);
  return entry.data as PageData<P>;
}
