/**
 * What the search field (SiteSearch.tsx) and /search (SearchResults.tsx) share: the form, which
 * server-rendered is a plain GET form to /search, the list of results and the line that says how
 * the search stands.
 */
import type { ReactNode, RefObject } from 'react';
import { offlinePath } from '../offline/requests';
import type { SearchHit } from './search';
import type { SearchAnswerState } from './useSearchAnswer';

/** The words both use (src/content/pages/search.md). */
export interface SearchWords {
  label: string;
  /** The name of the top bar's (and the menu's) search form, which tells it from the one in the page. */
  barName: string;
  placeholder: string;
  button: string;
  loading: string;
  none: string;
  /** "{count} results". */
  count: string;
  countOne: string;
  /** Said when a search cannot reach the site, e.g. "Search needs a connection." */
  offline: string;
  /** The link, then, to the pages kept on this device (the offline page lists them). */
  offlinePages: string;
  /** Said when the search answered with an error. */
  failed: string;
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
  /** The form's name among the page's landmarks: a page may have two search forms, each named. */
  name: string;
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
  name,
}: SearchFormProps) {
  return (
    <form
      id={searchFormId(id)}
      role="search"
      aria-label={name}
      action="/search"
      method="get"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        if (!onSubmit) return;
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={`${id}-q`} className={showLabel ? 'w-full font-semibold sm:w-auto' : 'sr-only'}>
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

/**
 * The line that says how the search stands: searching, why it cannot answer, nothing found, or
 * how many results there are in all (the same count wherever the search shows).
 */
export function searchStatus(words: SearchWords, { failed, loading, answer }: SearchAnswerState): string {
  if (failed) return failed === 'offline' ? words.offline : words.failed;
  if (loading) return words.loading;
  if (!answer) return '';
  if (answer.total === 0) return words.none;
  return (answer.total === 1 ? words.countOne : words.count).replace('{count}', String(answer.total));
}

/** Offline, the link to the pages this device has kept (the offline page lists them). */
export function OfflinePages({ words, state }: { words: SearchWords; state: SearchAnswerState }): ReactNode {
  if (state.failed !== 'offline') return null;
  return (
    <a
      href={offlinePath}
      className="mt-2 inline-flex min-h-6 items-center text-sm font-semibold text-brand-800 hover:underline"
    >
      {words.offlinePages}
    </a>
  );
}

interface ResultListProps {
  results: readonly SearchHit[] | null;
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
            {result.name}
          </a>
          <p className="mt-0.5 text-xs font-medium text-muted">
            {result.category}
            {result.codes.length > 0 && (
              <>
                {' · '}
                <span className="font-mono text-ink">{result.codes.join(', ')}</span>
              </>
            )}
          </p>
          {result.summary && <p className="mt-1 line-clamp-2 text-sm text-muted">{result.summary}</p>}
        </li>
      ))}
    </ul>
  );
}
