/**
 * Search over Pagefind, as one React hook for the search field and /search.
 *
 * Pagefind is loaded through the site's entry that the build writes (src/search/integration.ts),
 * configured there once per page however many fields import it. The hook keeps only what Pagefind
 * answered (the last answer, the catalogue's filters, whether it failed); whether a query is
 * asked, whether its answer is still on the way and which counts stand are derived from those.
 */
import { useEffect, useState } from 'react';
import {
  chosenGroups,
  facetedCounts,
  pagefindEntry,
  pagefindFilters,
  rankByCode,
  type FilterCounts,
  type SelectedFilters,
} from './search';

export type { FilterCounts, SelectedFilters };

/** A result as the build records it (src/search/search.ts). */
export interface SearchResult {
  url: string;
  meta: { title?: string; category?: string; code?: string; summary?: string };
}

interface Pagefind {
  search: (
    query: string | null,
    options?: { filters?: Record<string, { any: string[] }> },
  ) => Promise<{
    results: { data: () => Promise<SearchResult> }[];
    /** How many of these results have each filter value. */
    filters?: FilterCounts;
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
  /**
   * Faceted counts: per filter value, the results for the query, the choices in the other groups
   * and that value (src/search/search.ts, `facetedCounts`); null while nothing is asked.
   */
  counts: FilterCounts | null;
}

interface Answer {
  /** The query and filters it answers. */
  key: string;
  results: SearchResult[];
  counts: FilterCounts | null;
}

export function usePagefindSearch({
  query,
  selected,
  load,
  show,
  withFilters = false,
  enabled,
}: PagefindSearchOptions): PagefindSearch {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [filters, setFilters] = useState<FilterCounts | null>(null);
  const [failed, setFailed] = useState(false);

  const term = query.trim();
  const none: SelectedFilters = { category: [], industry: [], method: [], substrate: [] };
  const choices = selected ?? none;
  const chosen = pagefindFilters(choices);
  const asked = enabled && (term !== '' || Object.keys(chosen).length > 0);
  // The counts come with the answer once the catalogue's filters are there.
  const key = JSON.stringify([term, chosen, withFilters && filters !== null]);

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
        // Each group with a choice is counted once more without its own choice, so its other
        // values say what choosing them too would give (the filter list only: not for the field).
        let counts: FilterCounts | null = null;
        if (withFilters && filters) {
          const withoutOwn = Object.fromEntries(
            await Promise.all(
              chosenGroups(choices).map(async (group) => {
                const others = pagefindFilters(choices, group);
                // Without words or other choices, the group's counts are the catalogue's.
                if (!term && Object.keys(others).length === 0) return [group, filters] as const;
                return [group, (await pagefind.search(term || null, { filters: others })).filters ?? {}] as const;
              }),
            ),
          );
          counts = facetedCounts(search.filters ?? {}, withoutOwn);
        }
        if (!current) return;
        setAnswer({ key, results: rankByCode(data, term).slice(0, show), counts });
      } catch {
        if (current) setFailed(true);
      }
    })();
    return () => {
      current = false;
    };
    // `key` stands for the query and the filters. Once more when the filters have loaded:
    // the counts need them.
  }, [asked, key, filtersLoaded, load, show, withFilters]);

  return {
    // While the next answer is on the way, the last one stays.
    results: asked ? (answer?.results ?? null) : null,
    loading: asked && !failed && answer?.key !== key,
    failed,
    filters,
    counts: asked ? (answer?.counts ?? null) : null,
  };
}
