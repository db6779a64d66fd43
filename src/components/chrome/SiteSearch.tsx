/**
 * The search field: in the top bar, in the small-screen menu and on /search.
 *
 * Server-rendered, it is a plain GET form to /search, which works without JavaScript. The island
 * hydrates when the visitor reaches for the field (`client:focus`, which at the same moment starts
 * loading Pagefind's script, WebAssembly and index metadata from /pagefind/, written by the build:
 * see src/search/integration.ts). /search hydrates its field once the page has loaded and loads
 * Pagefind, its filters and its results when the visitor uses it or arrives with a query. Whatever
 * was typed before hydration is taken over on mounting.
 *
 * In the top bar ("bar") it lists the first results under the field with a link to /search;
 * on /search ("page") it shows every result and the filters (category, industry, application
 * method) and keeps the query in the address (`?q=`).
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { pagefindEntry, rankByCode, searchFilters, type SearchFilterKey } from '../../lib/search';

export interface SiteSearchWords {
  label: string;
  placeholder: string;
  button: string;
  heading: string;
  filtersHeading: string;
  loading: string;
  none: string;
  seeAll: string;
}

export interface SiteSearchProps {
  variant: 'bar' | 'menu' | 'page';
  words: SiteSearchWords;
  className?: string;
}

interface PagefindResultData {
  url: string;
  meta: { title?: string; category?: string; code?: string; summary?: string };
}
type PagefindFilters = Record<string, Record<string, number>>;
interface PagefindSearch {
  results: { id: string; data: () => Promise<PagefindResultData> }[];
  /** How many results the query would have with each filter value alone, other filters aside. */
  totalFilters?: PagefindFilters;
}
interface Pagefind {
  search: (query: string | null, options?: { filters?: Record<string, { any: string[] }> }) => Promise<PagefindSearch>;
  filters: () => Promise<PagefindFilters>;
}

/**
 * Pagefind, through the site's entry that the build writes (configured there, once per page
 * however many search fields import it). A variable, so the bundler leaves the import to the browser.
 */
const loadPagefind = () => import(/* @vite-ignore */ pagefindEntry) as Promise<Pagefind>;

/** Results loaded per query: the bar shows the first few, /search all of these. */
const loaded = { bar: 8, menu: 8, page: 50 } as const;
const shown = { bar: 6, menu: 6, page: 50 } as const;

/** From this width /search shows its filters unfolded beside the results (Tailwind's `lg`). */
const wideFilters = '(min-width: 1024px)';

type Selected = Record<SearchFilterKey, string[]>;
const noFilters = (): Selected => ({ category: [], industry: [], method: [] });

