/**
 * The catalogue item model: everything the site derives from one item file, in one place. Its
 * address, name, product codes, description, facts (series, variants, advantages, industries,
 * application methods...), the line search shows, the label the contact form and the e-mail
 * subject name it by, the addresses that open the contact form about it, and
 * the input of its Product JSON-LD. The category card, the compact row, the item page, the
 * search, /search's A-Z list, the contact pre-fill and the contact function all read an
 * item through `catalogueItem`, so a rule (such as what counts as a product code) exists once.
 *
 * Free of Astro imports (types aside): the contact function uses it on the Markdown files' data.
 */
import type { z } from 'astro/zod';
import type { productSchema } from '../schemas/product';
import type { ProductPageItem } from './structured-data';
import type { FactKey } from '../schemas/labels';
import { contactPath, itemPath } from './routes';
import { descriptionLength } from '../schemas/seo-limits';
import { cutAtWord } from '../text/text';

/** An item file's data, as the schema (src/schemas/product.ts) gives it. */
export type ItemData = z.output<ReturnType<typeof productSchema>>;

/** An item: its id, "<category folder>/<file name>", and its data. */
export interface ItemEntry {
  id: string;
  data: ItemData;
}

/** A field of the item shown with its label; the label is a word of labels.json's `facts`. */
export interface Fact {
  key: FactKey;
  value: string | string[];
  /** Taken from the item's category, the item naming none of its own (industries, application methods). */
  inherited?: boolean;
}

/**
 * What an item takes from its category when it names none of its own: the industries, the
 * application methods and the substrates the category file names (each may be absent).
 */
export interface CategoryDefaults {
  industries?: readonly string[] | undefined;
  applicationMethods?: readonly string[] | undefined;
  substrates?: readonly string[] | undefined;
}

/** The contact topics (src/content/topics.json) an item's page opens the form about. */
export const itemTopics = {
  sample: 'samples',
  question: 'product-question',
  dataSheet: 'technical-data',
  safetyDataSheet: 'safety-data-sheet',
} as const;

/** A typical property of an item, as its page's table and its Product JSON-LD give it. */
export interface TypicalProperty {
  name: string;
  value: string;
  unit?: string | undefined;
  testMethod?: string | undefined;
}

/** A scheme an item complies with, and its proof. `validUntil` is year-month-day. */
export interface ComplianceEntry {
  scheme: string;
  status?: string | undefined;
  certificateNumber?: string | undefined;
  validUntil?: string | undefined;
  verifyUrl?: string | undefined;
}

/** How an item is packed, stored and how long it keeps: the keys of labels.json's `catalogue.handlingFields`. */
export const handlingKeys = ['packaging', 'storage', 'shelfLife'] as const;
export type HandlingKey = (typeof handlingKeys)[number];

/** Everything the site shows or indexes of one catalogue item. */
export interface CatalogueItem {
  /** "<category>/<item>": the id the contact form's `about` carries. */
  id: string;
  /** Slug of the item's category: the folder its file is in. */
  category: string;
  /** The file name: the item's part of its address and the id of its card on the category page. */
  slug: string;
  /** Address of the item's page. */
  href: string;
  /** `name` for named products, `title` for categories of products. */
  name: string;
  /** The line under the heading: the variant, the variant name or the effect family. */
  subtitle: string | undefined;
  /** Every product code the item names, in order, each once. */
  codes: string[];
  /** The name followed by its codes, as the contact message and the e-mail subject name the item. */
  label: string;
  /** The description the card and the page show under the heading; an essential oil has none. */
  intro: string | undefined;
  /** The item's description for structured data and lists; an essential oil's properties and benefits stand for it. */
  description: string;
  /** One line of the item's own words, for a search result. */
  summary: string;
  /** Short labels shown as badges: scent family and audience, or the product form. */
  badges: string[];
  /** Every other field, labelled, in the order the card and the page list them. */
  facts: Fact[];
  /** The item's own industries, or, when it names none, its category's. */
  industries: string[];
  /** The item's own application methods, or, when it names none, its category's. */
  applicationMethods: string[];
  /** The fibres the item is for: its own, or, when it names none, its category's. */
  substrates: string[];
  /** Which of the three lists come from the category. */
  inherited: { industries: boolean; applicationMethods: boolean; substrates: boolean };
  /** Its typical properties, in the order the file lists them. */
  typicalProperties: TypicalProperty[];
  /** Packaging, storage and shelf life, those it names, in that order. */
  handling: { key: HandlingKey; value: string }[];
  /** The schemes it complies with, each with its proof, in the order the file lists them. */
  compliance: ComplianceEntry[];
  /** The contact form about the item, per topic: a sample, a question, the technical or the safety data sheet. */
  contact: Record<keyof typeof itemTopics, string>;
}

