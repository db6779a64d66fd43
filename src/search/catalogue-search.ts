/**
 * /search without JavaScript: the catalogue items that match a query and the chosen filters, in
 * the order the search island gives them, and the faceted counts of every filter value. The page
 * rendered on demand for `/search?q=…` (src/pages/search/results.astro) uses it; the island asks
 * Pagefind instead, in the browser (src/search/usePagefindSearch.ts).
 *
 * Matching follows Pagefind's rules on the words of the item's page: every word of the query must
 * start a word of the item (case and accents aside), or the query is one of the item's codes.
 * Ranking follows the island's: an exact code first (`rankByCode`, the island's own function),
 * then Pagefind's BM25 over the page's words weighted as Pagefind weighs them (a code 10, the
 * name, its heading, 7, other words 1; the start of a word less than a whole one), then A-Z. The
 * words are the item's as its model gives them, not its built page, so where Pagefind weighs
 * the page's other words (menus aside) the order of close results can differ.
 */
import type { CatalogueItem } from '../model/catalogue-item';
import type { SearchRecord } from './search';
import {
  chosenGroups,
  normaliseCode,
  rankByCode,
  searchFilters,
  type FilterCounts,
  type SearchFilterKey,
  type SearchState,
} from './search';

/** One item as the search reads it: its record (what a result shows, its filters) and its words. */
export interface SearchEntry {
  record: SearchRecord;
  /** The item's other words, as its page shows them: subtitle, badges, description, facts. */
  text: string;
}

/** The entry of an item: its search record and the words of its page (its Markdown body included). */
export function searchEntry(item: CatalogueItem, record: SearchRecord, body = ''): SearchEntry {
  const facts = item.facts.flatMap((fact) => (Array.isArray(fact.value) ? fact.value : [fact.value]));
  return { record, text: [item.subtitle ?? '', ...item.badges, item.description, ...facts, body].join(' ') };
}

/** Words as Pagefind compares them: lower case, accents off, split at anything not a letter or digit. */
export const searchWords = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Weights of the parts of an item's page, as Pagefind weighs them there (src/search/search.ts): a code 10, the name (its heading) 7, other words 1. */
const weights = { codes: 10, name: 7, text: 1 } as const;

/** An entry's words, each with its weight. */
interface Indexed {
  entry: SearchEntry;
  words: { word: string; weight: number }[];
}

/** Each entry's words, read once per entry (the server keeps the entries for its lifetime). */
const indexes = new WeakMap<SearchEntry, Indexed>();
const indexed = (entry: SearchEntry): Indexed => {
  let index = indexes.get(entry);
  if (!index) indexes.set(entry, (index = indexOf(entry)));
  return index;
};

const indexOf = (entry: SearchEntry): Indexed => ({
  entry,
  words: [
    ...searchWords(entry.record.codes.join(' ')).map((word) => ({ word, weight: weights.codes })),
    ...searchWords(entry.record.name).map((word) => ({ word, weight: weights.name })),
    ...searchWords(`${entry.record.category} ${entry.text}`).map((word) => ({ word, weight: weights.text })),
  ],
});

/** How much a word of the page counts for a word of the query: in full, or less the more it adds to it. */
const similarity = (candidate: string, word: string) =>
  candidate === word ? 1 : candidate.startsWith(word) ? word.length / candidate.length : 0;

/**
 * BM25 over the weighted words, as Pagefind ranks: each query word's weighted frequency in the
 * page, lowered for long pages and for words most pages have. 0 when a query word matches nothing.
 */
function scores(pages: readonly Indexed[], words: readonly string[]): number[] {
  const [k1, b] = [1.2, 0.75];
  const average = pages.reduce((sum, page) => sum + page.words.length, 0) / Math.max(pages.length, 1);
  const totals = pages.map(() => 0);
  for (const word of words) {
    const frequencies = pages.map((page) =>
      page.words.reduce((sum, w) => sum + w.weight * similarity(w.word, word), 0),
    );
    const having = frequencies.filter((f) => f > 0).length;
    const idf = Math.log(1 + (pages.length - having + 0.5) / (having + 0.5));
    frequencies.forEach((f, i) => {
      const length = pages[i]!.words.length;
      totals[i] =
        f === 0 || Number.isNaN(totals[i])
          ? Number.NaN
          : totals[i]! + (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * length) / average));
    });
  }
  return totals.map((total) => (Number.isNaN(total) ? 0 : total));
}

const hasCode = (entry: SearchEntry, query: string) =>
  entry.record.codes.some((code) => normaliseCode(code) === normaliseCode(query));

/** Whether an entry has one of the values chosen in each group (the values of a group are alternatives). */
const passes = (entry: SearchEntry, state: SearchState, without?: SearchFilterKey) =>
  chosenGroups(state.selected).every(
    (key) => key === without || state.selected[key].some((value) => entry.record.filters[key].includes(value)),
  );

export interface CatalogueSearch {
  /** The matching items, best first. */
  results: SearchRecord[];
  /**
   * Per filter group, every value of the catalogue with its faceted count: the items matching the
   * query, the choices in the other groups and that value (as `facetedCounts` gives the island).
   */
  counts: FilterCounts;
}

export function searchCatalogue(entries: readonly SearchEntry[], state: SearchState): CatalogueSearch {
  const query = state.query.trim();
  const words = searchWords(query);
  const pages = entries.map(indexed);
  const found = query ? scores(pages, words) : pages.map(() => 1);
  const matching = entries
    .map((entry, i) => ({ entry, score: found[i]! > 0 ? found[i]! : query && hasCode(entry, query) ? 1 : 0 }))
    .filter(({ score }) => score > 0);
  const results = rankByCode(
    matching
      .filter(({ entry }) => passes(entry, state))
      .sort(
        (a, b) =>
          b.score - a.score ||
          a.entry.record.name.localeCompare(b.entry.record.name, 'en', { sensitivity: 'base', numeric: true }),
      )
      .map(({ entry }) => ({ ...entry.record, meta: { code: entry.record.codes.join(', ') } })),
    query,
  ).map(({ meta: _meta, ...record }) => record);
  const counts: FilterCounts = {};
  for (const { key } of searchFilters) {
    const group: Record<string, number> = {};
    for (const entry of entries) for (const value of entry.record.filters[key]) group[value] ??= 0;
    for (const { entry } of matching) {
      if (!passes(entry, state, key)) continue;
      for (const value of new Set(entry.record.filters[key])) group[value] = (group[value] ?? 0) + 1;
    }
    counts[key] = group;
  }
  return { results, counts };
}
