/**
 * /search's field, filters (category, industry, application method, and any other key of
 * `searchFilters`) and results. The query and the chosen filters live in the address
 * (`?q=oil&category=…&industry=…`, src/search/search.ts), so reload, back, forward and a shared
 * link restore them: typing replaces the address, each filter chosen or taken off is a step of the
 * history.
 *
 * Counts are faceted: a value counts the results for the query, the choices in the other groups
 * and that value, so choosing a value with a count never leads to no result. A value with no
 * result stays listed, says so, and cannot be chosen (unless it already is, from an address).
 *
 * Server-rendered, it is the plain GET form to /search (SearchForm.tsx), and with a query the
 * server's answer (src/pages/search/results.astro). Hydrated, it starts from that answer and keeps
 * it: the island asks the same engine (./useSearchAnswer.ts) only when the search changes.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  noFilters,
  queryLengthLimit,
  searchFilters,
  searchParamsOf,
  searchStateFromParams,
  type FilterCounts,
  type SearchAnswer,
  type SearchFilterKey,
  type SelectedFilters,
} from './search';
import { OfflinePages, ResultList, SearchForm, searchFormId, searchStatus, type SearchWords } from './SearchForm';
import { useSearchAnswer } from './useSearchAnswer';

export interface SearchResultsWords extends SearchWords {
  heading: string;
  filtersHeading: string;
  /** The heading of each group of filters. */
  filters: Record<SearchFilterKey, string>;
  /** After the count of a filter value with no result, e.g. "no match": "Pigments (0, no match)". */
  filterNone: string;
  /** Under the filters: items without their own industries or methods count under their category's. */
  filtersInherited: string;
  /** The button that sends the chosen filters without JavaScript, e.g. "Apply filters". */
  applyFilters: string;
  /** Under the open filters on a phone, the link down to the results, e.g. "Show results". */
  showResults: string;
  /** Said when the query was cut: "Only the first {limit} characters were searched." */
  queryCut: string;
  /** The name of the links to the pages of results, and "Page {page} of {pages}". */
  pagesLabel: string;
  pageOf: string;
  previousPage: string;
  nextPage: string;
}