export default function SiteSearch({ variant, words, className = '' }: SiteSearchProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Selected>(noFilters);
  const [results, setResults] = useState<PagefindResultData[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [facets, setFacets] = useState<PagefindFilters | null>(null);
  /** Per filter value, the query's results with that value alone; null without words (the catalogue's counts show). */
  const [counts, setCounts] = useState<PagefindFilters | null>(null);
  const [failed, setFailed] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  /** Whether /search's filters are unfolded: at first on wide screens only. */
  const [filtersOpen, setFiltersOpen] = useState(false);
  /** Whether the visitor has used the field (or came with a query): only then is Pagefind loaded. */
  const [engaged, setEngaged] = useState(false);
  const latest = useRef(0);

  // Take over what was typed before hydration (or, on /search, the query in the address).
  useLayoutEffect(() => {
    const input = inputRef.current;
    const fromAddress = variant === 'page' ? (new URLSearchParams(window.location.search).get('q') ?? '') : '';
    if (input && !input.value && fromAddress) input.value = fromAddress;
    setQuery(input?.value ?? '');
    setOpen(document.activeElement === input);
    setEngaged(Boolean(input?.value) || document.activeElement === input);
    setFiltersOpen(window.matchMedia(wideFilters).matches);
    setHydrated(true);
  }, [variant]);

  // The filters of /search, with their counts, once Pagefind is there.
  useEffect(() => {
    if (variant !== 'page' || !engaged) return;
    loadPagefind()
      .then((pf) => pf.filters())
      .then(setFacets)
      .catch(() => setFailed(true));
  }, [variant, engaged]);

  useEffect(() => {
    if (!hydrated) return;
    const term = query.trim();
    const filtering = Object.values(selected).some((values) => values.length > 0);
    if (!term && !filtering) {
      setResults(null);
      setCounts(null);
      setBusy(false);
      return;
    }
    const run = ++latest.current;
    setBusy(true);
    const filters = Object.fromEntries(
      Object.entries(selected)
        .filter(([, values]) => values.length > 0)
        .map(([key, values]) => [key, { any: values }]),
    );
    void (async () => {
      try {
        const pf = await loadPagefind();
        const search = await pf.search(term || null, { filters });
        if (run !== latest.current) return;
        const data = await Promise.all(search.results.slice(0, loaded[variant]).map((result) => result.data()));
        if (run !== latest.current) return;
        setResults(rankByCode(data, term).slice(0, shown[variant]));
        // Each filter value counts the query's results with that value alone (Pagefind's
        // totalFilters): the values of one group add up ("any"), and counts on top of the chosen
        // ones would show 0 for every value not chosen. Without words those totals are all 0, so
        // the catalogue's own counts stand.
        setCounts(term && search.totalFilters && Object.keys(search.totalFilters).length > 0 ? search.totalFilters : null);
        setBusy(false);
      } catch {
        if (run === latest.current) setFailed(true);
      }
    })();
    // Once more when the filters have loaded (`facets`): Pagefind counts only from then on.
  }, [query, selected, hydrated, variant, facets]);

  // On /search the address follows the query, so a result list can be shared or reloaded.
  useEffect(() => {
    if (variant !== 'page' || !hydrated) return;
    const url = new URL(window.location.href);
    if (query.trim()) url.searchParams.set('q', query.trim());
    else url.searchParams.delete('q');
    window.history.replaceState(null, '', url);
  }, [variant, query, hydrated]);

  // The bar's results close when focus or a tap goes elsewhere, and with Escape.
  useEffect(() => {
    if (variant === 'page' || !open) return;
    const outside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      inputRef.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      document.removeEventListener('keydown', onKey);
    };
  }, [variant, open]);

  const toggleFilter = (key: SearchFilterKey, value: string) =>
    setSelected((current) => ({
      ...current,
      [key]: current[key].includes(value) ? current[key].filter((v) => v !== value) : [...current[key], value],
    }));

  const resultsId = `${id}-results`;
  const chosen = Object.values(selected).reduce((sum, values) => sum + values.length, 0);
  const showResults = hydrated && (variant === 'page' || open) && (results !== null || busy || failed);
  const status = failed ? '' : busy ? words.loading : results === null ? '' : results.length === 0 ? words.none : `${results.length} ${results.length === 1 ? 'result' : 'results'}`;
  const seeAllHref = `/search?q=${encodeURIComponent(query.trim())}`;

  const list = results && results.length > 0 && (
    <ul className={variant === 'page' ? 'mt-4 space-y-3' : 'divide-y divide-line'} data-search-results="">
      {results.map((result) => (
        <li key={result.url} className={variant === 'page' ? 'rounded-card border border-line bg-paper p-4' : 'py-2.5'}>
          <a href={result.url} className="font-semibold text-brand-800 hover:underline">
            {result.meta.title}
          </a>
          <p className="mt-0.5 text-xs font-medium text-muted">
            {result.meta.category}
            {result.meta.code && (
              <>
                {' · '}
                <span className="font-mono text-ink">{result.meta.code}</span>
              </>
            )}
          </p>
          {result.meta.summary && <p className="mt-1 line-clamp-2 text-sm text-muted">{result.meta.summary}</p>}
        </li>
      ))}
    </ul>
  );

  const form = (
    <form
      role="search"
      action="/search"
      method="get"
      className="flex items-center gap-2"
      onSubmit={(event) => {
        if (variant === 'page') event.preventDefault();
      }}
    >
      <label htmlFor={`${id}-q`} className={variant === 'page' ? 'font-semibold' : 'sr-only'}>
        {words.label}
      </label>
      <input
        ref={inputRef}
        id={`${id}-q`}
        type="search"
        name="q"
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setEngaged(true);
        }}
        onFocus={() => {
          setOpen(true);
          setEngaged(true);
        }}
        placeholder={words.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        aria-controls={showResults ? resultsId : undefined}
        className={`min-w-0 flex-1 rounded-full border border-line bg-paper px-4 text-ink placeholder:text-muted focus:border-brand-700 ${
          variant === 'bar' ? 'h-10 w-32 text-sm xl:w-56' : 'h-11'
        }`}
      />
      <button
        type="submit"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
      >
        {/* Lucide's "search" icon, drawn here: the field's first search loads no icon library. */}
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <circle cx="11" cy="11" r="8" />
          <path d="m21 21-4.34-4.34" />
        </svg>
        <span className="sr-only">{words.button}</span>
      </button>
    </form>
  );

  if (variant === 'page') {
    return (
      <div ref={rootRef} className={className} data-hydrated={hydrated ? '' : undefined}>
        {form}
        {/* Filters and results appear once the visitor uses the field (or arrives with a query):
            until then there is nothing to show, and the A-Z list below is the page. */}
        {engaged && (
          <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
            <div>
              {facets && (
                // Open beside the results on wide screens; on a phone, folded above them, so the
                // results are not pushed below some forty checkboxes.
                <details open={filtersOpen} onToggle={(event) => setFiltersOpen(event.currentTarget.open)}>
                  <summary className="cursor-pointer">
                    <h2 className="inline text-lg font-bold">{words.filtersHeading}</h2>
                    {chosen > 0 && <span className="ml-2 text-sm text-muted">({chosen})</span>}
                  </summary>
                  {searchFilters.map(({ key, label }) => {
                    const values = Object.keys(facets[key] ?? {}).sort((a, b) => a.localeCompare(b));
                    if (values.length === 0) return null;
                    return (
                      <fieldset key={key} className="mt-4">
                        <legend className="text-sm font-semibold">{label}</legend>
                        <ul className="mt-1 space-y-1">
                          {values.map((value) => (
                            <li key={value}>
                              <label className="flex items-center gap-2 text-sm">
                                <input type="checkbox" checked={selected[key].includes(value)} onChange={() => toggleFilter(key, value)} className="size-4 accent-brand-700" />
                                <span>
                                  {value} <span className="text-muted">({(counts ?? facets)[key]?.[value] ?? 0})</span>
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
                {status}
              </p>
              {list}
            </div>
          </div>
        )}
      </div>
    );
  }

  return (
    <div ref={rootRef} className={`relative ${className}`} data-hydrated={hydrated ? '' : undefined}>
      {form}
      {showResults && (
        <div
          id={resultsId}
          className={
            variant === 'bar'
              ? 'absolute top-12 right-0 z-50 w-96 max-w-[90vw] rounded-card border border-line bg-paper p-4 shadow-card'
              : 'mt-3 rounded-card border border-line bg-paper p-3'
          }
        >
          <p role="status" className="text-sm text-muted">
            {status}
          </p>
          {list}
          {query.trim() && (
            <a href={seeAllHref} className="mt-2 block text-sm font-semibold text-brand-800 hover:underline">
              {words.seeAll}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
