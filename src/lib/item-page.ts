/**
 * What the page of one catalogue item shows, apart from how it looks: its heading, facts,
 * buttons, documents, the technologies it draws on, its neighbours in its category, its
 * breadcrumb and its structured data. A pure function of the item model (src/lib/catalogue-item.ts)
 * and what the page has looked up; src/components/catalogue/ProductPage.astro is its view.
 */
import { catalogueItem, itemTopics, productInput, searchRecord, type CatalogueItem, type CategoryDefaults, type ItemEntry } from './catalogue-item';
import { nearbyItems } from './catalogue-pages';
import { fill, labels } from './labels';
import { categoryPath, routes, technologyPath } from './routes';
import { dataSheetType } from './schemas/product';
import { itemSearchDataHtml } from './search';
import { breadcrumbJsonLd, productJsonLd, type ProductOrganization } from './structured-data';

export interface Link {
  name: string;
  href: string;
}

export interface PageDocument {
  type: string;
  title: string;
  language: string;
  href: string;
  bytes: number;
}

export interface ItemPageInput {
  item: ItemEntry;
  /** The item's category: its id, title, and the industries and methods its items may take (src/lib/catalogue-item.ts). */
  category: { id: string; title: string } & CategoryDefaults;
  /** The category's items in order, this one among them. */
  categoryItems: readonly ItemEntry[];
  /** The technologies the item draws on, in the order it names them. */
  technologies: readonly { id: string; title: string }[];
  /** The item's documents, with their addresses and sizes (src/lib/documents.ts). */
  documents: readonly PageDocument[];
  /** Ids of the contact topics of src/content/topics.json. */
  topicIds: readonly string[];
  site: URL;
  /** Address of the item's picture on the site, when it has one. */
  image?: string | undefined;
  organization: ProductOrganization;
}

export interface ItemPageData {
  model: CatalogueItem;
  /** Absolute address of the page, as the printed sheet shows it. */
  pageUrl: URL;
  /** Products › category › item; the last one is the page itself. */
  breadcrumb: Link[];
  actions: { label: string; href: string; variant: 'primary' | 'secondary' }[];
  documents: readonly PageDocument[];
  /** The button asking for the technical data sheet, when the item has none to download. */
  dataSheetRequest: Link | undefined;
  technologies: Link[];
  more: { heading: string; items: Link[]; all: Link | undefined };
  /** What site search reads of the item, as HTML (src/lib/search.ts). */
  searchHtml: string;
  jsonLd: { breadcrumb: object; product: object };
}

export function itemPageData(input: ItemPageInput): ItemPageData {
  const { category, site } = input;
  const model = catalogueItem(input.item, category);
  const words = labels.catalogue;
  for (const id of Object.values(itemTopics)) {
    if (!input.topicIds.includes(id)) throw new Error(`src/content/topics.json: the item pages need a topic with id "${id}"`);
  }
  const pageUrl = new URL(model.href, site);
  const breadcrumb: Link[] = [
    { name: labels.subNav.categories.title, href: routes.products },
    { name: category.title, href: categoryPath(category.id) },
    { name: model.name, href: model.href },
  ];
  const { items: siblings, all } = nearbyItems(input.categoryItems, input.item.id);
  const hasDataSheet = input.documents.some((d) => d.type === dataSheetType);
  return {
    model,
    pageUrl,
    breadcrumb,
    actions: [
      { label: words.requestSample, href: model.contact.sample, variant: 'primary' },
      { label: words.askAboutProduct, href: model.contact.question, variant: 'secondary' },
    ],
    documents: input.documents,
    dataSheetRequest: hasDataSheet ? undefined : { name: words.requestDataSheet, href: model.contact.dataSheet },
    technologies: input.technologies.map((t) => ({ name: t.title, href: technologyPath(t.id) })),
    more: {
      heading: fill(words.more, { category: category.title }),
      items: siblings.map((entry) => {
        const other = catalogueItem(entry);
        return { name: other.name, href: other.href };
      }),
      all: all > siblings.length ? { name: fill(words.allItems, { count: all + 1, category: category.title }), href: categoryPath(category.id) } : undefined,
    },
    searchHtml: itemSearchDataHtml(searchRecord(model, category.title)),
    jsonLd: {
      breadcrumb: breadcrumbJsonLd(breadcrumb.map((step) => ({ name: step.name, url: new URL(step.href, site) }))),
      product: productJsonLd(productInput(model, category.title, site, input.image), input.organization),
    },
  };
}