const fillIn = (template: string, values: Record<string, number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** The values of each group that the catalogue has: an address's others choose nothing and are not shown. */
const knownOnly = (selected: SelectedFilters, counts: FilterCounts): SelectedFilters =>
  Object.fromEntries(
    searchFilters.map(({ key }) => [key, selected[key].filter((value) => value in (counts[key] ?? {}))]),
  ) as SelectedFilters;

export interface SearchResultsProps {
  words: SearchResultsWords;
  className?: string;
  /**
   * A search the server answered (/search with a query, rendered on demand: src/pages/search/results.astro).
   * The page shows it without JavaScript; the island starts from it and keeps it.
   */
  server?: SearchAnswer | undefined;
  /** Every filter value of the catalogue with its number of items: the filters before any search. */
  catalogueCounts: FilterCounts;
}

/** From this width the filters show unfolded beside the results (Tailwind's `lg`). */
const wideFilters = '(min-width: 1024px)';

/** The address of a search state on this page (its path and anchor kept). */
function addressOf(query: string, selected: SelectedFilters, page = 1): string {
  const params = searchParamsOf({ query, selected, page }).toString();
  return `${window.location.pathname}${params ? `?${params}` : ''}${window.location.hash}`;
}

// Over 100 lines on purpose: one island's state and the markup that reads it: the query, the
// filters, the address kept in step with both, and the answer's results and counts; split, each
// part would take most of that state and its setters as props.
// eslint-disable-next-line max-lines-per-function -- why: the lines above
export default function SearchResults({ words, className = '', server, catalogueCounts }: SearchResultsProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(server?.query ?? '');
  const [selected, setSelected] = useState<SelectedFilters>(server?.selected ?? noFilters);
  const [hydrated, setHydrated] = useState(false);
  /** Whether the visitor has used the field (or came with a query): only then do filters and results show. */
  const [engaged, setEngaged] = useState(Boolean(server));
  /** The filters unfold once, when they first show, on wide screens (their `open` is the visitor's after that). */
  const unfolded = useRef(false);
  const unfoldOnWideScreens = (details: HTMLDetailsElement | null) => {
    if (!details || unfolded.current) return;
    unfolded.current = true;
    if (window.matchMedia(wideFilters).matches) details.open = true;
  };
  /** Whether the next change of the address is a step of the history (a filter) or replaces it (typing). */
  const nextStep = useRef<'push' | 'replace'>('replace');
  /**
   * The page of results shown, for the search it was chosen in: another query or filter starts
   * again from the first page.
   */
  /** The catalogue's filter values, the same for the page's life. */
  const catalogueValues = useRef(catalogueCounts);
  const [paged, setPaged] = useState(() => ({
    search: server ? searchParamsOf({ query: server.query, selected: server.selected }).toString() : '',
    page: server?.page ?? 1,
  }));
  const current = searchParamsOf({ query, selected }).toString();
  const page = paged.search === current ? paged.page : 1;
  const search = useSearchAnswer({ query, selected, page, enabled: hydrated, initial: server });

  // Take over the search in the address (a reload, a shared link), or what was typed before hydration.
  useLayoutEffect(() => {
    const input = inputRef.current;
    const fromAddress = searchStateFromParams(new URLSearchParams(window.location.search));
    if (input && !input.value && fromAddress.query) input.value = fromAddress.query;
    const chosen = Object.values(fromAddress.selected).some((values) => values.length > 0);
    setQuery(input?.value ?? '');
    setSelected(knownOnly(fromAddress.selected, catalogueValues.current));
    setEngaged(Boolean(input?.value) || chosen || document.activeElement === input);
    setHydrated(true);
  }, []);

  // Back and forward: the page shows the search of the address it returns to.
  useEffect(() => {
    const onPopState = () => {
      const state = searchStateFromParams(new URLSearchParams(window.location.search));
      if (inputRef.current) inputRef.current.value = state.query;
      setQuery(state.query);
      setSelected(knownOnly(state.selected, catalogueValues.current));
      setPaged({ search: searchParamsOf(state).toString(), page: state.page ?? 1 });
      if (state.query || Object.values(state.selected).some((values) => values.length > 0)) setEngaged(true);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // The address follows the search.
  useEffect(() => {
    if (!hydrated) return;
    const next = addressOf(query, selected, page);
    const step = nextStep.current;
    nextStep.current = 'replace';
    if (next === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
    if (step === 'push') window.history.pushState(null, '', next);
    else window.history.replaceState(null, '', next);
  }, [query, selected, page, hydrated]);

  /** A link to another page of results: a plain link without JavaScript, a step of the history with it. */
  const pageLink = (to: number, label: string, rel: 'prev' | 'next') => (
    <a
      href={`?${searchParamsOf({ query, selected, page: to }).toString()}#${resultsId}`}
      rel={rel}
      className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm font-semibold text-brand-800 hover:underline"
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        nextStep.current = 'push';
        setPaged({ search: current, page: to });
        document.getElementById(resultsId)?.scrollIntoView();
      }}
    >
      {label}
    </a>
  );

  const toggleFilter = (key: SearchFilterKey, value: string) => {
    nextStep.current = 'push';
    setSelected((current) => ({
      ...current,
      [key]: current[key].includes(value) ? current[key].filter((v) => v !== value) : [...current[key], value],
    }));
  };

  const resultsId = `${id}-results`;
  const chosen = Object.values(selected).reduce((sum, values) => sum + values.length, 0);
  // Before hydration the server's answer is the page; after, the search's (which starts from it).
  const answer = hydrated ? search.answer : (server ?? null);
  const shown = hydrated ? search : { answer, loading: false, failed: false as const };
  const counts = answer?.counts ?? catalogueCounts;

  return (
    <div className={className} data-hydrated={hydrated ? '' : undefined}>
      <SearchForm
        id={id}
        words={words}
        name={words.label}
        inputRef={inputRef}
        showLabel
        inputClassName="h-11"
        controls={hydrated && (answer !== null || search.loading || search.failed) ? resultsId : undefined}
        defaultValue={server?.query}
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
        <div className="mt-4 grid gap-4 lg:mt-8 lg:grid-cols-[16rem_1fr] lg:gap-8">
          <div>
            {
              // Open beside the results on wide screens; on a phone, folded above them, so the
              // first results are on the first screen. Unfolded once, when they first show (folded
              // as the server renders them): after that the visitor folds and unfolds them.
              <details ref={unfoldOnWideScreens}>
                <summary className="cursor-pointer py-2 lg:py-0">
                  <h2 className="inline text-lg font-bold">{words.filtersHeading}</h2>
                  {chosen > 0 && <span className="ml-2 text-sm text-muted">({chosen})</span>}
                </summary>
                <p className="mt-2 text-xs text-muted">{words.filtersInherited}</p>
                {searchFilters.map(({ key }) => {
                  // Every value of the catalogue, and any chosen one it does not have (from an address).
                  const values = [...new Set([...Object.keys(counts[key] ?? {}), ...selected[key]])].sort((a, b) =>
                    a.localeCompare(b),
                  );
                  if (values.length === 0) return null;
                  return (
                    <fieldset key={key} className="mt-4">
                      <legend className="text-sm font-semibold">{words.filters[key]}</legend>
                      <ul className="mt-1">
                        {values.map((value) => {
                          const count = counts[key]?.[value] ?? 0;
                          const checked = selected[key].includes(value);
                          return (
                            <li key={value}>
                              <label
                                className={`flex min-h-8 items-center gap-2 text-sm ${count === 0 && !checked ? 'text-muted' : ''}`}
                              >
                                <input
                                  type="checkbox"
                                  name={key}
                                  value={value}
                                  form={searchFormId(id)}
                                  checked={checked}
                                  disabled={count === 0 && !checked}
                                  onChange={() => toggleFilter(key, value)}
                                  className="size-5 shrink-0 accent-brand-700"
                                />
                                <span>
                                  {value}{' '}
                                  <span className="text-muted">({count === 0 ? `0, ${words.filterNone}` : count})</span>
                                </span>
                              </label>
                            </li>
                          );
                        })}
                      </ul>
                    </fieldset>
                  );
                })}
                {/* On a phone the results are below some forty filters: this line stays at the
                    bottom of the screen while they are open, so each tap shows its count at once.
                    Without JavaScript the filters are sent with the field's form; with it they apply at once. */}
                <div className="sticky bottom-0 -mx-1 mt-4 flex items-center gap-3 border-t border-line bg-paper px-1 py-2 lg:static lg:border-0">
                  {hydrated ? (
                    <>
                      <span className="text-sm text-muted" aria-hidden="true">
                        {searchStatus(words, shown)}
                      </span>
                      <a
                        href={`#${resultsId}`}
                        className="ml-auto inline-flex min-h-6 items-center text-sm font-semibold text-brand-800 hover:underline lg:hidden"
                      >
                        {words.showResults}
                      </a>
                    </>
                  ) : (
                    <button
                      type="submit"
                      form={searchFormId(id)}
                      className="rounded-full bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                    >
                      {words.applyFilters}
                    </button>
                  )}
                </div>
              </details>
            }
          </div>
          {/* Busy while the answer to the current search is on the way (the last results stay meanwhile). */}
          <div id={resultsId} aria-busy={shown.loading || undefined}>
            <h2 className="text-lg font-bold">{words.heading}</h2>
            <p role="status" className="mt-1 text-sm text-muted">
              {searchStatus(words, shown)}
            </p>
            {answer?.cut && (
              <p className="mt-1 text-sm text-muted">{fillIn(words.queryCut, { limit: queryLengthLimit })}</p>
            )}
            <OfflinePages words={words} state={shown} />
            <ResultList
              results={answer?.results ?? null}
              className="mt-4 space-y-3"
              rowClassName="rounded-card border border-line bg-paper p-4"
            />
            {answer && answer.pages > 1 && (
              <nav aria-label={words.pagesLabel} className="mt-6 flex flex-wrap items-center gap-3">
                {(answer.page ?? 1) > 1 && pageLink((answer.page ?? 1) - 1, words.previousPage, 'prev')}
                <span className="text-sm text-muted">
                  {fillIn(words.pageOf, { page: answer.page ?? 1, pages: answer.pages })}
                </span>
                {(answer.page ?? 1) < answer.pages && pageLink((answer.page ?? 1) + 1, words.nextPage, 'next')}
              </nav>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
