/**
 * What a catalogue item shows, whatever its kind: its name, its product codes, its description
 * and its facts (series, variants, advantages, industries, methods...). The category card, the
 * item page, its structured data, the contact pre-fill and the e-mail subject all read an item
 * through these functions, so a kind's fields are listed once. Free of Astro imports: the
 * contact function uses it on the Markdown files' data too.
 */
import { descriptionLength } from './seo-limits';

/** The fields of any product kind that these functions read (see src/lib/schemas/product.ts). */
export type ItemData = { kind: string } & Partial<{
  name: string;
  title: string;
  variant: string;
  variantName: string;
  scentFamily: string;
  audience: string;
  type: string;
  printCategory: string;
  description: string;
  information: string;
  properties: string[];
  benefits: string[];
  features: string[];
  keyProducts: string[];
  series: string[];
  variants: string[];
  finishes: string[];
  advantages: string[];
  applications: string[];
  industries: string[];
  industry: string[];
  methods: string[];
  applicationMethods: string[];
  applicationMethod: string;
  testMethod: string;
  specialNote: string;
  media: string;
  nature: string;
  compliance: string;
}>;

export interface Fact {
  label: string;
  value: string | string[];
}

/** The item's name: `name` for named products, `title` for categories of products. */
export const itemName = (data: ItemData): string => data.name ?? data.title ?? '';

/** Web address of an item's page; `id` is "<category>/<file name>". */
export const itemHref = (id: string) => `/products/${id}`;

/** The `id` of an item's card on its category page, so /products/<category>#<item> works. */
export const itemAnchor = (id: string) => id.slice(id.indexOf('/') + 1);

/**
 * A product code at the start of a line of text: capitals, then hyphenated parts, optionally a
 * number after a space ("AF-208 Lavender Calm", "SF-UV-210 Triazine...", "PG-M 400 Series: ...").
 */
const leadingCode = /^[A-Z]{2,4}(?:-[A-Z0-9]+)+(?: \d+(?=[\s:]|$))?(?=[\s:]|$)/;

/** The line under the heading: the variant, the variant name or the effect family. */
export function itemSubtitle(data: ItemData): string | undefined {
  return data.variantName ?? data.variant ?? data.printCategory;
}

/** The item's lines that carry product codes: its variant, or its list of variants, series... */
function codedLines(data: ItemData): string[] {
  if (data.variant) return [data.variant];
  if (data.variantName) return [data.variantName];
  return data.series ?? data.variants ?? data.finishes ?? data.keyProducts ?? [];
}

/** Every product code the item names, in order, without repeats ("EOA-LAV-30"; "SP-PUF-101", ...). */
export function itemCodes(data: ItemData): string[] {
  const codes = codedLines(data)
    .map((line) => line.trim().match(leadingCode)?.[0])
    .filter((code): code is string => Boolean(code));
  return [...new Set(codes)];
}

/** The name followed by its codes, as the contact message and the e-mail subject name the item. */
export function itemLabel(data: ItemData): string {
  const codes = itemCodes(data);
  return codes.length ? `${itemName(data)} (${codes.join(', ')})` : itemName(data);
}

/** The item's description; an essential oil has none, so its properties stand for it. */
export function itemDescription(data: ItemData): string {
  return data.description ?? [...(data.properties ?? []), ...(data.benefits ?? [])].join('; ');
}

/** Short labels shown as badges: scent family and audience, or the product form. */
export function itemBadges(data: ItemData): string[] {
  if (data.scentFamily && data.audience) return [data.scentFamily, data.audience];
  return data.type ? [data.type] : [];
}

/** Every other field of the item, labelled, in the order the card and the page list them. */
export function itemFacts(data: ItemData): Fact[] {
  const facts: Fact[] = [];
  const add = (label: string, value: string | string[] | undefined) => {
    if (value !== undefined && value.length > 0) facts.push({ label, value });
  };
  add('Properties', data.properties);
  add('Benefits', data.benefits);
  add('Features', data.kind === 'speciality-finish' ? undefined : data.features);
  add('Key products', data.keyProducts);
  add('Series', data.series);
  add('Finishes', data.finishes);
  add('Features', data.kind === 'speciality-finish' ? data.features : undefined);
  add('Variants', data.variants);
  add('Information', data.information);
  add('Advantages', data.advantages);
  add('Applications', data.applications);
  add('Application method', data.applicationMethod);
  add('Application methods', data.applicationMethods);
  add('Industries', data.industries);
  add('Industry', data.industry);
  add('Methods', data.methods);
  add('Media', data.media);
  add('Nature', data.nature);
  add('Compliance', data.compliance);
  add('Test method', data.testMethod);
  add('Note', data.specialNote);
  return facts;
}

/**
 * The meta description of an item page: the item's name, then its description cut at a word to
 * fit a search result, or lengthened with the category name when too short to say anything.
 * The name comes first because a search result should say which product it is, and because an
 * editor who makes a new product by copying a file keeps its description for a while: two pages
 * must not then share one description.
 */
export function itemSearchDescription(data: ItemData, categoryTitle: string): string {
  const { min, max } = descriptionLength;
  const body = itemDescription(data).replace(/\s+/g, ' ').trim();
  const name = itemName(data);
  let text = body.toLowerCase().startsWith(name.toLowerCase()) ? body : `${name}: ${body}`;
  if (text.length < min) text = `${itemLabel(data)}, from our ${categoryTitle} range: ${body}`;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:.-]+$/, '')}…`;
}

/** The item page's title: "<name>: <category>" when that fits a search result, else the name. */
export function itemPageTitle(data: ItemData, categoryTitle: string, fits: (title: string) => boolean): string {
  const long = `${itemName(data)}: ${categoryTitle}`;
  return fits(long) ? long : itemName(data);
}
