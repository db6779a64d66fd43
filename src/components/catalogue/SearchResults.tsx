/**
 * /search's field, filters (category, industry, application method) and results. The query stays
 * in the address (`?q=`), so a result list can be shared or reloaded.
 *
 * Server-rendered, it is the plain GET form to /search (SearchForm.tsx). Once the page has loaded
 * it hydrates; it loads Pagefind, its filters and its results when the visitor uses the field or
 * arrives with a query. Until then the A-Z list below it is the page.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { searchFilters, type SearchFilterKey } from '../../lib/search';
import { ResultList, SearchForm, searchStatus, type SearchWords } from '../chrome/SearchForm';
import { usePagefindSearch, type SelectedFilters } from '../chrome/usePagefindSearch';

export interface SearchResultsWords extends SearchWords {
  heading: string;
  filtersHeading: string;
  /** The heading of each group of filters. */
  filters: Record<SearchFilterKey, string>;
}

export interface SearchResultsProps {
  words: SearchResultsWords;
  className?: string;
}

/** From this width the filters show unfolded beside the results (Tailwind's `lg`). */
const wideFilters = '(min-width: 1024px)';

const noFilters: SelectedFilters = { category: [], industry: [], method: [] };

export default function SearchResults({ words, className = '' }: SearchResultsProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState(noFilters);
  const [hydrated, setHydrated] = useState(false);
  /** Whether the visitor has used the field (or came with a query): only then is Pagefind loaded. */
  const [engaged, setEngaged] = useState(false);
  const search = usePagefindSearch({ query, selected, load: 50, show: 50, withFilters: engaged, enabled: hydrated });

  // Take over the query in the address, or what was typed before hydration.
  useLayoutEffect(() => {
    const input = inputRef.current;
    const fromAddress = new URLSearchParams(window.location.search).get('q') ?? '';
    if (input && !input.value && fromAddress) input.value = fromAddress;
    setQuery(input?.value ?? '');
    setEngaged(Boolean(input?.value) || document.activeElement === input);
    setHydrated(true);
  }, []);

  // The address follows the query.
  useEffect(() => {
    if (!hydrated) return;
    const url = new URL(window.location.href);
    if (query.trim()) url.searchParams.set('q', query.trim());
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', url);
  }, [query, hydrated]);

  const toggleFilter = (key: SearchFilterKey, value: string) =>
    setSelected((current) => ({
      ...current,
      [key]: current[key].includes(value) ? current[key].filter((v) => v !== value) : [...current[key], value],
    }));

  const resultsId = `${id}-results`;
  const chosen = Object.values(selected).reduce((sum, values) => sum + values.length, 0);
  const { filters } = search;

  return (
    <div className={className} data-hydrated={hydrated ? '' : undefined}>
      <SearchForm
        id={id}
        words={words}
        inputRef={inputRef}
        showLabel
        inputClassName="h-11"
        controls={hydrated && (search.results !== null || search.loading || search.failed) ? resultsId : undefined}
        onInput={(value) => {
          setQuery(value);
          setEngaged(true);
        }}
        onFocus={() => setEngaged(true)}
        onSubmit={() => {}}
      />
      {/* Filters and results appear once the visitor uses the field (or arrives with a query):
          until then there is nothing to show, and the A-Z list below is the page. */}
      {engaged && (
        <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
          <div>
            {filters && (
              // Open beside the results on wide screens; on a phone, folded above them, so the
              // results are not pushed below some forty checkboxes. `open` is read once: after
              // that the visitor folds and unfolds them.
              <details open={window.matchMedia(wideFilters).matches}>
                <summary className="cursor-pointer">
                  <h2 className="inline text-lg font-bold">{words.filtersHeading}</h2>
                  {chosen > 0 && <span className="ml-2 text-sm text-muted">({chosen})</span>}
                </summary>
                {searchFilters.map(({ key }) => {
                  const values = Object.keys(filters[key] ?? {}).sort((a, b) => a.localeCompare(b));
                  if (values.length === 0) return null;
                  return (
                    <fieldset key={key} className="mt-4">
                      <legend className="text-sm font-semibold">{words.filters[key]}</legend>
                      <ul className="mt-1 space-y-1">
                        {values.map((value) => (
                          <li key={value}>
                            <label className="flex items-center gap-2 text-sm">
                              <input type="checkbox" checked={selected[key].includes(value)} onChange={() => toggleFilter(key, value)} className="size-4 accent-brand-700" />
                              <span>
                                {value} <span className="text-muted">({(search.counts ?? filters)[key]?.[value] ?? 0})</span>
                              </span>
                            </label>
                          </li>
                        ))}
                      </ul>
                    </fieldset>
                  );
                })}
              </details>
            )}
          </div>
          <div id={resultsId}>
            <h2 className="text-lg font-bold">{words.heading}</h2>
            <p role="status" className="mt-1 text-sm text-muted">
              {searchStatus(words, search)}
            </p>
            <ResultList results={search.results} className="mt-4 space-y-3" rowClassName="rounded-card border border-line bg-paper p-4" />
          </div>
        </div>
      )}
    </div>
  );
}
