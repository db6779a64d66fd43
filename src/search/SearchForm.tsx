/**
 * What the search field (SiteSearch.tsx) and /search (SearchResults.tsx) share: the form, which
 * server-rendered is a plain GET form to /search, the list of results and the line that says how
 * the search stands.
 */
import type { ReactNode, RefObject } from 'react';
import type { PagefindSearch, SearchResult } from './usePagefindSearch';

/** The words both use (src/content/pages/search.md). */
export interface SearchWords {
  label: string;
  placeholder: string;
  button: string;
  loading: string;
  none: string;
  /** "{count} results". */
  count: string;
  countOne: string;
}

interface SearchFormProps {
  id: string;
  words: SearchWords;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The label shows on /search; in the top bar and the menu it is for screen readers. */
  showLabel: boolean;
  inputClassName: string;
  /** The results' id, while they show. */
  controls?: string;
  onInput: (value: string) => void;
  onFocus: () => void;
  /** Given, the form stays on the page instead of going to /search. */
  onSubmit?: () => void;
  /** What the field holds when the page is rendered (/search answered on demand). */
  defaultValue?: string;
}

/** The id of the form of a search field, for inputs outside it that it sends (the filters without JavaScript). */
export const searchFormId = (id: string) => `${id}-form`;

export function SearchForm({
  id,
  words,
  inputRef,
  showLabel,
  inputClassName,
  controls,
  onInput,
  onFocus,
  onSubmit,
  defaultValue,
}: SearchFormProps) {
  return (
    <form
      id={searchFormId(id)}
      role="search"
      action="/search"
      method="get"
      className="flex items-center gap-2"
      onSubmit={(event) => {
        if (!onSubmit) return;
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={`${id}-q`} className={showLabel ? 'font-semibold' : 'sr-only'}>
        {words.label}
      </label>
      <input
        ref={inputRef}
        id={`${id}-q`}
        type="search"
        name="q"
        defaultValue={defaultValue}
        onChange={(event) => onInput(event.target.value)}
        onFocus={onFocus}
        placeholder={words.placeholder}
        autoComplete="off"
        enterKeyHint="search"
        aria-controls={controls}
        className={`min-w-0 flex-1 rounded-full border border-line bg-paper px-4 text-ink placeholder:text-muted focus:border-brand-700 ${inputClassName}`}
      />
      <button
        type="submit"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
      >
        {/* Lucide's "search" icon, drawn here: the field's first search loads no icon library. */}
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="11" cy="11" r="8" />
          <path d="m21 21-4.34-4.34" />
        </svg>
        <span className="sr-only">{words.button}</span>
      </button>
    </form>
  );
}

/** The line that says how the search stands: searching, nothing found, or how many results. */
export function searchStatus(words: SearchWords, { failed, loading, results }: PagefindSearch): string {
  if (failed || (!loading && results === null)) return '';
  if (loading) return words.loading;
  if (results!.length === 0) return words.none;
  return (results!.length === 1 ? words.countOne : words.count).replace('{count}', String(results!.length));
}

interface ResultListProps {
  results: SearchResult[] | null;
  /** The list's and each row's classes. */
  className: string;
  rowClassName: string;
}

export function ResultList({ results, className, rowClassName }: ResultListProps): ReactNode {
  if (!results || results.length === 0) return null;
  return (
    <ul className={className} data-search-results="">
      {results.map((result) => (
        <li key={result.url} className={rowClassName}>
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
}