/**
 * A product code at the start of a line of text: capitals, then hyphen-joined parts of capitals
 * and digits, optionally a number after a space ("PG-M 400 Series: ..."), ended by the end of the
 * line, a space or one of `:,;.`. A code holds at least one digit, so words such as "UV-C lamps" or
 * "Anti-slip grip" are no code: "AF-208 Lavender Calm", "AF-208, x", "EOA-LAV-30",
 * "SP-SIL-1601 Clear base" and "PG-C 100 Series: yellows" are.
 */
const leadingCode = /^[A-Z]{1,6}(?:-[A-Z0-9]{1,6})+(?: \d{1,6})?(?=$|[\s:,;.])/;

/** The product code a line of text starts with, if any. */
export function codeAtStart(text: string): string | undefined {
  const code = leadingCode.exec(text.trim())?.[0];
  return code && /\d/.test(code) ? code : undefined;
}

/**
 * The field of each kind of item whose lines carry its product codes: its variant, or its list of
 * variants, series... (/admin's search reads the same fields, src/cms/config.ts).
 */
export const codeFields = {
  aroma: 'variantName',
  'essential-oil': 'variant',
  'plant-slurry': 'variant',
  'functional-category': 'keyProducts',
  'pigment-category': 'series',
  'printing-auxiliary': 'variants',
  'speciality-print': 'variants',
  'speciality-finish': 'finishes',
} as const satisfies Record<ItemData['kind'], string>;

/** The item's lines that carry product codes. */
function codedLines(data: ItemData): string[] {
  // codeFields names a field of the item's own kind; TypeScript cannot follow a field named by the kind of a union.
  const lines = (data as unknown as Record<string, string | string[]>)[codeFields[data.kind]];
  return Array.isArray(lines) ? lines : [lines!];
}

/** Every product code the item names, in order, without repeats ("EOA-LAV-30"; "SP-PUF-101", ...). */
export function itemCodes(data: ItemData): string[] {
  return [
    ...new Set(
      codedLines(data)
        .map(codeAtStart)
        .filter((code): code is string => Boolean(code)),
    ),
  ];
}

/**
 * The item's name: `name` for named products, `title` for categories of products. Trimmed as the
 * schema trims it, so the contact function, which reads the files without the schema, names the
 * item as the pages do.
 */
export const itemName = (data: ItemData): string => ('name' in data ? data.name : data.title).trim();

const labelOf = (name: string, codes: readonly string[]) => (codes.length ? `${name} (${codes.join(', ')})` : name);

/** The name followed by its codes: "Lavender Oil (EOA-LAV-30)". */
export const itemLabel = (data: ItemData): string => labelOf(itemName(data), itemCodes(data));

/** The item's description; an essential oil has none, so its properties and benefits stand for it. */
function itemDescription(data: ItemData): string {
  return data.kind === 'essential-oil' ? [...data.properties, ...data.benefits].join('; ') : data.description;
}

/** Longest line of text under a search result's name. */
export const summaryLength = 160;

