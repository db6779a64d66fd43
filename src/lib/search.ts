/**
 * Site search (Pagefind): its options, the filters of /search, the HTML that gives the index an
 * item's search record, and how results are ordered. Pure functions, shared by the build (the
 * index), the item's page and the search island.
 *
 * Each item is one search record (`searchRecord` of the catalogue item model,
 * src/lib/catalogue-item.ts): its name, its category, its codes (e.g. "EOA-LAV-30" or
 * "SP-SIL-1601"), one line of text, and the filters of /search (category, industry, application
 * method).
 */
import type { SearchRecord } from './catalogue-item';
import { escapeHtml } from './text';

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

