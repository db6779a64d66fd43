/**
 * The search field in the top bar ("bar") and the small-screen menu ("menu"): the first results
 * under the field, with the count of all of them and a link to /search. (/search itself is
 * SearchResults.tsx.) It asks the same search as /search (./useSearchAnswer.ts), so its results
 * are the first of /search's, and its count is /search's.
 *
 * Server-rendered, it is a plain GET form to /search, which works without JavaScript. The island
 * hydrates when the visitor reaches for the field (`client:focus`). Whatever was typed before
 * hydration is taken over on mounting.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { OfflinePages, ResultList, SearchForm, searchStatus, type SearchWords } from './SearchForm';
import { useSearchAnswer } from './useSearchAnswer';
import { routes } from '../model/routes';
import { atoZAnchor } from './search';

/** How many results show under the field; the count says how many there are in all. */
export const barResults = 6;

export interface SiteSearchWords extends SearchWords {
  seeAll: string;
  /** The link to the A-Z list on /search, shown when nothing matches. */
  atoZ: string;
}

export interface SiteSearchProps {
  variant: 'bar' | 'menu';
  words: SiteSearchWords;
  className?: string;
  /** In the page's content (a missing page's), not the top bar or its menu: named as /search's form is. */
  inPage?: boolean;
}

export default function SiteSearch({ variant, words, className = '', inPage = false }: SiteSearchProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  /** Whether the results show: from the field's focus or typing until Escape, a tap or focus elsewhere. */
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const search = useSearchAnswer({ query, enabled: hydrated });
  const results = search.answer?.results.slice(0, barResults) ?? null;

  // Take over what was typed before hydration.
  useLayoutEffect(() => {
    const input = inputRef.current;
    setQuery(input?.value ?? '');
    setOpen(document.activeElement === input);
    setHydrated(true);
  }, []);

  // The results close when focus or a tap goes elsewhere, and with Escape.
  useEffect(() => {
    if (!open) return;
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
  }, [open]);

  const resultsId = `${id}-results`;
  const showResults = hydrated && open && (search.answer !== null || search.loading || search.failed !== false);

  return (
    <div ref={rootRef} className={`relative ${className}`} data-hydrated={hydrated ? '' : undefined}>
      <SearchForm
        id={id}
        words={words}
        name={inPage ? words.label : words.barName}
        inputRef={inputRef}
        showLabel={false}
        inputClassName={variant === 'bar' ? 'h-10 w-32 text-sm xl:w-56' : 'h-11'}
        controls={showResults ? resultsId : undefined}
        onInput={(value) => {
          setQuery(value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
      />
      {showResults && (
        <div
          id={resultsId}
          aria-busy={search.loading || undefined}
          className={
            variant === 'bar'
              ? 'absolute top-12 right-0 z-50 w-96 max-w-[90vw] rounded-card border border-line bg-paper p-4 shadow-card'
              : 'mt-3 rounded-card border border-line bg-paper p-3'
          }
        >
          <p role="status" className="text-sm text-muted">
            {searchStatus(words, search)}
          </p>
          <OfflinePages words={words} state={search} />
          <ResultList results={results} className="divide-y divide-line" rowClassName="py-2.5" />
          {search.failed ? null : search.answer?.total === 0 && !search.loading ? (
            <a
              href={`${routes.search}#${atoZAnchor}`}
              className="mt-2 block text-sm font-semibold text-brand-800 hover:underline"
            >
              {words.atoZ}
            </a>
          ) : (
            query.trim() && (
              <a
                href={`${routes.search}?q=${encodeURIComponent(query.trim())}`}
                className="mt-2 block text-sm font-semibold text-brand-800 hover:underline"
              >
                {words.seeAll}
              </a>
            )
          )}
        </div>
      )}
    </div>
  );
}