/** The item's own words for a search result: its description, or an essential oil's first benefit. */
function itemSummary(data: ItemData): string {
  return cutAtWord(data.kind === 'essential-oil' ? data.benefits[0]! : data.description, summaryLength);
}

function itemSubtitle(data: ItemData): string | undefined {
  switch (data.kind) {
    case 'aroma':
      return data.variantName;
    case 'essential-oil':
    case 'plant-slurry':
      return data.variant;
    case 'speciality-print':
      return data.printCategory;
    default:
      return undefined;
  }
}

function itemBadges(data: ItemData): string[] {
  if (data.kind === 'aroma') return [data.scentFamily, data.audience];
  return data.kind === 'plant-slurry' ? [data.type] : [];
}

/** A compliance entry as one line: "ZDHC MRSL: Level 3", or the scheme alone. */
export const complianceLine = (entry: ComplianceEntry) =>
  entry.status ? `${entry.scheme}: ${entry.status}` : entry.scheme;

/**
 * The schemes an item complies with, as the card and search name them in one line: "OekoTex
 * Standard 100 and ZDHC MRSL 2.0", "bluesign: Approved, GOTS and ZDHC MRSL: Level 3".
 */
export function complianceSummary(entries: readonly ComplianceEntry[]): string {
  const lines = entries.map(complianceLine);
  return lines.length > 1 ? `${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}` : (lines[0] ?? '');
}

/** Whichever of these fields the item's kind has. */
type AnyField<K extends string> = { [P in K]?: string | string[] | undefined };

/** An item's list, or its category's when the item names none. */
function listOrCategory(
  own: readonly string[] | undefined,
  category: readonly string[] | undefined,
): { values: string[]; inherited: boolean } {
  if (own && own.length > 0) return { values: [...own], inherited: false };
  return { values: [...(category ?? [])], inherited: Boolean(category?.length) };
}

type Lists = Record<'industries' | 'applicationMethods' | 'substrates', { values: string[]; inherited: boolean }>;

/** Every other field of the item, labelled, in the order the card and the page list them. */
function itemFacts(data: ItemData, lists: Lists): Fact[] {
  const d = data as AnyField<FactKey>;
  const facts: Fact[] = [];
  const add = (key: FactKey, value: string | string[] | undefined) => {
    if (value !== undefined && value.length > 0) facts.push({ key, value });
  };
  const addList = (key: keyof Lists) => {
    const { values, inherited } = lists[key];
    if (values.length > 0) facts.push(inherited ? { key, value: values, inherited } : { key, value: values });
  };
  add('properties', d.properties);
  add('benefits', d.benefits);
  add('features', data.kind === 'speciality-finish' ? undefined : d.features);
  add('keyProducts', d.keyProducts);
  add('series', d.series);
  add('finishes', d.finishes);
  add('features', data.kind === 'speciality-finish' ? d.features : undefined);
  add('variants', d.variants);
  add('information', d.information);
  add('advantages', d.advantages);
  add('applications', d.applications);
  // Pigment ranges list their industries first, as they always have; every other kind its methods.
  const industriesFirst = data.kind === 'pigment-category';
  if (industriesFirst) addList('industries');
  addList('applicationMethods');
  addList('substrates');
  if (!industriesFirst) addList('industries');
  add('media', d.media);
  add('nature', d.nature);
  // The card and search name the schemes; the item page shows each with its proof instead.
  add('compliance', complianceSummary(data.compliance ?? []));
  add('testMethod', d.testMethod);
  add('specialNote', d.specialNote);
  return facts;
}

/**
 * An item's id, "<category>/<slug>", from its file's path under src/content/products
 * ("essential-oil-actives/lavender.md") and its data: the category is the folder, the rest the
 * `slug` field, so renaming the file changes neither (the file name only while a file has no slug,
 * which the schema refuses).
 */
