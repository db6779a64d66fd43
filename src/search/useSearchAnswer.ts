/**
 * The search islands' one way to search: they ask the site's search engine on the server for its
 * answer (src/pages/search/answer.json.ts), the same answer /search rendered on demand shows. One
 * small request per query, sent once typing pauses, and at most one on its way: the next waits
 * for it, and a late answer to an earlier query is kept for later, never shown over a newer one.
 *
 * Until the answer to the current search has come, the last answer stays on screen and the search
 * says it is searching: "nothing matches" is only ever said by an answer.
 */
import { useEffect, useRef, useState } from 'react';
import { routes } from '../model/routes';
import { noFilters, searchParamsOf, type SearchAnswer, type SelectedFilters } from './search';

/**
 * How long typing must pause before a query is sent, in ms: each keystroke would otherwise be a
 * request. Twice the gap between the keys of a buyer typing steadily (about 120 ms), so a phrase
 * typed is one request even when the phone is slow to take a key; longer would put the first
 * results of a long name past their budget on the slow link (bench/results.md, Search).
 */
export const typingPauseMs = 250;

export interface SearchAnswerOptions {
  /** What the visitor typed. */
  query: string;
  /** The filter values chosen (/search only). */
  selected?: SelectedFilters;
  /** The page of results (/search only), from 1. */
  page?: number;
  /** Whether to search at all (not before the island has taken over the field). */
  enabled: boolean;
  /** An answer the page came with (/search rendered on demand): kept, never asked again. */
  initial?: SearchAnswer | undefined;
}

export interface SearchAnswerState {
  /** The answer shown: the current search's, or the last one while the current one is on its way; null while nothing is asked. */
  answer: SearchAnswer | null;
  /** Whether the answer to the current search is still on the way. */
  loading: boolean;
  /** Whether the current search could not be answered: `offline` when no request reached the site. */
  failed: false | 'offline' | 'error';
}

/** The address of the answer to a search state. */
export const searchAnswerUrl = (params: URLSearchParams) => `${routes.searchAnswer}?${params.toString()}`;

export function useSearchAnswer({ query, selected, page, enabled, initial }: SearchAnswerOptions): SearchAnswerState {
  const key = searchParamsOf({ query, selected: selected ?? noFilters(), page }).toString();
  /** The answers of this page, by search: back to an earlier search shows its answer again at once. */
  const answers = useRef(new Map<string, SearchAnswer>(initial ? [[searchParamsOf(initial).toString(), initial]] : []));
  const [shown, setShown] = useState<{ key: string; answer: SearchAnswer } | null>(() => {
    const answer = answers.current.get(key);
    return answer ? { key, answer } : null;
  });
  const [failure, setFailure] = useState<{ key: string; kind: 'offline' | 'error' } | null>(null);
  const asked = enabled && key !== '';

  /** The request on its way, if any: at most one is, and the next waits for it to end. */
  const inFlight = useRef<Promise<void> | null>(null);
  /** The search the visitor wants now: a late answer to an earlier one is kept, not shown. */
  const latest = useRef(key);
  latest.current = key;
  /** Aborts the request on its way when the island goes. */
  const unmounted = useRef(new AbortController());
  useEffect(() => {
    const controller = unmounted.current;
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!asked) return;
    const known = answers.current.get(key);
    if (known) {
      setShown({ key, answer: known });
      return;
    }
    let superseded = false;
    const send = async () => {
      // One request at a time: while one is on its way, the newest search waits for it, and a
      // search the visitor has typed past meanwhile is never sent.
      while (inFlight.current) await inFlight.current;
      if (superseded) return;
      const ready = answers.current.get(key);
      if (ready) {
        setShown({ key, answer: ready });
        return;
      }
      const { signal } = unmounted.current;
      inFlight.current = fetch(searchAnswerUrl(new URLSearchParams(key)), { signal })
        .then(async (response) => {
          if (!response.ok) throw new Error(`search answered ${response.status}`);
          const answer = (await response.json()) as SearchAnswer;
          answers.current.set(key, answer);
          if (latest.current === key) setShown({ key, answer });
        })
        .catch((error: unknown) => {
          if (signal.aborted || latest.current !== key) return;
          // A fetch that reaches no server rejects with a TypeError; an answer that is not one is an error.
          setFailure({ key, kind: error instanceof TypeError || !navigator.onLine ? 'offline' : 'error' });
        })
        .finally(() => {
          inFlight.current = null;
        });
    };
    const timer = setTimeout(() => void send(), typingPauseMs);
    return () => {
      superseded = true;
      clearTimeout(timer);
    };
    // `query` as typed, not only the search it makes: every key restarts the pause, a space
    // included, although "neon " searches for what "neon" does. Without it a space kept the pause
    // of the key before it, and "neon f" at a steady pace sent "neon" as a search of its own.
  }, [asked, key, query]);

  const failed = asked && failure?.key === key ? failure.kind : false;
  return {
    // A search that could not be answered shows no results: the last ones were for other words.
    answer: asked && !failed ? (shown?.answer ?? null) : null,
    loading: asked && !failed && shown?.key !== key,
    failed,
  };
}
