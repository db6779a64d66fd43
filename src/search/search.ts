/**
 * Site search (Pagefind): its options, the filters of /search, the HTML that gives the index an
 * item's search record, and how results are ordered. Pure functions, shared by the build (the
 * index), the item's page and the search island.
 *
 * Each item is one search record (`searchRecord` of the catalogue item model,
 * src/model/catalogue-item.ts): its name, its category, its codes (e.g. "EOA-LAV-30" or
 * "SP-SIL-1601"), one line of text, and the filters of /search (category, industry, application
 * method, substrate).
 */
import { escapeHtml } from '../text/text';

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

/** The anchor of /search's list of every item A-Z. */
export const atoZAnchor = 'a-z';

/** The filters of /search, by the key Pagefind stores them under (their labels: src/content/pages/search.md). */
export const searchFilters = [
  { key: 'category' },
  { key: 'industry' },
  { key: 'method' },
  { key: 'substrate' },
] as const;
export type SearchFilterKey = (typeof searchFilters)[number]['key'];

/** What the search index holds of an item, and what its result shows. */
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
 * What Pagefind reads of an item, as HTML to place inside the element marked
 * `data-pagefind-body`: hidden, so the page looks the same. The codes are indexed with a high
 * weight (a search for a code finds its item first); name, category, codes and the line of text
 * are kept as metadata for the result, and the filters of /search are attached.
 */
export function itemSearchDataHtml(record: SearchRecord): string {
  const meta = (key: string, value: string) => `<span data-pagefind-meta="${key}">${escapeHtml(value)}</span>`;
  const filters = searchFilters.flatMap(({ key }) =>
    record.filters[key].map((value) => `<span data-pagefind-filter="${key}">${escapeHtml(value)}</span>`),
  );
  const codes = record.codes.length ? `<p data-pagefind-weight="10">${escapeHtml(record.codes.join(' '))}</p>` : '';
  return (
    `<div hidden>${codes}<div data-pagefind-ignore>` +
    [
      meta('title', record.name),
      meta('category', record.category),
      ...(record.codes.length ? [meta('code', record.codes.join(', '))] : []),
      meta('summary', record.summary),
      ...filters,
    ].join('') +
    `</div></div>`
  );
}

/** A code as a visitor may type it: any case, spaces or hyphens between its parts. */
export const normaliseCode = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, '-');

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

/** The filter values chosen, per group. */
export type SelectedFilters = Record<SearchFilterKey, string[]>;
/** Per filter group, each value with its number of results. */
export type FilterCounts = Record<string, Record<string, number>>;

export const noFilters = (): SelectedFilters => ({ category: [], industry: [], method: [], substrate: [] });

/** What /search shows: the words typed and the filter values chosen. */
export interface SearchState {
  query: string;
  selected: SelectedFilters;
}

/**
 * The search state an address holds: `?q=oil&category=Essential+Oil+Actives&industry=Apparel`,
 * one parameter per chosen value, under the key Pagefind stores the filter under. Values the
 * catalogue does not have are kept: they then count 0 and can be taken off.
 */
export function searchStateFromParams(params: URLSearchParams): SearchState {
  const selected = noFilters();
  for (const { key } of searchFilters)
    selected[key] = [
      ...new Set(
        params
          .getAll(key)
          .map((value) => value.trim())
          .filter(Boolean),
      ),
    ];
  return { query: (params.get('q') ?? '').trim(), selected };
}

/** The address's query string for a search state: `q` first, then each group's values in the order chosen. */
export function searchParamsOf({ query, selected }: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (query.trim()) params.set('q', query.trim());
  for (const { key } of searchFilters) for (const value of selected[key]) params.append(key, value);
  return params;
}

/**
 * The chosen values as Pagefind takes them: the values of one group are alternatives (`any`),
 * the groups all apply. `without` leaves one group out (for that group's own counts).
 */
export function pagefindFilters(
  selected: SelectedFilters,
  without?: SearchFilterKey,
): Record<string, { any: string[] }> {
  return Object.fromEntries(
    searchFilters
      .filter(({ key }) => key !== without && selected[key].length > 0)
      .map(({ key }) => [key, { any: [...selected[key]] }]),
  );
}

/** The groups with at least one value chosen. */
export const chosenGroups = (selected: SelectedFilters): SearchFilterKey[] =>
  searchFilters.map(({ key }) => key).filter((key) => selected[key].length > 0);

/**
 * Faceted counts: a value's count is the number of results for the query, the values chosen in
 * the other groups, and that value. Pagefind counts each value among the results of one search
 * (its `filters`), so a group without a choice reads the counts of the search with every choice,
 * and a group with choices those of the same search without its own (`withoutOwn[group]`):
 * otherwise the values of a group would count only within the values already chosen there.
 */
export function facetedCounts(
  withAll: FilterCounts,
  withoutOwn: Partial<Record<SearchFilterKey, FilterCounts>>,
): FilterCounts {
  return Object.fromEntries(searchFilters.map(({ key }) => [key, { ...((withoutOwn[key] ?? withAll)[key] ?? {}) }]));
}