export function itemIdOf(file: string, data: unknown): string {
  const path = file.replace(/\\/g, '/');
  const category = path.slice(0, path.indexOf('/'));
  const slug = (data as { slug?: unknown } | undefined)?.slug;
  return `${category}/${typeof slug === 'string' && slug ? slug : path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '')}`;
}

/** The item's category (its folder) and slug, from its id "<category>/<item>". */
export function splitItemId(id: string): { category: string; slug: string } {
  const at = id.indexOf('/');
  return { category: id.slice(0, at), slug: id.slice(at + 1) };
}

/**
 * The model of one item. `categoryDefaults` are its category's industries and application
 * methods, which it takes where it names none of its own; without them (the contact function,
 * which only names the item) the item has only its own.
 */
export function catalogueItem({ id, data }: ItemEntry, categoryDefaults: CategoryDefaults = {}): CatalogueItem {
  const { category, slug } = splitItemId(id);
  const codes = itemCodes(data);
  const name = itemName(data);
  const lists: Lists = {
    industries: listOrCategory('industries' in data ? data.industries : undefined, categoryDefaults.industries),
    applicationMethods: listOrCategory(
      'applicationMethods' in data ? data.applicationMethods : undefined,
      categoryDefaults.applicationMethods,
    ),
    substrates: listOrCategory(data.substrates, categoryDefaults.substrates),
  };
  return {
    id,
    category,
    slug,
    href: itemPath(category, slug),
    name,
    subtitle: itemSubtitle(data),
    codes,
    label: labelOf(name, codes),
    intro: data.kind === 'essential-oil' ? undefined : data.description,
    description: itemDescription(data),
    summary: itemSummary(data),
    badges: itemBadges(data),
    facts: itemFacts(data, lists),
    industries: lists.industries.values,
    applicationMethods: lists.applicationMethods.values,
    substrates: lists.substrates.values,
    inherited: {
      industries: lists.industries.inherited,
      applicationMethods: lists.applicationMethods.inherited,
      substrates: lists.substrates.inherited,
    },
    typicalProperties: (data.typicalProperties ?? []).map((p) => ({ ...p })),
    handling: handlingKeys.flatMap((key) => {
      const value = data[key];
      return value ? [{ key, value }] : [];
    }),
    compliance: (data.compliance ?? []).map((entry) => ({ ...entry })),
    contact: {
      sample: contactPath(itemTopics.sample, id),
      question: contactPath(itemTopics.question, id),
      dataSheet: contactPath(itemTopics.dataSheet, id),
      safetyDataSheet: contactPath(itemTopics.safetyDataSheet, id),
    },
  };
}

/** What the item's Product JSON-LD is made from (src/model/structured-data.ts). */
export function productInput(item: CatalogueItem, categoryTitle: string, site: URL, image?: string): ProductPageItem {
  return {
    name: item.name,
    description: item.description,
    url: new URL(item.href, site),
    category: categoryTitle,
    image,
    codes: item.codes,
    properties: item.typicalProperties,
    certifications: item.compliance,
  };
}

/**
 * The meta description of an item page: the item's name, then its description cut at a word to
 * fit a search result, or lengthened with the category name when too short to say anything.
 * The name comes first because a search result should say which product it is, and because an
 * editor who makes a new product by copying a file keeps its description for a while: two pages
 * must not then share one description.
 */
export function itemSearchDescription(item: CatalogueItem, categoryTitle: string): string {
  const { min, max } = descriptionLength;
  const body = item.description.replace(/\s+/g, ' ').trim();
  let text = body.toLowerCase().startsWith(item.name.toLowerCase()) ? body : `${item.name}: ${body}`;
  if (text.length < min) text = `${item.label}, from our ${categoryTitle} range: ${body}`;
  return cutAtWord(text, max);
}

/** The item page's title: "<name>: <category>" when that fits a search result, else the name. */
export function itemPageTitle(item: CatalogueItem, categoryTitle: string, fits: (title: string) => boolean): string {
  const long = `${item.name}: ${categoryTitle}`;
  return fits(long) ? long : item.name;
}
