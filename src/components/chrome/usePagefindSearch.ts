/**
 * Search over Pagefind, as one React hook for the search field and /search.
 *
 * Pagefind is loaded through the site's entry that the build writes (src/search/integration.ts),
 * configured there once per page however many fields import it. The hook keeps only what Pagefind
 * answered (the last answer, the catalogue's filters, whether it failed); whether a query is
 * asked, whether its answer is still on the way and which counts stand are derived from those.
 */
import { useEffect, useState } from 'react';
import { pagefindEntry, rankByCode, type SearchFilterKey } from '../../lib/search';

/** A result as the build records it (src/lib/search.ts). */
export interface SearchResult {
  url: string;
  meta: { title?: string; category?: string; code?: string; summary?: string };
}
/** Per filter group, each value with its number of results. */
export type FilterCounts = Record<string, Record<string, number>>;
/** The filter values chosen, per group. */
export type SelectedFilters = Record<SearchFilterKey, string[]>;

interface Pagefind {
  search: (
    query: string | null,
    options?: { filters?: Record<string, { any: string[] }> },
  ) => Promise<{
    results: { data: () => Promise<SearchResult> }[];
    /** How many results the query would have with each filter value alone, other filters aside. */
    totalFilters?: FilterCounts;
  }>;
  filters: () => Promise<FilterCounts>;
}

/** A variable, so the bundler leaves the import to the browser. */
const loadPagefind = () => import(/* @vite-ignore */ pagefindEntry) as Promise<Pagefind>;

export interface PagefindSearchOptions {
  /** What the visitor typed. */
  query: string;
  /** The filter values chosen (/search only). */
  selected?: SelectedFilters;
  /** How many results to load, and how many of them to show once ranked. */
  load: number;
  show: number;
  /** Whether to load the catalogue's filters, with their counts (/search, once the field is used). */
  withFilters?: boolean;
  /** Whether to search at all (not before the island has taken over the field). */
  enabled: boolean;
}

export interface PagefindSearch {
  /** The results, exact codes first; null while nothing is asked (no words and no filter). */
  results: SearchResult[] | null;
  /** Whether the answer to the current query is still on the way. */
  loading: boolean;
  failed: boolean;
  /** The catalogue's filters, each value with its number of items; null until loaded. */
  filters: FilterCounts | null;
  /** Per filter value, the query's results with that value alone; null without words. */
  counts: FilterCounts | null;
}

interface Answer {
  /** The query and filters it answers. */
  key: string;
  results: SearchResult[];
  counts: FilterCounts | null;
}

export function usePagefindSearch({ query, selected, load, show, withFilters = false, enabled }: PagefindSearchOptions): PagefindSearch {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [filters, setFilters] = useState<FilterCounts | null>(null);
  const [failed, setFailed] = useState(false);

  const term = query.trim();
  const chosen = Object.fromEntries(
    Object.entries(selected ?? {})
      .filter(([, values]) => values.length > 0)
      .map(([key, values]) => [key, { any: values }]),
  );
  const asked = enabled && (term !== '' || Object.keys(chosen).length > 0);
  const key = JSON.stringify([term, chosen]);

  useEffect(() => {
    if (!enabled || !withFilters) return;
    loadPagefind()
      .then((pagefind) => pagefind.filters())
      .then(setFilters)
      .catch(() => setFailed(true));
  }, [enabled, withFilters]);

  const filtersLoaded = filters !== null;
  useEffect(() => {
    if (!asked) {
      setAnswer(null);
      return;
    }
    let current = true;
    void (async () => {
      try {
        const pagefind = await loadPagefind();
        const search = await pagefind.search(term || null, { filters: chosen });
        const data = await Promise.all(search.results.slice(0, load).map((result) => result.data()));
        if (!current) return;
        // Each filter value counts the query's results with that value alone (Pagefind's
        // totalFilters): the values of one group add up ("any"), and counts on top of the chosen
        // ones would show 0 for every value not chosen. Without words those totals are all 0, so
        // the catalogue's own counts stand.
        const totals = search.totalFilters;
        setAnswer({ key, results: rankByCode(data, term).slice(0, show), counts: term && totals && Object.keys(totals).length > 0 ? totals : null });
      } catch {
        if (current) setFailed(true);
      }
    })();
    return () => {
      current = false;
    };
    // `key` stands for the query and the filters. Once more when the filters have loaded:
    // Pagefind counts only from then on.
  }, [asked, key, filtersLoaded, load, show]);

  return {
    // While the next answer is on the way, the last one stays.
    results: asked ? (answer?.results ?? null) : null,
    loading: asked && !failed && answer?.key !== key,
    failed,
    filters,
    counts: asked ? (answer?.counts ?? null) : null,
  };
}
