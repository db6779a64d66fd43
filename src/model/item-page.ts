/**
 * What the page of one catalogue item shows, apart from how it looks: its heading, facts,
 * typical properties, packaging and storage, compliance, buttons, documents grouped by type, the
 * technologies it draws on, its neighbours in its category, its breadcrumb and its structured data. A pure function of the item model (src/model/catalogue-item.ts)
 * and what the page has looked up; src/components/catalogue/ProductPage.astro is its view.
 */
import {
  catalogueItem,
  itemTopics,
  productInput,
  type CatalogueItem,
  type CategoryDefaults,
  type ItemEntry,
} from './catalogue-item';
import { nearbyItems } from './catalogue-pages';
import { fill, labels, siteLanguage } from './labels';
import { categoryPath, routes, technologyPath } from './routes';
import { dataSheetType, documentTypes, safetyDataSheetType } from '../schemas/product';
import { breadcrumbJsonLd, productJsonLd, type ProductOrganization } from './structured-data';

export interface Link {
  name: string;
  href: string;
}

export interface PageDocument {
  type: string;
  title: string;
  /** Language code, e.g. "de" or "en-GB". */
  language: string;
  /** The country or region it is written for, when not every market. */
  region?: string | undefined;
  href: string;
  bytes: number;
}

/** A document as the page lists it: with its language's name ("German"). */
export interface ListedDocument extends PageDocument {
  languageName: string;
}

/** The documents of one type, in the order the page lists them. */
export interface DocumentGroup {
  type: string;
  documents: ListedDocument[];
  /**
   * Whether the group holds documents in more than one language: then the page puts those in the
   * visitor's languages first, where the browser names them (src/components/catalogue/document-order.inline.ts).
   */
  byLanguage: boolean;
}

const primary = (language: string) => language.split('-')[0]!.toLowerCase();

/** "German", "British English": a language code's name, in the words of the page. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([siteLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Whether documents of one type come in more than one language: then the page carries the script that reorders them (document-order.inline.ts). */
export function documentsInSeveralLanguages(documents: readonly Pick<PageDocument, 'type' | 'language'>[]): boolean {
  const languages = new Map<string, Set<string>>();
  for (const d of documents) languages.set(d.type, (languages.get(d.type) ?? new Set()).add(primary(d.language)));
  return [...languages.values()].some((set) => set.size > 1);
}

/**
 * The documents grouped by type, in the order of the schema's types (technical data sheet, safety
 * data sheet, brochure; a type it does not know last); within a type, those in the page's own
 * language first, then the others in the order the file lists them. The page is static, so this
 * is the order every visitor gets without JavaScript; with it, the visitor's languages come first.
 */
export function documentGroups(
  documents: readonly PageDocument[],
  pageLanguage: string = siteLanguage,
): DocumentGroup[] {
  const typeRank = (type: string) => {
    const at = (documentTypes as readonly string[]).indexOf(type);
    return at === -1 ? documentTypes.length : at;
  };
  const types = [...new Set(documents.map((d) => d.type))].sort((a, b) => typeRank(a) - typeRank(b));
  return types.map((type) => {
    const own = documents.filter((d) => d.type === type);
    const ordered = [
      ...own.filter((d) => primary(d.language) === primary(pageLanguage)),
      ...own.filter((d) => primary(d.language) !== primary(pageLanguage)),
    ];
    return {
      type,
      documents: ordered.map((d) => ({ ...d, languageName: languageName(d.language) })),
      byLanguage: new Set(own.map((d) => primary(d.language))).size > 1,
    };
  });
}

export interface ItemPageInput {
  item: ItemEntry;
  /** The item's category: its id, title, and the industries and methods its items may take (src/model/catalogue-item.ts). */
  category: { id: string; title: string } & CategoryDefaults;
  /** The category's items in order, this one among them. */
  categoryItems: readonly ItemEntry[];
  /** The technologies the item draws on, in the order it names them. */
  technologies: readonly { id: string; title: string }[];
  /** The item's documents, with their addresses and sizes (src/model/documents.ts). */
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
  /** The facts the page lists under its details: the model's, but compliance, which has its own section with the proof. */
  facts: CatalogueItem['facts'];
  /** Absolute address of the page, as the printed sheet shows it. */
  pageUrl: URL;
  /** Products › category › item; the last one is the page itself. */
  breadcrumb: Link[];
  actions: { label: string; href: string; variant: 'primary' | 'secondary' }[];
  /** The item's documents by type, each group in its order (`documentGroups`). */
  documentGroups: DocumentGroup[];
  /** The buttons asking for the technical and the safety data sheet, for each the item has none of. */
  documentRequests: Link[];
  technologies: Link[];
  more: { heading: string; items: Link[]; all: Link | undefined };
  jsonLd: { breadcrumb: object; product: object };
}

export function itemPageData(input: ItemPageInput): ItemPageData {
  const { category, site } = input;
  const model = catalogueItem(input.item, category);
  const words = labels.catalogue;
  for (const id of Object.values(itemTopics)) {
    if (!input.topicIds.includes(id))
      throw new Error(`src/content/topics.json: the item pages need a topic with id "${id}"`);
  }
  const pageUrl = new URL(model.href, site);
  const breadcrumb: Link[] = [
    { name: labels.subNav.categories.title, href: routes.products },
    { name: category.title, href: categoryPath(category.id) },
    { name: model.name, href: model.href },
  ];
  const { items: siblings, all } = nearbyItems(input.categoryItems, input.item.id);
  const has = (type: string) => input.documents.some((d) => d.type === type);
  const documentRequests: Link[] = [
    ...(has(dataSheetType) ? [] : [{ name: words.requestDataSheet, href: model.contact.dataSheet }]),
    ...(has(safetyDataSheetType) ? [] : [{ name: words.requestSafetyDataSheet, href: model.contact.safetyDataSheet }]),
  ];
  return {
    model,
    facts: model.compliance.length > 0 ? model.facts.filter((fact) => fact.key !== 'compliance') : model.facts,
    pageUrl,
    breadcrumb,
    actions: [
      { label: words.requestSample, href: model.contact.sample, variant: 'primary' },
      { label: words.askAboutProduct, href: model.contact.question, variant: 'secondary' },
    ],
    documentGroups: documentGroups(input.documents),
    documentRequests,
    technologies: input.technologies.map((t) => ({ name: t.title, href: technologyPath(t.id) })),
    more: {
      heading: fill(words.more, { category: category.title }),
      items: siblings.map((entry) => {
        const other = catalogueItem(entry);
        return { name: other.name, href: other.href };
      }),
      all:
        all > siblings.length
          ? {
              name: fill(words.allItems, { count: all + 1, category: category.title }),
              href: categoryPath(category.id),
            }
          : undefined,
    },
    jsonLd: {
      breadcrumb: breadcrumbJsonLd(breadcrumb.map((step) => ({ name: step.name, url: new URL(step.href, site) }))),
      product: productJsonLd(productInput(model, category.title, site, input.image), input.organization),
    },
  };
}
