/**
 * Content queries shared by pages: every list comes out in its editor-set `order`.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { catalogueItem, splitItemId } from './catalogue-item';
import { referenceProblems } from '../schemas/content-references';
import { byOrder } from './navigation';
import { fillCounts, isCountedPage, overviewCounts } from './item-count';

export const technologies = async () => byOrder(await getCollection('technologies'));
export const categories = async () => byOrder(await getCollection('categories'));
export const certifications = async () => byOrder(await getCollection('certifications'));

/**
 * The slug of the category a catalogue item belongs to: the folder its file is in
 * (src/content/products/<category>/<item>.md), the first part of its id.
 */
export const categoryOf = (item: Pick<CollectionEntry<'products'>, 'id'>) => splitItemId(item.id).category;

/**
 * Every catalogue item. Astro's getCollection resolves each entry's picture again on every call,
 * and an item page asks for its category's items (to link its neighbours): in a build, that made
 * the cost of each item grow with the size of the catalogue. A build reads the collection once;
 * `astro dev` (and /admin's preview) asks every time, so an edit shows at once.
 */
let productsOnce: ReturnType<typeof loadProducts> | undefined;
export const allProducts = () => (import.meta.env.DEV ? loadProducts() : (productsOnce ??= loadProducts()));

/**
 * The catalogue items, once each reference they make names an entry: a broken one stops the
 * build with `file: field: message` (src/schemas/content-references.ts), where Astro would only log
 * it and build a page that links nowhere.
 */
async function loadProducts() {
  const [items, known] = await Promise.all([getCollection('products'), technologies()]);
  const problems = referenceProblems(
    items.map((item) => ({ file: item.filePath ?? `src/content/products/${item.id}.md`, data: item.data })),
    { technologies: new Set(known.map((t) => t.id)) },
  );
  if (problems.length)
    throw new Error(
      `Broken references in the content:\n${problems.map((p) => `${p.file}: ${p.field}: ${p.message}`).join('\n')}`,
    );
  return items;
}

/** The technologies an item draws on, in the order it names them (each one exists: see `allProducts`). */
export async function technologiesOf(item: CollectionEntry<'products'>): Promise<CollectionEntry<'technologies'>[]> {
  const byId = new Map((await technologies()).map((t) => [t.id, t]));
  return (item.data.technologies ?? []).flatMap(({ id }) => byId.get(id) ?? []);
}

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
export type PageData<P extends PageName> = AnyPage extends infer D
  ? D extends { page: infer K }
    ? P extends K
      ? D
      : never
    : never
  : never;

export async function companyPage<P extends PageName>(page: P) {
  const entries = await getCollection('pages');
  const entry = entries.find((e) => e.data.page === page);
  if (!entry) throw new Error(`src/content/pages: no file with "page: ${page}"`);
  return withCounts(page, entry.data as PageData<P>);
}

/**
 * A page's data with "{count}" written out: in every text of an overview page, the number of the
 * cards it lists; in the home page's sections of cards, the number each shows. The /admin preview
 * fills an edited page's the same way.
 */
export async function withCounts<P extends PageName>(page: P, data: PageData<P>): Promise<PageData<P>> {
  if (isCountedPage(page)) {
    const listed = overviewCounts[page] === 'technologies' ? await technologies() : await categories();
    return fillCounts(data, listed.length);
  }
  if (page === 'home') {
    const home = data as PageData<'home'>;
    return {
      ...home,
      technologies: fillCounts(home.technologies, (await technologies()).length),
      products: fillCounts(home.products, (await categories()).length),
    } as PageData<P>;
  }
  return data;
}

/**
 * The item model (src/model/catalogue-item.ts) of an entry, with the industries and application
 * methods it takes from its category where it names none of its own.
 */
export async function itemModel(item: CollectionEntry<'products'>) {
  const category = (await categories()).find((c) => c.id === categoryOf(item));
  return catalogueItem(item, category?.data);
}
