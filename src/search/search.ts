/**
 * Site search: the filters of /search, the search in the address, the answer the search gives and
 * how results are ordered. Pure functions, shared by the search engine on the server
 * (./catalogue-search.ts), the pages that answer and the search islands.
 *
 * Each item is one search record (`searchRecord` of the catalogue item model,
 * src/model/catalogue-item.ts): its name, its category, its codes (e.g. "EOA-LAV-30" or
 * "SP-SIL-1601"), one line of text, and the filters of /search (category, industry, application
 * method, substrate).
 */
/** The anchor of /search's list of every item A-Z. */
export const atoZAnchor = 'a-z';

/**
 * The filters of /search, by the key the address names them with (their labels:
 * src/content/pages/search.md). Every other part of search reads the keys from here, so a filter
 * is added here, in the item's search record (./search-record.ts) and in its label.
 */
export const searchFilters = [
  { key: 'category' },
  { key: 'industry' },
  { key: 'method' },
  { key: 'substrate' },
] as const;
export type SearchFilterKey = (typeof searchFilters)[number]['key'];

/** What the search holds of an item (or a page), and what its result shows. */
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

/** A code as a visitor may type it: any case, spaces or hyphens between its parts. */
export const normaliseCode = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, '-');

/**
 * Orders results for a query: a result one of whose codes is exactly what the visitor typed
 * comes first (its spacing, hyphens and case aside); the rest keep their order.
 */
export function rankByCode<R extends { codes: readonly string[] }>(results: readonly R[], query: string): R[] {
  const wanted = normaliseCode(query);
  if (!wanted) return [...results];
  const hasCode = (result: R) => result.codes.some((code) => normaliseCode(code) === wanted);
  return [...results.filter(hasCode), ...results.filter((result) => !hasCode(result))];
}

/** The filter values chosen, per group. */
export type SelectedFilters = Record<SearchFilterKey, string[]>;
/** Per filter group, each value with its number of results. */
export type FilterCounts = Record<string, Record<string, number>>;

/** No value in any group: whatever keys `searchFilters` has. */
export const emptyFilterValues = (): Record<SearchFilterKey, string[]> =>
  // Object.fromEntries types its keys as any string; they are exactly searchFilters' keys.
  Object.fromEntries(searchFilters.map(({ key }) => [key, []])) as unknown as Record<SearchFilterKey, string[]>;
export const noFilters = (): SelectedFilters => emptyFilterValues();

/** What /search shows: the words typed, the filter values chosen and the page of results. */
export interface SearchState {
  query: string;
  selected: SelectedFilters;
  /** Which page of `shownResults` results, from 1; absent for the first. */
  page?: number;
  /** Set when the query was longer than `queryLengthLimit` and only its start is searched. */
  cut?: true;
}

/**
 * The most characters of a query the search reads: a buyer's query is a few words, and every
 * character costs work; the rest of a longer one is dropped before anything else, and the page
 * says so (`cut`).
 */
export const queryLengthLimit = 100;
/** The most values of one filter an address may choose: the catalogue has a few dozen. */
export const filterValueLimit = 100;
/** The highest page of results an address may ask for. */
const pageLimit = 1000;

/**
 * The search state an address holds: `?q=oil&category=Essential+Oil+Actives&industry=Apparel&page=2`,
 * one parameter per chosen value, under the filter's key. The query is cut to `queryLengthLimit`
 * characters and each filter to `filterValueLimit` values before any other work; values the
 * catalogue does not have are dropped by the search (`searchAnswer`), never echoed.
 */
export function searchStateFromParams(params: URLSearchParams): SearchState {
  const selected = noFilters();
  for (const { key } of searchFilters)
    selected[key] = [
      ...new Set(
        params
          .getAll(key)
          .slice(0, filterValueLimit)
          .map((value) => value.slice(0, queryLengthLimit).trim())
          .filter(Boolean),
      ),
    ];
  const raw = params.get('q') ?? '';
  const query = raw.slice(0, queryLengthLimit).trim();
  const page = Number(params.get('page'));
  return {
    query,
    selected,
    ...(Number.isInteger(page) && page > 1 ? { page: Math.min(page, pageLimit) } : {}),
    ...(raw.length > queryLengthLimit && raw.trim().length > queryLengthLimit ? { cut: true as const } : {}),
  };
}

/** The address's query string for a search state: `q` first, then each group's values in the order chosen, then the page. */
export function searchParamsOf({ query, selected, page }: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (query.trim()) params.set('q', query.trim());
  for (const { key } of searchFilters) for (const value of selected[key]) params.append(key, value);
  if (page && page > 1) params.set('page', String(page));
  return params;
}

/** The groups with at least one value chosen. */
export const chosenGroups = (selected: SelectedFilters): SearchFilterKey[] =>
  searchFilters.map(({ key }) => key).filter((key) => selected[key].length > 0);

/** How many results a list shows, with or without JavaScript; the answer says how many there are in all. */
export const shownResults = 50;

/** A result as a list shows it: an entry's record without its filter values. */
export type SearchHit = Omit<SearchRecord, 'filters'>;

/**
 * The search's answer to a search state, the same whoever asks: the page rendered on demand, the
 * JSON answer the islands fetch (src/pages/search/answer.json.ts).
 */
export interface SearchAnswer extends SearchState {
  /** How many entries match in all: the number every count of results says. */
  total: number;
  /** The `shownResults` of them on this page (`page`, from 1), best first. */
  results: SearchHit[];
  /** How many pages of `shownResults` the results fill (1 when there are none). */
  pages: number;
  /** Per filter group, each value with its faceted count. */
  counts: FilterCounts;
}
