/**
 * Site search (Pagefind): what the index holds for each catalogue item, and how results are
 * ordered. Pure functions, shared by the build (the index), the item's page and the search island.
 *
 * Each item is one search record: its name, its category, its codes (the product codes its
 * fields name, e.g. "EOA-LAV-30" or "SP-SIL-1601"), one line of text, and the filters of
 * /search (category, industry, application method).
 */
import type { CollectionEntry } from 'astro:content';

type Item = Pick<CollectionEntry<'products'>, 'id' | 'data'>;
type ItemData = Item['data'];

/**
 * The site's entry to Pagefind, written by the build next to Pagefind's own script
 * (src/search/integration.ts): it starts fetching Pagefind's WebAssembly and index metadata at
 * once, then configures Pagefind, whoever imports it first (the `client:focus` directive or the
 * island).
 */
export const pagefindEntry = '/pagefind/site-search.js';
/** Pagefind's own script, which the entry imports; the directive fetches both at the same time. */
export const pagefindScript = '/pagefind/pagefind.js';

/**
 * Pagefind's options: no worker (the catalogue's index searches in a few milliseconds on the main
 * thread, and the worker would cost one more script and round trip before the first results).
 */
export const pagefindOptions = { noWorker: true, excerptLength: 20 } as const;

/** The filters of /search, by the key Pagefind stores them under (their labels: src/content/pages/search.md). */
export const searchFilters = [{ key: 'category' }, { key: 'industry' }, { key: 'method' }] as const;
export type SearchFilterKey = (typeof searchFilters)[number]['key'];

/** The result a visitor sees: the item's name, category, code and one line of text. */
export interface SearchRecord {
  url: string;
  name: string;
  category: string;
  /** Every product code the item names, first the one shown. */
  codes: string[];
  /** One line of text under the name. */
  summary: string;
  filters: Record<SearchFilterKey, string[]>;
}

/**
 * A product code at the start of a text: capitals, then hyphen-joined parts, optionally a number
 * after a space ("PG-C 100 Series: ..."), and at least one digit: "AF-208", "EOA-LAV-30",
 * "SP-SIL-1601", "PG-C 100".
 */
const leadingCode = /^(?=[A-Z0-9 -]*\d)[A-Z]{1,6}(?:-[A-Z0-9]{1,6})+(?: \d{1,6})?(?=$|[\s:,;.])/;

/** The product code a text starts with, if any. */
export function codeAtStart(text: string): string | undefined {
  return leadingCode.exec(text.trim())?.[0];
}

/** Every product code an item's fields name, in the order the item lists them, without repeats. */
export function itemCodes(data: ItemData): string[] {
  const sources: string[] = (() => {
    switch (data.kind) {
      case 'aroma':
        return [data.variantName];
      case 'essential-oil':
      case 'plant-slurry':
        return [data.variant];
      case 'functional-category':
        return data.keyProducts;
      case 'pigment-category':
        return data.series;
      case 'printing-auxiliary':
      case 'speciality-print':
        return data.variants;
      case 'speciality-finish':
        return data.finishes;
    }
  })();
  return [...new Set(sources.map(codeAtStart).filter((code): code is string => Boolean(code)))];
}

export const itemName = (data: ItemData) => ('name' in data ? data.name : data.title);

/** The first sentence-sized piece of the item's own words, cut at a word within `max` characters. */
export function itemSummary(data: ItemData, max = 160): string {
  const text = 'description' in data ? data.description : data.benefits[0]!;
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:.-]+$/, '')}…`;
}

/** The item's industries and application methods, whichever fields its kind names them in. */
function itemFacets(data: ItemData): { industry: string[]; method: string[] } {
  switch (data.kind) {
    case 'plant-slurry':
      return { industry: data.industries, method: data.applicationMethods };
    case 'pigment-category':
      return { industry: data.industries, method: data.methods };
    case 'printing-auxiliary':
      return { industry: data.industry, method: data.applicationMethods };
    case 'speciality-finish':
      return { industry: data.industries, method: [] };
    case 'speciality-print':
      return { industry: data.industry, method: [data.applicationMethod] };
    default:
      return { industry: [], method: [] };
  }
}

export function searchRecord(item: Item, categoryTitle: string, url: string): SearchRecord {
  const { industry, method } = itemFacets(item.data);
  return {
    url,
    name: itemName(item.data),
    category: categoryTitle,
    codes: itemCodes(item.data),
    summary: itemSummary(item.data),
    filters: { category: [categoryTitle], industry: [...industry], method: [...method] },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * What Pagefind reads of an item, as HTML to place inside the element marked
 * `data-pagefind-body`: hidden, so the page looks the same. The codes are indexed with a high
 * weight (a search for a code finds its item first); name, category, codes and the line of text
 * are kept as metadata for the result, and the filters of /search are attached.
 */
export function itemSearchDataHtml(record: SearchRecord): string {
  const meta = (key: string, value: string) => `<span data-pagefind-meta="${key}">${escapeHtml(value)}</span>`;
  const filters = searchFilters.flatMap(({ key }) => record.filters[key].map((value) => `<span data-pagefind-filter="${key}">${escapeHtml(value)}</span>`));
  const codes = record.codes.length ? `<p data-pagefind-weight="10">${escapeHtml(record.codes.join(' '))}</p>` : '';
  return (
    `<div hidden>${codes}<div data-pagefind-ignore>` +
    [meta('title', record.name), meta('category', record.category), ...(record.codes.length ? [meta('code', record.codes.join(', '))] : []), meta('summary', record.summary), ...filters].join('') +
    `</div></div>`
  );
}

/** A code as a visitor may type it: any case, spaces or hyphens between its parts. */
export const normaliseCode = (text: string) => text.trim().toUpperCase().replace(/[\s_-]+/g, '-');

/** A result as the island sees it once its metadata has loaded. */
export interface RankedResult {
  meta: { code?: string };
}

/**
 * Orders results for a query: a result one of whose codes is exactly what the visitor typed
 * comes first (its spacing, hyphens and case aside); the rest keep Pagefind's order.
 */
export function rankByCode<R extends RankedResult>(results: readonly R[], query: string): R[] {
  const wanted = normaliseCode(query);
  if (!wanted) return [...results];
  const hasCode = (result: R) => (result.meta.code ?? '').split(',').some((code) => normaliseCode(code) === wanted);
  return [...results.filter(hasCode), ...results.filter((result) => !hasCode(result))];
}

